import { Link } from '../../ui/Link';
import styles from './Logo.module.css';

/** The 'Vitrine' wordmark, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={[styles.logo, className].filter(Boolean).join(' ')} data-testid="logo">
      <span className={styles.mark} aria-hidden="true">
        <svg width="18" height="18" viewBox="0 0 24 24">
          <path d="M4 5h4.4L12 15.6 15.6 5H20l-6 15h-4z" fill="currentColor" />
        </svg>
      </span>
      <span className={styles.word}>Vitrine</span>
    </Link>
  );
}
