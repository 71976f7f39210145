import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import styles from './auth.module.css';
import { SECURITY_SETTINGS_PATH } from './paths';
import type { PhoneErrorView } from './phone';

/** A phone verification error (000 §8), with the support link where the spec asks for one. */
export function PhoneErrorAlert({ error }: { error: PhoneErrorView }) {
  const action = error.support ? (
    <Link to="/help-centre" className={styles.link}>
      Contact support
    </Link>
  ) : error.verifyEmail ? (
    <Link to={SECURITY_SETTINGS_PATH} className={styles.link}>
      Verify your email
    </Link>
  ) : undefined;
  return (
    <FormAlert action={action} testId="phone-error">
      {error.text}
    </FormAlert>
  );
}
