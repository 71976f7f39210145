import type { AccountSession } from '@vitrine/domain';
import { once } from '../../lib/once';
import { Button } from '../../ui/Button';
import styles from './SessionsSection.module.css';
import { describeUserAgent, SIGN_IN_METHOD_LABELS } from './user-agent';

const DATE = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE().format(date);
}

export interface SessionRowProps {
  session: AccountSession;
  onSignOut: () => void;
  busy: boolean;
}

export function SessionRow({ session, onSignOut, busy }: SessionRowProps) {
  return (
    <li className={styles.row} data-testid="session-row" data-current={session.current || undefined}>
      <span className={styles.icon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none">
          <rect x="3" y="4.5" width="18" height="12" rx="2" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8 20h8M12 16.5V20" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <div className={styles.details}>
        <p className={styles.device}>
          {describeUserAgent(session.user_agent)}
          {session.current ? <span className={styles.current}>This device</span> : null}
        </p>
        <p className={styles.meta}>
          {SIGN_IN_METHOD_LABELS[session.method] ?? session.method} · signed in{' '}
          {formatDate(session.created_at)}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
        <p className={styles.meta}>Last active {formatDate(session.last_used_at)}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onSignOut} loading={busy}>
        Sign out
      </Button>
    </li>
  );
}
