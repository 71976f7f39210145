import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api-client';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useLoggedIn } from '../../../app/useLoggedIn';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { itemQuery } from '../catalog-queries';
import { ItemView } from './ItemView';
import { ItemViewSkeleton } from './ItemViewSkeleton';

/** Item page: /marketplace/item/{contractAddress}/{tokenId} (000 §2, 001 §2). */
export function ItemPage() {
  const { contractAddress = '', tokenId = '' } = useParams();
  const signedIn = useLoggedIn();
  const query = useQuery(itemQuery(contractAddress, tokenId, signedIn));
  // An unknown token (404) or an address or token id that cannot be one (400): retrying cannot help, and it is not
  // found even over what was shown.
  if (
    query.isError &&
    isApiError(query.error) &&
    (query.error.statusCode === 404 || query.error.statusCode === 400)
  )
    return <NotFoundPage />;
  // Another error replaces the page only when there is nothing to show: a read again that fails (after a purchase,
  // a listing or a switch changed, a live update) keeps the item shown, and the next read tries again.
  if (query.data === undefined) {
    if (!query.isError) return <ItemViewSkeleton />;
    return (
      <div className="page-container" style={{ paddingBlock: 48 }}>
        <ErrorFallback
          title="We couldn't load this NFT."
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="item-error"
        />
      </div>
    );
  }
  return <ItemView item={query.data} />;
}
