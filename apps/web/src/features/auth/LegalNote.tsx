import { Link } from '../../ui/Link';
import styles from './auth.module.css';

/** The terms and privacy links under the sign-in and signup forms (000 §2). */
export function LegalNote({ action }: { action: 'signing in' | 'signing up' }) {
  return (
    <p className={styles.legal}>
      By {action} you agree to the{' '}
      <Link to="/terms-of-use" className={styles.mutedLink}>
        Terms of Use
      </Link>{' '}
      and the{' '}
      <Link to="/privacy-policy" className={styles.mutedLink}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
