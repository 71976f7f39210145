import { ERROR_TYPES, loginSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { authApi, type LoginResponse } from './auth-api';
import { loginErrorMessage } from './auth-errors';
import { captchaToken, solveCaptcha } from './captcha';
import { RESET_PASSWORD_PATH } from './paths';

export interface LoginFormProps {
  onAnswer: (answer: LoginResponse) => void;
  /** The form stays filled when the user comes back to it (e.g. from the two-factor step). */
  initialEmail?: string;
  onEmailChange?: (email: string) => void;
}

/** Email and password (000 §2, §5), with the invisible bot check. */
export function LoginForm({ onAnswer, initialEmail = '', onEmailChange }: LoginFormProps) {
  const form = useForm(loginSchema, { email: initialEmail, password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Share of the stronger bot check done, while the account asks for it (decision 003). */
  const [extraCheck, setExtraCheck] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input) return;
    setSubmitting(true);
    setError(null);
    try {
      let answer: LoginResponse;
      try {
        answer = await authApi.login({ ...input, captchaTokenV3: await captchaToken() });
      } catch (failure) {
        // Too many failed sign-ins for this account: solve the stronger check and try once more.
        if (!isApiError(failure) || failure.errorType !== ERROR_TYPES.botCheckRequired) throw failure;
        setExtraCheck(0);
        const hard = await solveCaptcha({ level: 'hard', onProgress: setExtraCheck });
        answer = await authApi.login({ ...input, captchaTokenV3: hard.token });
      }
      setExtraCheck(null);
      onAnswer(answer);
    } catch (failure) {
      setExtraCheck(null);
      const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
      if (!onFields) setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  };

  const email = form.field('email');
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form">
      <TextField
        {...email}
        onChange={(event) => {
          email.onChange(event);
          onEmailChange?.(event.target.value);
        }}
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="you@example.com"
        disabled={submitting}
        data-autofocus
      />
      <PasswordField
        {...form.field('password')}
        label="Password"
        autoComplete="current-password"
        disabled={submitting}
        labelAside={
          <Link to={RESET_PASSWORD_PATH} className={styles.link}>
            Forgot password?
          </Link>
        }
      />
      {extraCheck !== null ? (
        <FormAlert tone="info" testId="login-extra-check">
          There were many failed sign-ins to this account, so we are running an extra check on this device. It
          can take a few seconds… {Math.round(extraCheck * 100)}%
        </FormAlert>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Signing in…' : 'Log In'}
        </Button>
      </div>
    </form>
  );
}
