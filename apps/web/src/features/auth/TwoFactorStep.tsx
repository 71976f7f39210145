import { ONE_TOUCH_ACTIVE_MS, twoFactorCodeSchema } from '@vitrine/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import fieldStyles from '../../ui/Field.module.css';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { AuthHeading } from './AuthHeading';
import styles from './auth.module.css';
import { authApi, isPending, type TokenResponse, type TwoFactorChallenge } from './auth-api';
import { loginErrorMessage, ONE_TOUCH_FAILED, serverMessage } from './auth-errors';

const ONE_TOUCH_POLL_MS = 3000;

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onTokens: (tokens: TokenResponse, prompt2fa: boolean) => void;
  /** Back to the credentials form (the challenge expired or the user gives up). */
  onRestart: () => void;
  headingLevel?: 1 | 2;
}

function describe(challenge: TwoFactorChallenge) {
  switch (challenge.method) {
    case 'sms':
      return (
        <>
          Enter the code we sent by text message to <strong>{challenge.phone_number ?? 'your phone'}</strong>.
        </>
      );
    case 'email':
      return (
        <>
          Enter the code we sent to <strong>{challenge.email ?? 'your email address'}</strong>.
        </>
      );
    case 'totp':
      return <>Enter the 6-digit code from your authenticator app.</>;
    default:
      return <>We sent a sign-in request to your device. Approve it and this page continues by itself.</>;
  }
}

/** The two-factor step of sign-in (000 §4): a code with resend, or a one-touch approval (30 s, resend). */
export function TwoFactorStep({ challenge, onTokens, onRestart, headingLevel = 1 }: TwoFactorStepProps) {
  const oneTouch = challenge.method === 'one_touch';
  const form = useForm(twoFactorCodeSchema, { code: '' });
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [approvalEndsAt, setApprovalEndsAt] = useState<number | null>(() =>
    oneTouch ? Date.now() + (challenge.one_touch_expires_in ?? ONE_TOUCH_ACTIVE_MS / 1000) * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());
  const onTokensRef = useRef(onTokens);
  onTokensRef.current = onTokens;

  const fail = (failure: unknown) => {
    if (isApiError(failure) && failure.errorType === 'twofa_expired') {
      setExpired(true);
      setError(failure.message);
      return;
    }
    if (isApiError(failure) && failure.errorType === 'invalid_code') {
      form.applyServerErrors({ code: failure.message });
      setError(null);
      return;
    }
    if (isApiError(failure) && form.applyServerErrors(failure.fields)) {
      setError(null);
      return;
    }
    setError(loginErrorMessage(failure));
  };

  // One-touch: starts by itself and checks every few seconds while the approval window is open.
  useEffect(() => {
    if (!oneTouch || approvalEndsAt === null) return;
    let stopped = false;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const answer = await authApi.verifyTwoFactor(challenge.twofa_token);
        if (stopped) return;
        if (isPending(answer)) {
          timer = window.setTimeout(poll, ONE_TOUCH_POLL_MS);
          return;
        }
        onTokensRef.current(answer.data, answer.prompt2fa);
      } catch (failure) {
        if (stopped) return;
        setApprovalEndsAt(null);
        if (isApiError(failure) && failure.errorType === 'twofa_expired') {
          setExpired(true);
          setError(failure.message);
        } else if (isApiError(failure) && failure.errorType === 'one_touch') {
          setError(ONE_TOUCH_FAILED);
        } else {
          setError(serverMessage(failure) ?? ONE_TOUCH_FAILED);
        }
      }
    };
    timer = window.setTimeout(poll, ONE_TOUCH_POLL_MS);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(tick);
    };
  }, [oneTouch, approvalEndsAt, challenge.twofa_token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const input = form.validate();
    if (!input) return;
    setSubmitting(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await authApi.verifyTwoFactor(challenge.twofa_token, input.code);
      if (isPending(answer)) {
        setSubmitting(false);
        return;
      }
      onTokens(answer.data, answer.prompt2fa);
    } catch (failure) {
      fail(failure);
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const sent = await authApi.resendTwoFactor(challenge.twofa_token);
      if (oneTouch) {
        setApprovalEndsAt(Date.now() + sent.expires_in * 1000);
        setNotice('We sent a new sign-in request.');
      } else {
        // A fresh field: leaving it for the Resend click must not show 'Required' on the new attempt.
        form.reset();
        setNotice('We sent you a new code.');
      }
    } catch (failure) {
      fail(failure);
    } finally {
      setResending(false);
    }
  };

  const secondsLeft = approvalEndsAt === null ? 0 : Math.max(0, Math.ceil((approvalEndsAt - now) / 1000));
  const canResend = challenge.method !== 'totp' && !expired;

  return (
    <div data-testid="twofa-step" data-method={challenge.method}>
      <AuthHeading
        level={headingLevel}
        eyebrow="Two-factor authentication"
        title={oneTouch ? 'Approve this sign-in' : 'Enter your code'}
        subtitle={describe(challenge)}
      />
      {oneTouch ? (
        <div className={styles.form}>
          {approvalEndsAt !== null && !expired ? (
            <div className={styles.status} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              Waiting for your approval… {secondsLeft > 0 ? `${secondsLeft} s` : ''}
            </div>
          ) : null}
          {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          <div className={styles.actions}>
            {canResend ? (
              <Button variant="secondary" size="lg" fullWidth onClick={resend} loading={resending}>
                Resend request
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onRestart}>
              Back to sign in
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            {...form.field('code')}
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={12}
            inputClassName={fieldStyles.codeInput}
            disabled={submitting || expired}
            data-autofocus
            autoFocus
          />
          {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
          {error ? <FormAlert>{error}</FormAlert> : null}
          <div className={styles.actions}>
            {expired ? (
              <Button size="lg" fullWidth onClick={onRestart}>
                Sign in again
              </Button>
            ) : (
              <Button type="submit" size="lg" fullWidth loading={submitting}>
                {submitting ? 'Verifying…' : 'Verify'}
              </Button>
            )}
            <div className={styles.inlineActions}>
              {canResend ? (
                <button
                  type="button"
                  className={styles.link}
                  // Keeps focus in the code field: its blur would show 'Required' and move this button away
                  // from under the pointer before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={resend}
                  disabled={resending || submitting}
                >
                  {resending ? 'Sending…' : 'Resend code'}
                </button>
              ) : null}
              {expired ? null : (
                <button type="button" className={styles.link} onClick={onRestart} disabled={submitting}>
                  Back to sign in
                </button>
              )}
            </div>
          </div>
        </form>
      )}
    </div>
  );
}
