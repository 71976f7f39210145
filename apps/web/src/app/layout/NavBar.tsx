import { useId, useState } from 'react';
import { useSessionStatus } from '../../features/auth/session-status';
import { DisplayCurrencyButton } from '../../features/platform/DisplayCurrencyButton';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { ButtonLink } from '../../ui/ButtonLink';
import { Skeleton } from '../../ui/Skeleton';
import { LOGIN_PATH, NAV_MENUS, SIGNUP_PATH } from '../site-links';
import { useLoggedIn } from '../useLoggedIn';
import { AccountMenu } from './AccountMenu';
import { AlertsBell } from './AlertsBell';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import styles from './NavBar.module.css';
import { NavDropdown } from './NavDropdown';
import { PublishersLink } from './PublishersLink';
import { SearchBox } from './SearchBox';

/**
 * Navigation bar (001 §2): logo, search, link menus with dropdowns, display currency, Log In / Sign Up
 * when logged out, the avatar menu (and Publishers for publisher members) when logged in. Below 960px
 * the menus move into a hamburger menu.
 */
export function NavBar() {
  const loggedIn = useLoggedIn();
  // While an expired session is refreshed on load, neither Log In nor the avatar is known yet.
  const session = useSessionStatus();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileMenuId = useId();
  // One bell: among the actions on a wide screen, beside the menu button below 960 px (where the actions hide).
  const wide = useMediaQuery('(min-width: 960px)');

  // The mobile menu sits beside the header: the header's backdrop-filter would make it the
  // containing block of the menu's fixed positioning.
  return (
    <>
      <header className={styles.header} data-testid="nav-bar">
        <div className={`page-container ${styles.inner}`}>
          <Logo />
          <SearchBox className={styles.search} />
          <nav className={styles.menus} aria-label="Main">
            {NAV_MENUS.map((menu) => (
              <NavDropdown key={menu.label} menu={menu} />
            ))}
            {loggedIn ? <PublishersLink /> : null}
          </nav>
          <div className={styles.actions}>
            <DisplayCurrencyButton className={styles.currency} />
            {loggedIn && wide ? <AlertsBell /> : null}
            {loggedIn ? (
              <AccountMenu />
            ) : session === 'loading' ? (
              <Skeleton variant="circle" width={44} height={44} />
            ) : (
              <>
                <ButtonLink to={LOGIN_PATH} variant="ghost" data-testid="nav-login">
                  Log In
                </ButtonLink>
                <ButtonLink to={SIGNUP_PATH} variant="primary" data-testid="nav-signup">
                  Sign Up
                </ButtonLink>
              </>
            )}
          </div>
          {loggedIn && !wide ? (
            <div className={styles.narrowBell}>
              <AlertsBell />
            </div>
          ) : null}
          <button
            type="button"
            className={styles.hamburger}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="nav-hamburger"
          >
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              )}
            </svg>
          </button>
        </div>
      </header>
      <MobileMenu id={mobileMenuId} open={menuOpen} onClose={() => setMenuOpen(false)} loggedIn={loggedIn} />
    </>
  );
}
