import { DocumentTitle } from '../../ui/DocumentTitle';
import styles from './MaintenanceScreen.module.css';

/** Exact maintenance text (000 §2, §8; 001 §2, §8). */
export const MAINTENANCE_TITLE = 'Scheduled Maintenance In Progress';

/** Shown instead of the app while the MAINTENANCE_MODE flag is on. */
export function MaintenanceScreen() {
  return (
    <main className={styles.screen} data-testid="maintenance-screen">
      <DocumentTitle title={`${MAINTENANCE_TITLE} · Vitrine`} />
      <div className={styles.card}>
        <span className={styles.logo}>Vitrine</span>
        <span className={styles.icon} aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path
              d="M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7V20h3.3l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.6 2.6-2.4-.6-.6-2.4z"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 className={styles.title}>{MAINTENANCE_TITLE}</h1>
        <p className={styles.text}>We're making improvements to Vitrine. Please check back soon.</p>
      </div>
    </main>
  );
}
