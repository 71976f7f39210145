import { confirmResetPasswordSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { clearCredentials } from '../../app/credentials';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { PasswordField } from '../../ui/PasswordField';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { authApi } from './auth-api';
import { serverMessage } from './auth-errors';
import { PasswordChecklist } from './PasswordChecklist';
import { LOGIN_PATH, RESET_PASSWORD_PATH } from './paths';

/** Chooses a new password with the reset link's token; every session of the account ends. */
export function NewPasswordForm({ resetToken }: { resetToken: string }) {
  const form = useForm(confirmResetPasswordSchema, { reset_token: resetToken, new_password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await authApi.confirmPasswordReset(input.reset_token, input.new_password);
      // The API ended every session of the account, this one included.
      clearCredentials();
      setDone(answer.detail);
    } catch (failure) {
      if (isApiError(failure) && failure.errorType === 'invalid_token') setInvalidLink(true);
      const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
      if (!onFields) setError(serverMessage(failure) ?? 'An unknown error occurred');
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <div className={styles.centered} data-testid="reset-password-done">
        <span className={styles.bigIcon} data-tone="success" aria-hidden="true">
          ✓
        </span>
        <AuthHeading title={done} subtitle="Log in with your new password." />
        <ButtonLink to={LOGIN_PATH} size="lg">
          Log In
        </ButtonLink>
      </div>
    );
  }

  return (
    <div data-testid="new-password">
      <AuthHeading title="Choose a new password" subtitle="You will be signed out everywhere else." />
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordField
          {...form.field('new_password')}
          label="New password"
          autoComplete="new-password"
          disabled={submitting}
        >
          <PasswordChecklist password={form.values.new_password} />
        </PasswordField>
        {error ? (
          <FormAlert
            action={
              invalidLink ? (
                <Link to={RESET_PASSWORD_PATH} className={styles.link}>
                  Request a new link
                </Link>
              ) : undefined
            }
          >
            {error}
          </FormAlert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            Reset password
          </Button>
        </div>
      </form>
    </div>
  );
}
