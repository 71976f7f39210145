import { resetPasswordSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { TextField } from '../../ui/TextField';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { authApi } from './auth-api';
import { serverMessage } from './auth-errors';
import { LOGIN_PATH } from './paths';

/** The forgot-password form: the API emails a reset link (same answer whether the account exists or not). */
export function ForgotPasswordForm() {
  const form = useForm(resetPasswordSchema, { email: '' });
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await authApi.requestPasswordReset(input.email);
      setSent(answer.detail);
    } catch (failure) {
      const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
      if (!onFields) setError(serverMessage(failure) ?? 'An unknown error occurred');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div data-testid="forgot-password">
      <AuthHeading
        title="Reset your password"
        subtitle="Enter the email of your account and we will send you a link to choose a new password."
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          {...form.field('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={submitting}
        />
        {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {sent ? 'Send the link again' : 'Send reset link'}
          </Button>
        </div>
      </form>
      <p className={styles.footer}>
        <Link to={LOGIN_PATH} className={styles.link}>
          Back to log in
        </Link>
      </p>
    </div>
  );
}
