import { useQuery } from '@tanstack/react-query';
import { collectionPath, formatCents } from '@vitrine/domain';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { MY_OFFERS_PATH } from '../auth/paths';
import { RequireAuth } from '../auth/RequireAuth';
import { collectionNiftyQuery } from '../catalog/catalog-queries';
import { ArtworkImage } from '../catalog/shared/ArtworkImage';
import { formatDate } from '../catalog/shared/time-format';
import styles from './MakeGlobalOfferPage.module.css';
import { DuplicateOfferNext, useCreateOffer } from './MakeOfferButton';
import { OfferForm } from './OfferForm';
import type { Offer } from './offers-api';

/**
 * `/makeglobaloffer/?contractAddress=…&niftyType=…` (000 §2, 001 §2), opened from a card's Make Global
 * Offer button: the work the offer is for and the offer form. The offer is a global_offer: any edition of
 * the work may be sold to it. Once made it is shown with a link to the work; a second offer on the same work
 * is refused with 000 §5's duplicate warning toast.
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
  // Gone: not found, even over what was shown.
  if (query.isError && isApiError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  // An error replaces this only when there is nothing to show: a read again that fails keeps it shown.
  if (query.data === undefined) {
    if (!query.isError) return <Skeleton width="100%" height={160} />;
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
        <p className={styles.notice}>
          Your offer applies to any edition of this work: any owner may accept it.
        </p>
        {/* What an edition costs now: an offer is weighed against it (a typo of 5000 for 50 costs money). */}
        <p className={styles.notice} data-testid="global-offer-floor">
          {nifty.floorPriceInCents === null ? (
            'No edition is listed for sale now.'
          ) : (
            <>
              Lowest listed price: {formatCents(nifty.floorPriceInCents)} ({nifty.listedCount} listed).{' '}
              <Link to={`${back}?listed=true&sort=list_price`}>See the listed editions</Link>
            </>
          )}
        </p>
        <GlobalOfferForm
          contractAddress={collection.contractAddress}
          typeNumber={nifty.typeNumber}
          floorCents={nifty.floorPriceInCents}
        />
        <Link to={back} className={styles.back} data-testid="global-offer-back">
          Back to {nifty.title}
        </Link>
      </div>
    </div>
  );
}

function GlobalOfferForm({
  contractAddress,
  typeNumber,
  floorCents,
}: {
  contractAddress: string;
  typeNumber: number;
  floorCents: number | null;
}) {
  const formId = useId();
  const [made, setMade] = useState<Offer | null>(null);
  const { busy, submit, error, failure, answered, dialogs, duplicate } = useCreateOffer(setMade);
  if (made) {
    return (
      <FormAlert tone="success" testId="global-offer-made">
        Your global offer of {formatCents(made.amountInCents)} is open until {formatDate(made.expiresAt)}. You
        can see and cancel it under <Link to={MY_OFFERS_PATH}>My offers</Link>.
      </FormAlert>
    );
  }
  return (
    <div className={styles.form}>
      {duplicate ? <DuplicateOfferNext onThisPage={false} /> : null}
      <OfferForm
        target={{ type: 'global_offer', contractAddress, niftyType: String(typeNumber) }}
        formId={formId}
        onSubmit={submit}
        error={error}
        failure={failure}
        answered={answered}
        busy={busy}
        buyNowCents={floorCents}
        anyEdition
      />
      <Button type="submit" form={formId} size="lg" loading={busy} data-testid="global-offer-submit">
        Make Global Offer
      </Button>
      {dialogs}
    </div>
  );
}
