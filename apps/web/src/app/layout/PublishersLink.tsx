import { NavLink } from 'react-router';
import { PUBLISHERS_PATH } from '../../features/auth/paths';
import { useProfile } from '../../features/auth/profile-query';
import styles from './PublishersLink.module.css';

/**
 * The Publishers entry (001 §2) for users with publisher permissions. The profile tells only whether
 * the user belongs to a publisher (`userCanCreateNiftyStores`), not which ones, so the entry is the
 * link to the publishers area rather than the one-publisher menu.
 */
export function PublishersLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { data } = useProfile();
  if (!data?.userCanCreateNiftyStores) return null;
  return (
    <NavLink
      to={PUBLISHERS_PATH}
      className={[styles.link, className].filter(Boolean).join(' ')}
      onClick={onClick}
      data-testid="nav-publishers"
    >
      Publishers
    </NavLink>
  );
}
