import { verificationCodeSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { PhoneErrorAlert } from './PhoneErrorAlert';
import {
  formatPhone,
  PHONE_MESSAGES,
  type PhoneErrorView,
  type PhoneVerification,
  phoneApi,
  phoneErrorView,
} from './phone';

export interface PhoneCodeFormProps {
  phoneNumber: string;
  onVerified: (answer: PhoneVerification) => void;
  /** 'Enter a new number': the registration was deleted. */
  onNewNumber: (answer: PhoneVerification) => void;
}

/** The SMS code step (000 §4): code, resend ('Code was resent!'), or enter a new number. */
export function PhoneCodeForm({ phoneNumber, onVerified, onNewNumber }: PhoneCodeFormProps) {
  const form = useForm(verificationCodeSchema, { code: '' });
  const [busy, setBusy] = useState<'verify' | 'resend' | 'new' | null>(null);
  const [error, setError] = useState<PhoneErrorView | null>(null);
  const [resent, setResent] = useState(false);

  const run = async (kind: 'verify' | 'resend' | 'new', work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    setResent(false);
    try {
      await work();
    } catch (failure) {
      if (
        kind === 'verify' &&
        isApiError(failure) &&
        (failure.errorType === 'invalid_code' || failure.fields?.code)
      ) {
        form.applyServerErrors({ code: failure.fields?.code ?? failure.message });
      } else {
        setError(phoneErrorView(failure));
      }
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = form.validate();
    if (!input) return;
    void run('verify', async () => onVerified(await phoneApi.confirm(input.code)));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="phone-code-form">
      <p className={styles.subtitle}>
        Enter the 6-digit code we sent to <strong>{formatPhone(phoneNumber)}</strong>.
      </p>
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
      {resent ? (
        <FormAlert tone="success" testId="phone-resent">
          {PHONE_MESSAGES.resent}
        </FormAlert>
      ) : null}
      {error ? <PhoneErrorAlert error={error} /> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy === 'verify'} disabled={busy !== null}>
          Verify
        </Button>
        <div className={styles.inlineActions}>
          <button
            type="button"
            className={styles.link}
            disabled={busy !== null}
            onClick={() =>
              void run('resend', async () => {
                await phoneApi.resend();
                form.reset();
                setResent(true);
              })
            }
          >
            {busy === 'resend' ? 'Sending…' : 'Resend code'}
          </button>
          <button
            type="button"
            className={styles.link}
            disabled={busy !== null}
            onClick={() => void run('new', async () => onNewNumber(await phoneApi.remove()))}
          >
            {busy === 'new' ? 'One moment…' : 'Enter a new number'}
          </button>
        </div>
      </div>
    </form>
  );
}
