import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCents, PUBLISHER_FEE_CENTS } from '@vitrine/domain';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Dialog } from '../../ui/Dialog';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { useToast } from '../../ui/useToast';
import { RequireAuth } from '../auth/RequireAuth';
import { formatDateTime } from '../catalog/shared/time-format';
import styles from './Studio.module.css';
import { StudioIntro } from './StudioIntro';
import { type StudioDrop, studioApi, studioKeys } from './studio-api';
import { canDelete, isReadOnly, studioStatusLabel } from './studio-model';

/** The app's one date format ('Dec 6, 2026, 6:26 PM'), not the browser's locale. */
const dateText = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/**
 * `/publishers/{slug}/drops` (001 §2 "Drop list", page size 20): the publisher's drops with their status
 * (Unpublished, Published, Live, Closed, Error), Create a Drop, Delete for drafts; live and closed drops
 * open read-only.
 */
export function DropListPage() {
  return (
    <Page title="Drops" description="Build, preview and publish your drops." testId="publisher-drops-page">
      <StudioIntro />
      <RequireAuth>
        <DropList />
      </RequireAuth>
    </Page>
  );
}

function DropList() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<StudioDrop | null>(null);
  const drops = useQuery({
    queryKey: studioKeys.dropPage(slug, page),
    queryFn: ({ signal }) => studioApi.listDrops(slug, page, signal),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: () => studioApi.createDrop(slug),
    onSuccess: async (drop) => {
      await queryClient.invalidateQueries({ queryKey: studioKeys.drops(slug) });
      void navigate(`/publishers/${encodeURIComponent(slug)}/drops/${drop.id}`);
    },
  });
  // One request at a time: a double click would create two drafts, or send a second delete whose refusal
  // shows in the next delete dialog.
  const once = useSubmitOnce();
  // Whether the drop being deleted has its publisher fee paid: the dialog says it is not refunded.
  const feeCheck = useQuery({
    queryKey: [...studioKeys.drops(slug), 'fee-paid', deleting?.id ?? 0],
    queryFn: ({ signal }) => studioApi.publishCheck(slug, deleting?.id ?? 0, signal),
    enabled: deleting !== null,
    staleTime: 0,
  });
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (id: number) => studioApi.deleteDrop(slug, id),
    onSuccess: async (answer) => {
      setDeleting(null);
      if (answer.publisherFeeRefundedInCents > 0)
        toast.success(
          `Drop deleted. Its ${formatCents(answer.publisherFeeRefundedInCents)} publisher fee is back on the balance of the member who paid it.`,
        );
      await queryClient.invalidateQueries({ queryKey: studioKeys.drops(slug) });
    },
  });

  const actions = (
    <div className={styles.toolbar}>
      <Button
        onClick={() => once.send(create, undefined)}
        loading={create.isPending}
        data-testid="create-drop"
      >
        Create a Drop
      </Button>
      <ButtonLink to={`/publishers/${encodeURIComponent(slug)}`} variant="secondary">
        View your Storefront
      </ButtonLink>
    </div>
  );

  let body: React.ReactNode;
  if (drops.isPending) {
    body = (
      <ul className={styles.dropList} aria-busy="true" data-testid="drop-list-loading">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.dropRow}>
            <Skeleton width={260} height={22} />
          </li>
        ))}
      </ul>
    );
  } else if (drops.isError) {
    body = (
      <ErrorFallback
        title="We couldn't load your drops."
        message={drops.error.message}
        onRetry={() => void drops.refetch()}
        retrying={drops.isFetching}
        testId="drop-list-error"
      />
    );
  } else if (drops.data.results.length === 0) {
    body = (
      <p className={styles.empty} data-testid="drop-list-empty">
        You have no drops yet. Create a Drop to start building one.
      </p>
    );
  } else {
    body = (
      <>
        <ul className={styles.dropList} data-testid="drop-list">
          {drops.data.results.map((drop) => {
            const label = studioStatusLabel(drop);
            const to = `/publishers/${encodeURIComponent(slug)}/drops/${drop.id}`;
            return (
              <li key={drop.id} className={styles.dropRow} data-testid="drop-row" data-drop-id={drop.id}>
                <div className={styles.dropMain}>
                  <Link to={to} className={styles.dropTitle}>
                    {drop.title}
                  </Link>
                  <span className={styles.dropDates} data-testid="drop-dates">
                    {dateText(drop.saleStartDateTime)} – {dateText(drop.saleEndDateTime)}
                  </span>
                </div>
                {/* The drop's proceeds after the platform's share, before the primary split divides them (decision
                    017): what the publisher receives is in Dashboard → Sales, so this one says whose it is. */}
                <span className={styles.dropSales} data-testid="drop-sales">
                  {drop.editionsSold ?? 0} sold · {formatCents(drop.proceedsInCents ?? 0)} proceeds to all
                  payees
                </span>
                <span className={styles.status} data-status={label} data-testid="drop-status-label">
                  {label}
                </span>
                <span className={styles.rowActions}>
                  <ButtonLink to={to} variant="secondary" size="sm">
                    {isReadOnly(label) ? 'View' : 'Edit'}
                  </ButtonLink>
                  {canDelete(label) ? (
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(drop)}>
                      Delete
                    </Button>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
        <Pagination
          page={page}
          totalPages={drops.data.total_pages}
          label="Drop pages"
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      </>
    );
  }

  return (
    <>
      {actions}
      {create.isError ? <FormAlert testId="create-drop-error">{create.error.message}</FormAlert> : null}
      {body}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this drop?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) once.send(remove, deleting.id);
        }}
        testId="delete-drop-dialog"
      >
        <p>“{deleting?.title}” and its NFTs will be deleted. This cannot be undone.</p>
        {/* A draft whose fee is paid: where the fee goes (QA 2026-12-07: it went with the draft, without a word). */}
        {feeCheck.data?.publisherFeePaid ? (
          <FormAlert tone="info" testId="delete-drop-fee-paid">
            The {formatCents(PUBLISHER_FEE_CENTS)} publisher fee paid for this drop goes back to the Vitrine
            balance of the member who paid it.
          </FormAlert>
        ) : null}
        {remove.isError ? <FormAlert>{remove.error.message}</FormAlert> : null}
      </Dialog>
    </>
  );
}
