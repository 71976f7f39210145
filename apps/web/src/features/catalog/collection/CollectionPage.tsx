import { useParams } from 'react-router';
import { CollectionScreen } from './CollectionScreen';
import { NiftyScreen } from './NiftyScreen';

/**
 * Collection pages (001 §2): /marketplace/collection/{slug}, /marketplace/collection/{contractAddress}/{type}
 * and /collections/{key} (a slug, a contract address or a drop slug).
 */
export function CollectionPage() {
  const params = useParams();
  const segments = (params.key ?? params['*'] ?? '').split('/').filter(Boolean);
  const [key = '', type] = segments;
  if (type !== undefined && /^\d{1,9}$/.test(type) && segments.length === 2) {
    return <NiftyScreen collectionKey={key} typeNumber={Number(type)} />;
  }
  return <CollectionScreen collectionKey={segments.length === 1 ? key : ''} />;
}
