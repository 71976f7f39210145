import { collectionPath, formatCount, storefrontPath } from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import { Link } from '../../../ui/Link';
import { Price } from '../../../ui/Price';
import { LikeButton } from '../../social/LikeButton';
import type { CollectionCard as CollectionCardData } from '../catalog-types';
import { ArtworkImage } from './ArtworkImage';
import styles from './CollectionCard.module.css';
import { CountdownChip } from './CountdownChip';
import { centsPrice } from './price-props';

export const COLLECTION_CARD_SIZES = '(max-width: 599px) 100vw, (max-width: 1279px) 50vw, 33vw';

/** A collection in explore: cover, countdown chip, title, publisher, floor price and listed items. */
export function CollectionCard({
  collection,
  priority = false,
}: {
  collection: CollectionCardData;
  priority?: boolean;
}) {
  return (
    <article className={styles.card} data-testid="collection-card" data-slug={collection.slug}>
      <div className={styles.media}>
        {collection.imageUrl ? (
          <ArtworkImage
            src={collection.imageUrl}
            alt={collection.title}
            sizes={COLLECTION_CARD_SIZES}
            priority={priority}
          />
        ) : null}
        <div className={styles.overlay}>
          <CountdownChip start={collection.startDate} end={collection.endDate} />
        </div>
        <LikeButton
          target={{ kind: 'collection', contractAddress: collection.contractAddress }}
          likes={collection.likes}
          className={styles.save}
        />
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={collectionPath(collection.slug)} className={styles.titleLink}>
            {collection.title}
          </Link>
        </h3>
        <p className={styles.publisher}>
          <Avatar
            src={collection.publisher.profilePicUrl}
            name={collection.publisher.name}
            size={22}
            square
          />
          <Link to={storefrontPath(collection.publisher.slug)} className={styles.innerLink}>
            {collection.publisher.name}
          </Link>
        </p>
        <dl className={styles.stats}>
          <div>
            <dt>Floor</dt>
            <dd>
              {collection.floorPriceInCents === null ? (
                '—'
              ) : (
                <Price {...centsPrice(collection.floorPriceInCents)} />
              )}
            </dd>
          </div>
          <div>
            <dt>Listed</dt>
            <dd>{formatCount(collection.listedCount)}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{formatCount(collection.mintedEditions)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
