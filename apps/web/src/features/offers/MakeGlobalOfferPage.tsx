import { useQuery } from '@tanstack/react-query';
import { collectionPath } from '@vitrine/domain';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useLoggedIn } from '../../app/useLoggedIn';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { RequireAuth } from '../auth/RequireAuth';
import { collectionNiftyQuery } from '../catalog/catalog-queries';
import { ArtworkImage } from '../catalog/shared/ArtworkImage';
import styles from './MakeGlobalOfferPage.module.css';

/**
 * `/makeglobaloffer/?contractAddress=…&niftyType=…` (001 §2), opened from a card's Make Global
 * Offer button: names the work the offer is for. Placing offers belongs to the trading area, which
 * is not built yet, and the page says so instead of pretending.
 */
export function MakeGlobalOfferPage() {
  const [params] = useSearchParams();
  const contractAddress = params.get('contractAddress') ?? '';
  const typeNumber = Number(params.get('niftyType'));
  if (!/^0x[0-9a-fA-F]{40}$/.test(contractAddress) || !Number.isInteger(typeNumber) || typeNumber < 0) {
    return <NotFoundPage />;
  }
  return (
    <Page title="Make Global Offer" testId="make-global-offer-page">
      <RequireAuth>
        <OfferTarget contractAddress={contractAddress} typeNumber={typeNumber} />
      </RequireAuth>
    </Page>
  );
}

function OfferTarget({ contractAddress, typeNumber }: { contractAddress: string; typeNumber: number }) {
  const signedIn = useLoggedIn();
  const query = useQuery(collectionNiftyQuery(contractAddress, typeNumber, signedIn));
  if (query.isPending) return <Skeleton width="100%" height={160} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
    return (
      <ErrorFallback
        title="We couldn't load this work."
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { collection, nifty } = query.data;
  const back = collectionPath(collection.contractAddress, nifty.typeNumber);
  return (
    <div className={styles.target}>
      <div className={styles.art}>
        <ArtworkImage src={nifty.asset.src} alt={nifty.title} sizes="160px" />
      </div>
      <div>
        <h2 className={styles.title}>{nifty.title}</h2>
        <p className={styles.muted}>{collection.title}</p>
        <p className={styles.notice} data-testid="offers-unavailable">
          Global offers are not open yet. An offer here will apply to any edition of this work.
        </p>
        <Link to={back} className={styles.back}>
          Back to {nifty.title}
        </Link>
      </div>
    </div>
  );
}
