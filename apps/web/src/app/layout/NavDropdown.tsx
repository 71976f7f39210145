import {
  type FocusEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavMenu } from '../site-links';
import styles from './NavDropdown.module.css';

const HOVER_CLOSE_DELAY_MS = 150;
/** A click right after hover-open keeps the menu open instead of toggling it shut. */
const HOVER_CLICK_GRACE_MS = 400;

/** A link menu with a dropdown (001 §2 "link menus with dropdowns"); a disclosure button and a list of links. */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  const menuId = useId();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const hoverOpenedAt = useRef(0);

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

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onPointerEnter = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    if (!open) {
      hoverOpenedAt.current = Date.now();
      setOpen(true);
    }
  };

  const onPointerLeave = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
  };

  const onClick = () => {
    const justHoverOpened = Date.now() - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    hoverOpenedAt.current = 0;
    if (justHoverOpened) setOpen(true);
    else setOpen((value) => !value);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget))
      setOpen(false);
  };

  const active = menu.activePrefix !== undefined && pathname.startsWith(menu.activePrefix);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opening is a pointer nicety; the button is the keyboard path.
    <div
      ref={rootRef}
      className={styles.dropdown}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
      data-testid={`nav-menu-${menu.label.toLowerCase()}`}
    >
      <button
        type="button"
        className={[styles.trigger, active ? styles.active : undefined].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={onClick}
      >
        {menu.label}
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
        <ul className={styles.list}>
          {menu.links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={styles.link} onClick={() => setOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
