import { collectionPath, collectionStatus } from '@vitrine/domain';
import { useNow } from '../../../lib/useNow';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Countdown } from '../../../ui/Countdown';
import { Link } from '../../../ui/Link';
import type { CollectionCard } from '../catalog-types';
import { ArtworkImage } from '../shared/ArtworkImage';
import { CreatorLinks } from '../shared/CreatorLinks';
import styles from './PromotedCollectionCard.module.css';

/**
 * Promoted collection card (001 §4): before the start a 'Starts in' countdown, while live a 'Live Drop Ends
 * in' countdown, afterwards a 'Buy this Collection' button.
 */
export function PromotedCollectionCard({ collection }: { collection: CollectionCard }) {
  const now = useNow(1000 * 30);
  const status = collectionStatus(collection.startDate, collection.endDate, now) ?? collection.status;
  const href = collectionPath(collection.slug);
  return (
    <article className={styles.card} data-testid="promoted-collection-card" data-status={status}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        {collection.imageUrl ? (
          <ArtworkImage src={collection.imageUrl} alt="" sizes="(max-width: 959px) 100vw, 40vw" />
        ) : null}
      </Link>
      <div className={styles.body}>
        <p className={styles.eyebrow}>
          {status === 'live' ? 'Live drop' : status === 'upcoming' ? 'Upcoming drop' : 'Featured collection'}
        </p>
        <h2 className={styles.title}>
          <Link to={href}>{collection.title}</Link>
        </h2>
        <p className={styles.publisher}>by {collection.publisher.name}</p>
        {collection.description ? <p className={styles.description}>{collection.description}</p> : null}
        <CreatorLinks creators={collection.creators} />
        <div className={styles.state}>
          {status === 'upcoming' ? (
            <Countdown to={collection.startDate} label="Starts in" className={styles.countdown} />
          ) : status === 'live' ? (
            <Countdown to={collection.endDate} label="Live Drop Ends in" className={styles.countdown} />
          ) : (
            <ButtonLink to={href} size="lg">
              Buy this Collection
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
