import { CREATOR_AVATARS_MAX } from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import type { Creator } from '../catalog-types';
import styles from './CreatorLinks.module.css';
import { PersonLink } from './PersonLink';
import { ProfileHoverCard } from './ProfileHoverCard';

export interface CreatorLinksProps {
  creators: readonly Creator[];
  className?: string;
}

/** The artists of a work: up to 4 avatars (001 §9), names linking to their profiles with a hover card. */
export function CreatorLinks({ creators, className }: CreatorLinksProps) {
  if (creators.length === 0) return null;
  const shown = creators.slice(0, CREATOR_AVATARS_MAX);
  return (
    <div className={[styles.creators, className].filter(Boolean).join(' ')} data-testid="creator-links">
      <span className={styles.avatars} aria-hidden="true">
        {shown.map((creator) => (
          <Avatar
            key={creator.id}
            src={creator.profilePicUrl}
            name={creator.name}
            size={22}
            className={styles.avatar}
          />
        ))}
      </span>
      <span className={styles.names}>
        {shown.map((creator, index) => (
          <span key={creator.id}>
            {index > 0 ? ', ' : null}
            <ProfileHoverCard profileUrl={creator.profileUrl}>
              <PersonLink profileUrl={creator.profileUrl} className={styles.link}>
                {creator.name}
              </PersonLink>
            </ProfileHoverCard>
          </span>
        ))}
        {creators.length > shown.length ? ` +${creators.length - shown.length}` : null}
      </span>
    </div>
  );
}
