import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { makeGlobalOfferPath } from '@vitrine/domain';
import { type ReactNode, useState } from 'react';
import { useLoggedIn } from '../../app/useLoggedIn';
import { ButtonLink } from '../../ui/ButtonLink';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Pagination } from '../../ui/Pagination';
import { Skeleton } from '../../ui/Skeleton';
import { useProfile } from '../auth/profile-query';
import table from '../catalog/item/DetailTable.module.css';
import styles from './Offers.module.css';
import { OfferTable } from './OfferTable';
import { offerKeys, offersApi } from './offers-api';
import { useOfferPagesWithin } from './useOfferPages';

/**
 * The open global offers on a work (its collection page, /marketplace/collection/{contractAddress}/{type}),
 * highest first. A signed-in owner of an edition they could buy accepts one by picking which of their eligible
 * nifties to sell (000 §7 eligible nifties; others see no Accept); a maker may cancel theirs.
 */
export function NiftyTypeOffers({
  contractAddress,
  typeNumber,
}: {
  contractAddress: string;
  typeNumber: number;
}) {
  const signedIn = useLoggedIn();
  const viewerId = useProfile().data?.id ?? null;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...offerKeys.onNiftyType(contractAddress, typeNumber), page],
    queryFn: ({ signal }) => offersApi.onNiftyType(contractAddress, typeNumber, page, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
  const totalPages = useOfferPagesWithin(query.data?.count, page, setPage, query.isPlaceholderData);
  // Only an owner of an edition these offers could buy may accept one (000 §6): asked once there are offers.
  const hasOffers = (query.data?.results.length ?? 0) > 0;
  const eligible = useQuery({
    queryKey: offerKeys.eligibleOfNiftyType(contractAddress, typeNumber),
    queryFn: ({ signal }) => offersApi.eligibleOfNiftyType(contractAddress, typeNumber, signal),
    enabled: signedIn && hasOffers,
  });
  const canAccept = signedIn && (eligible.data?.count ?? 0) > 0;
  let body: ReactNode;
  if (query.isPending) body = <Skeleton width="100%" height={104} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorFallback
        title="We couldn't load the offers."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="global-offers-error"
      />
    );
  else if (query.data.results.length === 0)
    body = (
      <p className={table.empty} data-testid="global-offers-empty">
        No global offers yet.
      </p>
    );
  else
    body = (
      <>
        <OfferTable
          offers={query.data.results}
          viewerId={viewerId}
          acceptFor={() => (canAccept ? null : false)}
          testId="global-offers"
        />
        <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Global offer pages" />
      </>
    );
  return (
    <div className={styles.tableArea}>
      {body}
      <p>
        <ButtonLink
          to={makeGlobalOfferPath(contractAddress, typeNumber)}
          variant="secondary"
          data-testid="nifty-global-offer"
        >
          Make Global Offer
        </ButtonLink>
      </p>
    </div>
  );
}
