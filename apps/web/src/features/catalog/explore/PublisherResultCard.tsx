import { useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { storefrontQuery } from '../catalog-queries';
import { PublisherCard } from './PublisherCard';
import { PublisherCardSkeleton } from './PublisherCardSkeleton';

/** A publisher search result as a publisher card: its storefront gives cover, description, stats and follows. */
export function PublisherResultCard({ slug }: { slug: string }) {
  const signedIn = useLoggedIn();
  const { data, isPending, isError, refetch, isFetching } = useQuery(storefrontQuery(slug, signedIn));
  if (isPending) return <PublisherCardSkeleton />;
  if (isError) {
    return (
      <ErrorFallback
        title="This publisher could not be loaded."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return <PublisherCard publisher={data} />;
}
