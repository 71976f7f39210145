import { ANONYMOUS_NAME } from '@vitrine/domain';
import { Avatar } from '../../../ui/Avatar';
import type { UserRef } from '../catalog-types';
import { PersonLink } from '../shared/PersonLink';
import styles from './DetailTable.module.css';

/** A person in a table cell: avatar and name linking to the profile; 'Anonymous' for none. */
export function UserCell({
  user,
}: {
  user: (Pick<UserRef, 'displayName' | 'username'> & { profilePicUrl?: string | null }) | null;
}) {
  if (!user) return <span className={styles.muted}>{ANONYMOUS_NAME}</span>;
  return (
    <span className={styles.person}>
      <Avatar src={user.profilePicUrl ?? null} name={user.displayName} size={24} />
      <PersonLink profileUrl={user.username}>{user.displayName}</PersonLink>
    </span>
  );
}
