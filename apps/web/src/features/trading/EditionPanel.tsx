import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { itemPath, PACK_LISTED_MESSAGE } from '@vitrine/domain';
import type { EditionInfo, PackOpening } from '@vitrine/domain/trading-responses';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { withAuthRetry } from '../auth/authed-request';
import { authKeys } from '../auth/query-keys';
import { catalogKeys } from '../catalog/query-keys';

/** A key per user action, so a repeated request runs once (decision 007). */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const editionsApi = {
  info: (contractAddress: string, tokenId: string, signal?: AbortSignal) =>
    api.get<EditionInfo>(`/v2/editions/${contractAddress}/${tokenId}`, signal ? { signal } : {}),
  openPack: (contractAddress: string, tokenId: string) =>
    withAuthRetry(() => api.post<PackOpening>(`/v2/editions/${contractAddress}/${tokenId}/open`, {}, once())),
};

/** Under the user's keys: whether the viewer owns the pack changes with who is signed in. */
const editionKey = (contractAddress: string, tokenId: string) =>
  [...authKeys.user(), 'edition', contractAddress.toLowerCase(), tokenId] as const;

/** A token's edition facts (a pack sealed or opened, a blind edition's reveal): this panel's and the item page's. */
export const editionQuery = (contractAddress: string, tokenId: string) => ({
  queryKey: editionKey(contractAddress, tokenId),
  queryFn: ({ signal }: { signal: AbortSignal }) => editionsApi.info(contractAddress, tokenId, signal),
  staleTime: 30_000,
});

/**
 * The item page's edition facts (decision 016): a sealed pack with "Open pack" for its owner, an opened
 * pack's contents, a blind edition's artwork once revealed (or that it is still hidden).
 */
export function EditionPanel({
  contractAddress,
  tokenId,
  listed = false,
}: {
  contractAddress: string;
  tokenId: string;
  /** The token is listed for sale: a listed pack is not opened (said before the click, not after it). */
  listed?: boolean;
}) {
  const queryClient = useQueryClient();
  const key = editionKey(contractAddress, tokenId);
  const info = useQuery(editionQuery(contractAddress, tokenId));
  // A double click sends one request: the second click sends nothing while the first is in flight.
  const once = useSubmitOnce();
  // Opening is final: asked first (QA 2026-12-07: one click opened it).
  const [confirming, setConfirming] = useState(false);
  const open = useMutation({
    mutationFn: () => editionsApi.openPack(contractAddress, tokenId),
    onSuccess: async () => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.items() });
    },
  });
  const data = info.data;
  if (!data || data.kind === null) return null;
  if (data.kind === 'blind') {
    return (
      <section aria-label="Blind edition" data-testid="edition-blind">
        {data.revealed ? (
          <>
            <h2>Revealed: {data.revealed.name}</h2>
            <img
              src={data.revealed.assetUrl}
              alt={data.revealed.name}
              width={240}
              data-testid="edition-revealed"
            />
          </>
        ) : (
          <p>Blind edition: its artwork is revealed when the sale ends.</p>
        )}
      </section>
    );
  }
  const contents = open.data?.contents ?? data.contents;
  return (
    <section aria-label="Pack" data-testid="edition-pack">
      {data.opened || contents.length > 0 ? (
        <>
          <h2>Pack contents</h2>
          <ul data-testid="pack-contents">
            {contents.map((c) => (
              <li key={c.tokenId} data-testid="pack-item">
                <Link to={itemPath(c.contractAddress, c.tokenId)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            Sealed pack of {data.packSize ?? 1} item{data.packSize === 1 ? '' : 's'}: what is inside is drawn
            at random when it is opened.
          </p>
          {data.isOwner ? (
            <Button
              size="lg"
              loading={open.isPending}
              disabled={listed}
              onClick={() => {
                // A failure of the last try does not stand in the new question (review 2026-12-07).
                open.reset();
                setConfirming(true);
              }}
              data-testid="open-pack"
            >
              Open pack
            </Button>
          ) : null}
          <Dialog
            open={confirming}
            onClose={() => {
              if (!open.isPending) setConfirming(false);
            }}
            title="Open this pack?"
            confirmLabel="Open pack"
            loading={open.isPending}
            onConfirm={() => once.send(open, undefined)}
            testId="open-pack-dialog"
          >
            <p>
              Opening is final: the pack becomes the {data.packSize === 1 ? 'item' : 'items'} inside it, and
              it can no longer be sold or listed as a sealed pack.
            </p>
            {open.error ? <FormAlert testId="open-pack-error">{open.error.message}</FormAlert> : null}
          </Dialog>
          {data.isOwner && listed ? <p data-testid="open-pack-listed">{PACK_LISTED_MESSAGE}.</p> : null}
        </>
      )}
    </section>
  );
}
