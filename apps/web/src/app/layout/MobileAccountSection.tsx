import { formatCents } from '@vitrine/domain';
import { useEffect } from 'react';
import { Avatar } from '../../features/auth/Avatar';
import { ACCOUNT_SETTINGS_PATH, MY_OFFERS_PATH, PROFILE_VALIDATION_PATH } from '../../features/auth/paths';
import { greetingName, useProfile } from '../../features/auth/profile-query';
import { useSignOut } from '../../features/auth/useSignOut';
import { DASHBOARD_PATH } from '../../features/dashboard/dashboard-format';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import styles from './MobileMenu.module.css';
import { MobilePublishersLinks } from './PublishersLink';

/**
 * The hamburger menu's account part when logged in: 'Hello {name}!', account links, Sign Out. The balance is read
 * again each time the menu opens, as the account menu does (the menu stays mounted while hidden).
 */
export function MobileAccountSection({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useProfile();
  const user = profile.data;
  const { refetch } = profile;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const { signOut, pending } = useSignOut();
  const name = greetingName(user);
  return (
    <nav className={styles.group} aria-label="Account">
      <div className={styles.account}>
        <Avatar name={name || user?.email || ''} src={user?.profilePicUrl} size={40} />
        <p className={styles.greeting}>{name ? `Hello ${name}!` : 'Hello!'}</p>
      </div>
      {user ? (
        <Link to={`/profile/${user.profileUrl}`} className={styles.link} onClick={onClose}>
          My profile
        </Link>
      ) : null}
      <Link to={DASHBOARD_PATH} className={styles.link} onClick={onClose}>
        Dashboard{user ? ` · ${formatCents(user.account_balance_in_cents)}` : ''}
        {/* What offers, bids or drawing entries hold is not spendable: as the account menu, say what is. */}
        {user && user.available_balance_in_cents < user.account_balance_in_cents ? (
          <span className={styles.available}>
            {' '}
            ({formatCents(user.available_balance_in_cents)} available)
          </span>
        ) : null}
      </Link>
      <Link to={MY_OFFERS_PATH} className={styles.link} onClick={onClose}>
        My offers
      </Link>
      <Link to={ACCOUNT_SETTINGS_PATH} className={styles.link} onClick={onClose}>
        Account settings
      </Link>
      <Link to={PROFILE_VALIDATION_PATH} className={styles.link} onClick={onClose}>
        Profile validation
      </Link>
      <MobilePublishersLinks className={styles.link} onClick={onClose} />
      <Button
        variant="secondary"
        size="lg"
        className={styles.signOut}
        loading={pending}
        onClick={() => void signOut().then(onClose)}
      >
        Sign Out
      </Button>
    </nav>
  );
}
