import { storefrontPath } from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Link } from '../../../ui/Link';
import { VerifiedBadge } from '../../../ui/VerifiedBadge';
import { FollowButton } from '../../social/FollowButton';
import type { Storefront } from '../catalog-types';
import { ArtworkImage } from '../shared/ArtworkImage';
import { StatValue } from '../shared/StatValue';
import { cardStats, STOREFRONT_STAT_LABELS } from '../shared/storefront-stats';
import styles from './PublisherCard.module.css';

/**
 * Publisher card (001 §2): cover, avatar, name, description, stats, Follow / Following (Unfollow on hover)
 * and a Visit Storefront link.
 */
export function PublisherCard({ publisher }: { publisher: Storefront }) {
  const href = storefrontPath(publisher.slug);
  const stats = cardStats(publisher, ['collections', 'items', 'owners', 'volume']);
  return (
    <article className={styles.card} data-testid="publisher-card" data-slug={publisher.slug}>
      <div className={styles.cover}>
        {publisher.coverPhotoUrl ? (
          <ArtworkImage src={publisher.coverPhotoUrl} alt="" sizes="(max-width: 599px) 100vw, 33vw" />
        ) : null}
      </div>
      <div className={styles.body}>
        <Avatar
          src={publisher.profilePicUrl}
          name={publisher.name}
          size={64}
          square
          className={styles.avatar}
        />
        <h3 className={styles.name}>
          <Link to={href}>{publisher.name}</Link>
          {publisher.verified ? <VerifiedBadge /> : null}
        </h3>
        {publisher.description ? <p className={styles.description}>{publisher.description}</p> : null}
        <dl className={styles.stats}>
          {stats.map((stat) => (
            <div key={stat.id}>
              <dt>{STOREFRONT_STAT_LABELS[stat.id]}</dt>
              <dd>
                <StatValue id={stat.id} value={stat.value} />
              </dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          {publisher.subscription ? (
            <FollowButton
              target={{ kind: 'publisher', slug: publisher.slug }}
              subscription={publisher.subscription}
              name={publisher.name}
            />
          ) : null}
          <ButtonLink to={href} variant="secondary">
            Visit Storefront
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
