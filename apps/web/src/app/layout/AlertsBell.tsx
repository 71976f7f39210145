import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { authKeys } from '../../features/auth/query-keys';
import { catalogKeys } from '../../features/catalog/query-keys';
import { formatDateTime, formatRelative } from '../../features/catalog/shared/time-format';
import { liveKeys, useAlerts, useMarkAllRead } from '../../features/live/alerts-queries';
import { USER_TOPIC } from '../../features/live/live-connection';
import { useLiveTopic } from '../../features/live/useLiveTopic';
import styles from './AlertsBell.module.css';

/**
 * The alerts bell of the navigation bar when logged in (issue 15): the unread count, kept current by
 * the user's live topic, and the latest alerts (outbid, ending soon, won / lost, drawing results, a
 * followed publisher's drop going live) with Mark all read.
 */
export function AlertsBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const alerts = useAlerts(true);
  const markAll = useMarkAllRead();
  useLiveTopic(USER_TOPIC, (event) => {
    if (event.type !== 'alert') return;
    void client.invalidateQueries({ queryKey: liveKeys.alerts() });
    // An NFT of theirs sold: the balance moved (the account menu's, the dashboard's and the lists behind it).
    // The seller's item page open on it reads it again too (new owner, no seller controls), as do the tables.
    if (event.data.kind === 'sold') {
      void client.invalidateQueries({ queryKey: authKeys.profile() });
      void client.invalidateQueries({ queryKey: catalogKeys.items() });
      void client.invalidateQueries({ queryKey: catalogKeys.collectionTokensAll() });
    }
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const unread = alerts.data?.unread_count ?? 0;
  const items = alerts.data?.results ?? [];
  return (
    <div ref={rootRef} className={styles.root} data-testid="alerts-bell">
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'}
        onClick={() => setOpen((value) => !value)}
        data-testid="alerts-bell-button"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 ? (
          <span className={styles.badge} data-testid="alerts-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="alerts-panel">
        <div className={styles.head}>
          <span>Alerts</span>
          {unread > 0 ? (
            <button
              type="button"
              className={styles.markAll}
              disabled={markAll.isPending}
              onClick={() => markAll.mutate()}
              data-testid="alerts-mark-all"
            >
              Mark all read
            </button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className={styles.empty}>No alerts yet</p>
        ) : (
          <ul className={styles.list}>
            {items.map((a) => (
              <li
                key={a.id}
                className={a.read ? styles.item : `${styles.item} ${styles.unread}`}
                data-testid="alert-item"
              >
                {a.link ? (
                  <Link to={a.link} onClick={() => setOpen(false)}>
                    {a.message}
                  </Link>
                ) : (
                  a.message
                )}
                <time className={styles.time} dateTime={a.created_at} title={formatDateTime(a.created_at)}>
                  {formatRelative(a.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
