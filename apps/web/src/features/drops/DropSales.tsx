import { useQuery } from '@tanstack/react-query';
import type { HomeDrop } from '@vitrine/domain/catalog-responses';
import { Link } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Skeleton } from '../../ui/Skeleton';
import { DropSaleCard } from './DropSaleCard';
import styles from './DropSales.module.css';
import { dropEligibilityQuery, dropQuery } from './drop-queries';

/**
 * A drop's sales on its page (decision 015): every collection of the drop, each with the sale card of each of
 * its works. Eligibility is asked for the whole drop at once (signed out: 'Eligibility Required').
 */
export function DropSales({
  slug,
  collections,
}: {
  slug: string;
  collections: readonly { slug: string; name: string; contractAddress: string }[];
}) {
  const signedIn = useLoggedIn();
  const drop = useQuery(dropQuery(slug));
  const eligibility = useQuery(dropEligibilityQuery(slug, signedIn));
  // An error only when there is nothing to show: a read again that fails (a live sale's refresh) keeps the drop.
  if (drop.isError && !drop.data) {
    return (
      <ErrorFallback
        title="We couldn't load this drop's sales."
        message={drop.error.message}
        onRetry={() => void drop.refetch()}
        retrying={drop.isFetching}
      />
    );
  }
  if (!drop.data) return <Skeleton height={320} />;
  const data: HomeDrop = drop.data;
  const byNifty = new Map(
    (eligibility.data?.results ?? []).map((e) => [`${e.contractAddress.toLowerCase()}:${e.niftyType}`, e]),
  );
  return (
    <div className={styles.sales} data-testid="drop-sales">
      {collections.map((collection) => {
        const cards = data.cards.filter(
          (c) => c.contractAddress.toLowerCase() === collection.contractAddress.toLowerCase(),
        );
        return (
          <section
            key={collection.slug}
            className={styles.collection}
            aria-label={`Drop sales in ${collection.name}`}
            data-testid="drop-sales-collection"
            data-collection={collection.slug}
          >
            <h2 className={styles.heading}>
              <Link to={`/collections/${encodeURIComponent(collection.slug)}`}>{collection.name}</Link>
            </h2>
            <div className={styles.grid}>
              {cards.map((card) => (
                <DropSaleCard
                  key={`${card.contractAddress}:${card.typeNumber}`}
                  card={card}
                  dropType={data.dropType}
                  signedIn={signedIn}
                  eligibilityLoading={signedIn && eligibility.isPending}
                  eligibility={byNifty.get(`${card.contractAddress.toLowerCase()}:${card.typeNumber}`)}
                />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
