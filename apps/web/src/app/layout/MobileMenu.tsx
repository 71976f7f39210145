import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DisplayCurrencyButton } from '../../features/platform/DisplayCurrencyButton';
import { ButtonLink } from '../../ui/ButtonLink';
import { LOGIN_PATH, NAV_MENUS, SIGNUP_PATH } from '../site-links';
import { MobileAccountSection } from './MobileAccountSection';
import styles from './MobileMenu.module.css';
import { SearchBox } from './SearchBox';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  loggedIn: boolean;
}

/** The hamburger menu below 960px: search (below 600px), the link menus, display currency and auth links. */
export function MobileMenu({ id, open, onClose, loggedIn }: MobileMenuProps) {
  const { pathname } = useLocation();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A new page closes the menu (search text changes in `q` do not).
  useEffect(() => {
    if (pathname) onCloseRef.current();
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    const wide = window.matchMedia('(min-width: 960px)');
    const onWide = () => {
      if (wide.matches) onCloseRef.current();
    };
    const { overflow } = document.body.style;
    if (!wide.matches) document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  return (
    <div id={id} className={styles.panel} hidden={!open} data-testid="mobile-menu">
      <SearchBox className={styles.search} onSearch={onClose} />
      {NAV_MENUS.map((menu) => (
        <nav key={menu.label} className={styles.group} aria-label={menu.label}>
          <h2 className={styles.groupTitle}>{menu.label}</h2>
          {menu.links.map((link) => (
            <NavLink key={link.to} to={link.to} className={styles.link} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      ))}
      <div className={styles.row}>
        <span>Display currency</span>
        <DisplayCurrencyButton className={styles.currency} />
      </div>
      {loggedIn ? (
        <MobileAccountSection open={open} onClose={onClose} />
      ) : (
        <div className={styles.auth}>
          <ButtonLink to={LOGIN_PATH} variant="secondary" size="lg" onClick={onClose}>
            Log In
          </ButtonLink>
          <ButtonLink to={SIGNUP_PATH} variant="primary" size="lg" onClick={onClose}>
            Sign Up
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
