import { formatCents } from '@vitrine/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../features/auth/Avatar';
import { ACCOUNT_SETTINGS_PATH, MY_OFFERS_PATH, PROFILE_VALIDATION_PATH } from '../../features/auth/paths';
import { greetingName, useProfile } from '../../features/auth/profile-query';
import { useSignOut } from '../../features/auth/useSignOut';
import { DASHBOARD_DEPOSIT_PATH, DASHBOARD_PATH } from '../../features/dashboard/dashboard-format';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import styles from './AccountMenu.module.css';

/**
 * The avatar menu of the navigation bar when logged in (001 §2): 'Hello {name}!', the balance
 * (account_balance_in_cents, fetched again each time the menu opens: a sale moves it from elsewhere), the
 * dashboard and account links, and a Sign Out item.
 */
export function AccountMenu() {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const profile = useProfile();
  const { signOut, pending } = useSignOut();
  const user = profile.data ?? null;
  const name = greetingName(user);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        rootRef.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={rootRef} className={styles.root} data-testid="account-menu">
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Account menu"
        onClick={() => {
          if (!open && !profile.isFetching) void profile.refetch();
          setOpen((value) => !value);
        }}
        data-testid="account-menu-button"
      >
        {profile.isPending ? (
          <Skeleton variant="circle" width={36} height={36} />
        ) : (
          <Avatar name={name || user?.email || ''} src={user?.profilePicUrl} />
        )}
        <svg
          className={styles.chevron}
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          aria-hidden="true"
        >
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <div className={styles.panel}>
          <div className={styles.header}>
            {profile.isPending ? (
              <Skeleton width={140} />
            ) : (
              <p className={styles.greeting} data-testid="account-greeting">
                {name ? `Hello ${name}!` : 'Hello!'}
              </p>
            )}
            {user?.email ? <p className={styles.email}>{user.email}</p> : null}
            {user ? (
              <p className={styles.balance}>
                Balance{' '}
                <Link
                  to={DASHBOARD_DEPOSIT_PATH}
                  className={styles.balanceAmount}
                  onClick={close}
                  data-testid="account-balance"
                >
                  {formatCents(user.account_balance_in_cents)}
                </Link>
              </p>
            ) : null}
            {/* What offers, bids and drawing entries hold is not spendable: the payment dialogs offer only
                what is available, so the menu says it too (the Dashboard's balance line explains the hold). */}
            {user && user.available_balance_in_cents < user.account_balance_in_cents ? (
              <p className={styles.available} data-testid="account-balance-available">
                {formatCents(user.available_balance_in_cents)} available
              </p>
            ) : null}
          </div>
          <ul className={styles.list}>
            {user ? (
              <li>
                <Link to={`/profile/${user.profileUrl}`} className={styles.item} onClick={close}>
                  My profile
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={DASHBOARD_PATH} className={styles.item} onClick={close} data-testid="menu-dashboard">
                Dashboard
              </Link>
            </li>
            <li>
              <Link to={MY_OFFERS_PATH} className={styles.item} onClick={close}>
                My offers
              </Link>
            </li>
            <li>
              <Link to={ACCOUNT_SETTINGS_PATH} className={styles.item} onClick={close}>
                Account settings
              </Link>
            </li>
            <li>
              <Link to={PROFILE_VALIDATION_PATH} className={styles.item} onClick={close}>
                Profile validation
                {user?.verified ? <span className={styles.badge}>Validated</span> : null}
              </Link>
            </li>
          </ul>
          <div className={styles.footer}>
            <button
              type="button"
              className={styles.item}
              onClick={() => void signOut().then(close)}
              disabled={pending}
              data-testid="sign-out"
            >
              {pending ? 'Signing out…' : 'Sign Out'}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
