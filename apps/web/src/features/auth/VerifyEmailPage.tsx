import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useLoggedIn } from '../../app/useLoggedIn';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { FormAlert } from '../../ui/FormAlert';
import { AuthCard } from './AuthCard';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { authApi } from './auth-api';
import { serverMessage } from './auth-errors';
import { withAuthRetry } from './authed-request';
import { SECURITY_SETTINGS_PATH } from './paths';
import { authKeys } from './query-keys';
import { loginPathFor } from './redirect';

/** /verify-email?code= : the link of the verification email (000 §7 POST /users/verify-email/). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  // A code works once: a query (not an effect) keeps it to one request, also across re-renders.
  const verification = useQuery({
    queryKey: authKeys.verifyEmail(code),
    queryFn: () => authApi.verifyEmail(code),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const resend = useMutation({ mutationFn: () => withAuthRetry(() => authApi.resendVerificationEmail()) });

  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
  }, [verification.isSuccess, queryClient]);

  let body: ReactNode;
  if (code === '') {
    body = (
      <div className={styles.centered} data-testid="verify-email-missing">
        <span className={styles.bigIcon} data-tone="info" aria-hidden="true">
          ?
        </span>
        <AuthHeading
          title="This link is incomplete"
          subtitle="Open the link from your verification email again, or enter the 6-digit code from it in your account settings."
        />
        <ButtonLink to={loggedIn ? SECURITY_SETTINGS_PATH : loginPathFor(SECURITY_SETTINGS_PATH)} size="lg">
          {loggedIn ? 'Go to account settings' : 'Log in'}
        </ButtonLink>
      </div>
    );
  } else if (verification.isPending) {
    body = (
      <div className={styles.centered} aria-busy="true">
        <span className={styles.spinner} aria-hidden="true" />
        <AuthHeading title="Verifying your email…" />
      </div>
    );
  } else if (verification.isSuccess) {
    body = (
      <div className={styles.centered} data-testid="verify-email-success">
        <span className={styles.bigIcon} data-tone="success" aria-hidden="true">
          ✓
        </span>
        <AuthHeading
          title="Your email is verified"
          subtitle="Thanks! Your account can now use every feature."
        />
        <ButtonLink to="/" size="lg">
          Continue to Vitrine
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <div className={styles.centered} data-testid="verify-email-error">
        <span className={styles.bigIcon} data-tone="error" aria-hidden="true">
          !
        </span>
        <AuthHeading
          title="We could not verify your email"
          subtitle="Verification links work once and expire after 1 hour."
        />
        <FormAlert>{serverMessage(verification.error) ?? 'An unknown error occurred'}</FormAlert>
        {resend.isSuccess ? (
          <FormAlert tone="info">
            {resend.data.email_verified
              ? 'Your email is already verified.'
              : 'We sent you a new verification email.'}
          </FormAlert>
        ) : null}
        {resend.isError ? (
          <FormAlert>{serverMessage(resend.error) ?? 'An unknown error occurred'}</FormAlert>
        ) : null}
        {loggedIn ? (
          <Button
            size="lg"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            disabled={resend.isSuccess}
          >
            Send a new verification email
          </Button>
        ) : (
          <ButtonLink to={loginPathFor(SECURITY_SETTINGS_PATH)} size="lg">
            Log in to get a new link
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <AuthCard documentTitle="Verify your email" testId="verify-email-page">
      {body}
    </AuthCard>
  );
}
