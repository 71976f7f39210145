import { BIO_PREVIEW_LENGTH, formatCount, storefrontPath } from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Price } from '../../../ui/Price';
import { VerifiedBadge } from '../../../ui/VerifiedBadge';
import type { UserProfile } from '../catalog-types';
import { PersonLink } from './PersonLink';
import styles from './ProfileCard.module.css';
import { centsPrice } from './price-props';

export interface ProfileCardProps {
  profile: UserProfile;
  /** The hover card's compact layout. */
  compact?: boolean;
}

function bioPreview(bio: string): string {
  return bio.length > BIO_PREVIEW_LENGTH ? `${bio.slice(0, BIO_PREVIEW_LENGTH).trimEnd()}…` : bio;
}

/**
 * Profile card (001 §3: picture, title, verification, total collections, total volume, profile URL, bio
 * preview of 104 characters), with 'View Collections' and 'View in Marketplace' linking to /{profileUrl}.
 */
export function ProfileCard({ profile, compact = false }: ProfileCardProps) {
  const storefront = storefrontPath(profile.profileUrl);
  return (
    <div className={`${styles.card} ${compact ? styles.compact : ''}`} data-testid="profile-card">
      <div className={styles.head}>
        <Avatar src={profile.profilePicUrl} name={profile.name} size={compact ? 48 : 64} />
        <div className={styles.names}>
          <p className={styles.title}>
            <PersonLink profileUrl={profile.profileUrl} className={styles.nameLink}>
              {profile.name}
            </PersonLink>
            {profile.verificationType === 'verified' ? <VerifiedBadge /> : null}
          </p>
          <p className={styles.handle}>@{profile.profileUrl}</p>
        </div>
      </div>
      {profile.bio ? <p className={styles.bio}>{bioPreview(profile.bio)}</p> : null}
      <dl className={styles.stats}>
        <div>
          <dt>Collections</dt>
          <dd>{formatCount(profile.totalCollections)}</dd>
        </div>
        <div>
          <dt>Total volume</dt>
          <dd>
            <Price {...centsPrice(profile.totalVolume)} />
          </dd>
        </div>
      </dl>
      {profile.creator ? (
        <div className={styles.actions}>
          <ButtonLink to={storefront} size="sm" variant="secondary">
            View Collections
          </ButtonLink>
          <ButtonLink to={storefront} size="sm" variant="ghost">
            View in Marketplace
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
