import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Profile, verificationCodeSchema } from '@vitrine/domain';
import type { FormEvent } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import styles from './auth.module.css';
import { authApi } from './auth-api';
import { serverMessage } from './auth-errors';
import { withAuthRetry } from './authed-request';
import { authKeys } from './query-keys';
import { useLoginRedirectOn401 } from './useLoginRedirectOn401';

export interface EmailVerificationPanelProps {
  profile: Pick<Profile, 'email' | 'emailVerified'>;
}

/** Verify the email with the 6-digit code from the verification email, or ask for a new one (000 §9: 1 hour). */
export function EmailVerificationPanel({ profile }: EmailVerificationPanelProps) {
  const queryClient = useQueryClient();
  const form = useForm(verificationCodeSchema, { code: '' });
  const verify = useMutation({
    mutationFn: (code: string) => withAuthRetry(() => authApi.verifyEmail(code)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.profile() }),
    onError: (error) => {
      if (isApiError(error) && (error.errorType === 'invalid_code' || error.fields?.code)) {
        form.applyServerErrors({ code: error.fields?.code ?? error.message });
      }
    },
  });
  const resend = useMutation({
    mutationFn: () => withAuthRetry(() => authApi.resendVerificationEmail()),
    onSuccess: (answer) => {
      form.reset();
      verify.reset();
      if (answer.email_verified) void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
    },
  });
  useLoginRedirectOn401(verify.error, resend.error);

  if (profile.emailVerified || verify.isSuccess) {
    return (
      <FormAlert tone="success" testId="email-verified">
        Your email address <strong>{profile.email}</strong> is verified.
      </FormAlert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input && !verify.isPending) verify.mutate(input.code);
  };

  const verifyError =
    verify.error &&
    !(isApiError(verify.error) && (verify.error.errorType === 'invalid_code' || verify.error.fields?.code))
      ? (serverMessage(verify.error) ?? 'An unknown error occurred')
      : null;
  const resendError = resend.error ? (serverMessage(resend.error) ?? 'An unknown error occurred') : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="email-verification">
      <p className={styles.subtitle}>
        We sent a 6-digit code to <strong>{profile.email}</strong>. Enter it here or open the link in the
        email. It expires after 1 hour.
      </p>
      <TextField
        {...form.field('code')}
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={12}
        inputClassName={fieldStyles.codeInput}
        disabled={verify.isPending}
      />
      {resend.isSuccess && resend.data.sent ? (
        <FormAlert tone="info">We sent a new verification email to {profile.email}.</FormAlert>
      ) : null}
      {verifyError ? <FormAlert>{verifyError}</FormAlert> : null}
      {resendError ? <FormAlert>{resendError}</FormAlert> : null}
      <div className={styles.inlineActions}>
        <Button type="submit" loading={verify.isPending}>
          Verify email
        </Button>
        <button
          type="button"
          className={styles.link}
          onClick={() => resend.mutate()}
          disabled={resend.isPending || verify.isPending}
        >
          {resend.isPending ? 'Sending…' : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}
