import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Pagination } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { Skeleton } from '../../ui/Skeleton';
import table from '../catalog/item/DetailTable.module.css';
import { centsPrice } from '../catalog/shared/price-props';
import styles from './Offers.module.css';
import { OfferTable } from './OfferTable';
import { offerKeys, offersApi } from './offers-api';
import { useOfferPagesWithin } from './useOfferPages';

/** A page of the open offers that could buy a token, highest first (page 1 also gives the highest offer). */
export function tokenOffersQuery(contractAddress: string, tokenId: string, page = 1) {
  return {
    queryKey: [...offerKeys.onToken(contractAddress, tokenId), page] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      offersApi.onToken(contractAddress, tokenId, page, signal),
  };
}

/** The highest open offer that could buy the token (the price card's line); space kept while loading. */
export function HighestOffer({ contractAddress, tokenId }: { contractAddress: string; tokenId: string }) {
  const query = useQuery(tokenOffersQuery(contractAddress, tokenId));
  const best = query.data?.results[0];
  return (
    <div className={styles.highest} data-testid="item-highest-offer">
      <span className={styles.highestLabel}>Highest offer</span>
      {query.isPending ? (
        <Skeleton width={90} height={20} />
      ) : best ? (
        <Price {...centsPrice(best.amountInCents)} />
      ) : (
        <span className={styles.muted}>{query.isError ? '—' : 'No offers yet'}</span>
      )}
    </div>
  );
}

/**
 * The Offers panel of an item: every open offer that could buy it (token offers, global offers on its nifty
 * type, matching attribute offers), highest first. The maker may cancel theirs; the owner may accept.
 */
export function ItemOffersPanel({
  contractAddress,
  tokenId,
  viewerId,
  viewerOwns,
  buyNowCents = null,
}: {
  contractAddress: string;
  tokenId: string;
  viewerId: number | null;
  viewerOwns: boolean;
  /** The item's Buy Now price in cents while it is listed in USD (a new amount at or above it is pointed out). */
  buyNowCents?: number | null;
}) {
  const [page, setPage] = useState(1);
  // The page shown stays while the next one loads.
  const query = useQuery({
    ...tokenOffersQuery(contractAddress, tokenId, page),
    placeholderData: keepPreviousData,
  });
  const totalPages = useOfferPagesWithin(query.data?.count, page, setPage, query.isPlaceholderData);
  // An error replaces the offers only when there are none to show: a read again that fails (after an offer was
  // made, cancelled or accepted) keeps them shown.
  if (query.data === undefined) {
    if (!query.isError) return <Skeleton width="100%" height={104} />;
    return (
      <ErrorFallback
        title="We couldn't load the offers."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="item-offers-error"
      />
    );
  }
  if (query.data.results.length === 0)
    return (
      <p className={table.empty} data-testid="item-offers-empty">
        No offers yet.
      </p>
    );
  return (
    <>
      <OfferTable
        offers={query.data.results}
        viewerId={viewerId}
        acceptFor={() => (viewerOwns ? { contractAddress, tokenId } : false)}
        testId="item-offers"
        buyNowCents={buyNowCents}
      />
      <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Offer pages" />
    </>
  );
}
