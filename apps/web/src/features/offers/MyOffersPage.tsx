import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { useLastPageInstead } from '../../ui/useLastPageInstead';
import { useProfile } from '../auth/profile-query';
import { RequireAuth } from '../auth/RequireAuth';
import table from '../catalog/item/DetailTable.module.css';
import styles from './Offers.module.css';
import { OfferTable } from './OfferTable';
import { OFFER_PAGE_SIZE, type Offer, offerKeys, offersApi } from './offers-api';

type Scope = 'made' | 'received';
type Status = 'open' | 'all';

/** /account/offers: the offers the user made (cancel) and received on their NFTs (accept), paginated. */
export function MyOffersPage() {
  return (
    <Page title="My offers" testId="my-offers-page">
      <RequireAuth>
        <MyOffers />
      </RequireAuth>
    </Page>
  );
}

function MyOffers() {
  // The tab, the filter and the page live in the address (?scope=received&status=all&page=2): a reload (an accept
  // reloads the page, 000 §4) or a shared link opens the same view.
  const [params, setParams] = useSearchParams();
  const scope: Scope = params.get('scope') === 'received' ? 'received' : 'made';
  const status: Status = params.get('status') === 'all' ? 'all' : 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next > 1) p.set('page', String(next));
        else p.delete('page');
        return p;
      },
      { replace: true },
    );
  const viewerId = useProfile().data?.id ?? null;
  const query = useQuery({
    queryKey: offerKeys.minePage(scope, status, page),
    queryFn: ({ signal }) => offersApi.mine(scope, status, page, signal),
    // The last page shown stays while the next page of the same list loads; another tab or filter starts from its
    // skeleton (kept, Received would show one's own made offers, or Made's 'none' for a while).
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey;
      return key && key[key.length - 3] === scope && key[key.length - 2] === status ? previous : undefined;
    },
  });
  const choose = (next: { scope?: Scope; status?: Status }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        const nextScope = next.scope ?? scope;
        const nextStatus = next.status ?? status;
        if (nextScope === 'received') p.set('scope', nextScope);
        else p.delete('scope');
        if (nextStatus === 'all') p.set('status', nextStatus);
        else p.delete('status');
        p.delete('page');
        return p;
      },
      { replace: true },
    );
  // A page left empty while others are not (its last offers cancelled or accepted, or an old link): the last page
  // with offers, instead of 'You have not made any offers'.
  useLastPageInstead(
    page,
    query.data && !query.isPlaceholderData
      ? Math.max(1, Math.ceil(query.data.count / OFFER_PAGE_SIZE))
      : null,
    setPage,
  );
  // A received token offer names the token to sell; a global or attribute one asks which eligible NFT.
  const acceptFor = (offer: Offer) =>
    scope !== 'received'
      ? false
      : offer.type === 'offer' && offer.tokenId
        ? { contractAddress: offer.UnmintedBuilderNifty.niftyContractAddress, tokenId: offer.tokenId }
        : null;

  let body: ReactNode;
  if (query.isPending) body = <Skeleton width="100%" height={160} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorFallback
        title="We couldn't load your offers."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="my-offers-error"
      />
    );
  else if (query.data.results.length === 0)
    body = (
      <p className={table.empty} data-testid="my-offers-empty">
        {scope === 'made' ? 'You have not made any offers' : 'You have not received any offers'}
        {status === 'open' ? ' that are open.' : '.'}
      </p>
    );
  else
    body = (
      <>
        <OfferTable
          offers={query.data.results}
          viewerId={viewerId}
          acceptFor={acceptFor}
          showTarget
          showMaker={scope !== 'made'}
          showStatus={status === 'all'}
          testId="my-offers"
        />
        <Pagination
          page={page}
          totalPages={Math.max(1, Math.ceil(query.data.count / OFFER_PAGE_SIZE))}
          onChange={setPage}
          label="Offer pages"
        />
      </>
    );

  return (
    <>
      <fieldset className={styles.tabs} aria-label="Which offers">
        <Button
          size="sm"
          variant={scope === 'made' ? 'primary' : 'secondary'}
          aria-pressed={scope === 'made'}
          onClick={() => choose({ scope: 'made' })}
          data-testid="my-offers-made"
        >
          Made
        </Button>
        <Button
          size="sm"
          variant={scope === 'received' ? 'primary' : 'secondary'}
          aria-pressed={scope === 'received'}
          onClick={() => choose({ scope: 'received' })}
          data-testid="my-offers-received"
        >
          Received
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={status === 'all'}
          onClick={() => choose({ status: status === 'open' ? 'all' : 'open' })}
          data-testid="my-offers-status"
        >
          {status === 'open' ? 'Show past offers too' : 'Show open offers only'}
        </Button>
      </fieldset>
      <div className={styles.tableArea}>{body}</div>
    </>
  );
}
