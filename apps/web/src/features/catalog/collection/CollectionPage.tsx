import { useParams } from 'react-router';
import { CollectionScreen } from './CollectionScreen';
import { collectionTargetOf } from './collection-target';
import { NiftyScreen } from './NiftyScreen';

/**
 * Collection pages (001 §2): /marketplace/collection/{slug}, /marketplace/collection/{contractAddress}/{type}
 * and /collections/{key} (a slug, a contract address or a drop slug).
 */
export function CollectionPage() {
  const target = collectionTargetOf(useParams());
  if (target.typeNumber !== null) {
    return <NiftyScreen collectionKey={target.key} typeNumber={target.typeNumber} />;
  }
  return <CollectionScreen collectionKey={target.key} />;
}
