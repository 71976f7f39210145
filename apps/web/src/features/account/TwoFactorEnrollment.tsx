import { twoFactorCodeSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { serverMessage } from '../auth/auth-errors';
import styles from './AccountSettingsPage.module.css';
import { accountApi, type Enrollment } from './account-api';
import enrollStyles from './TwoFactorEnrollment.module.css';
import { groupSecret } from './two-factor-methods';

export interface TwoFactorEnrollmentProps {
  enrollment: Enrollment;
  onEnabled: () => void;
  onCancel: () => void;
  /** Sends a new code (sms, email, one-touch) by starting the enrollment again. */
  onResend: () => Promise<void>;
}

/** Finish enrollment: scan the QR code (or type the secret) and enter a code, or enter the code that was sent. */
export function TwoFactorEnrollment({ enrollment, onEnabled, onCancel, onResend }: TwoFactorEnrollmentProps) {
  const form = useForm(twoFactorCodeSchema, { code: '' });
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const totp = enrollment.method === 'totp';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    setBusy('verify');
    setError(null);
    try {
      await accountApi.verifyEnrollment(input.code);
      onEnabled();
    } catch (failure) {
      if (isApiError(failure) && (failure.errorType === 'invalid_code' || failure.fields?.code)) {
        form.applyServerErrors({ code: failure.fields?.code ?? failure.message });
      } else {
        setError(serverMessage(failure) ?? 'An unknown error occurred');
      }
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(null);
    setResent(false);
    try {
      await onResend();
      form.reset();
      setResent(true);
    } catch (failure) {
      setError(serverMessage(failure) ?? 'An unknown error occurred');
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="twofa-enrollment">
      {totp && enrollment.qr_code ? (
        <div className={enrollStyles.totp}>
          <img
            src={enrollment.qr_code}
            alt="QR code to add Vitrine to your authenticator app"
            className={enrollStyles.qr}
            width={180}
            height={180}
          />
          <div className={enrollStyles.steps}>
            <p>1. Scan the QR code with your authenticator app.</p>
            <p>2. Or enter this key by hand:</p>
            <code className={enrollStyles.secret} data-testid="totp-secret" data-secret={enrollment.secret}>
              {groupSecret(enrollment.secret ?? '')}
            </code>
            <p>3. Enter the 6-digit code the app shows.</p>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>
          We sent a 6-digit code to <strong>{enrollment.sent_to}</strong>. It expires in 10 minutes.
        </p>
      )}
      <TextField
        {...form.field('code')}
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={12}
        inputClassName={fieldStyles.codeInput}
        disabled={busy !== null}
      />
      {resent ? <FormAlert tone="info">We sent you a new code.</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.formActions}>
        <Button type="submit" loading={busy === 'verify'} disabled={busy !== null}>
          Turn on two-factor
        </Button>
        {totp ? null : (
          <button type="button" className={styles.linkButton} onClick={resend} disabled={busy !== null}>
            {busy === 'resend' ? 'Sending…' : 'Send a new code'}
          </button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={busy !== null}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
