import { useQueryClient } from '@tanstack/react-query';
import { signupPasswordSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { signupErrorMessage } from './auth-errors';
import { BotCheckWidget } from './BotCheckWidget';
import { PasswordChecklist } from './PasswordChecklist';
import { isUnauthorizedSignup, submitSignup } from './signup-submit';
import { useBotCheck } from './useBotCheck';

export interface PasswordSignupFormProps {
  referral?: string | undefined;
  onSignedUp: () => void;
  onUnauthorized: () => void;
}

/** Signup with email and password (000 §2, §5): names, email, password with its live checklist, bot check. */
export function PasswordSignupForm({ referral, onSignedUp, onUnauthorized }: PasswordSignupFormProps) {
  const queryClient = useQueryClient();
  const botCheck = useBotCheck();
  const form = useForm(signupPasswordSchema, { firstName: '', lastName: '', email: '', password: '' });
  const [subscribe, setSubscribe] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input) return;
    setSubmitting(true);
    setError(null);
    try {
      await submitSignup(queryClient, botCheck, {
        grantType: 'password',
        ...input,
        subscribe,
        ...(referral ? { referral } : {}),
      });
      onSignedUp();
    } catch (failure) {
      setSubmitting(false);
      if (isUnauthorizedSignup(failure)) {
        onUnauthorized();
        return;
      }
      const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
      if (!onFields) setError(signupErrorMessage(failure));
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="signup-password-form">
      <div className={styles.row}>
        <TextField
          {...form.field('firstName')}
          label="First name"
          autoComplete="given-name"
          disabled={submitting}
          data-autofocus
        />
        <TextField
          {...form.field('lastName')}
          label="Last name"
          autoComplete="family-name"
          disabled={submitting}
        />
      </div>
      <TextField
        {...form.field('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        disabled={submitting}
      />
      <PasswordField
        {...form.field('password')}
        label="Password"
        autoComplete="new-password"
        disabled={submitting}
      >
        <PasswordChecklist password={form.values.password} />
      </PasswordField>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={subscribe}
          onChange={(event) => setSubscribe(event.target.checked)}
          disabled={submitting}
        />
        Send me news about drops, artists and collections.
      </label>
      <BotCheckWidget check={botCheck} disabled={submitting} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}
