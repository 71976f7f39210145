import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, TwoFactorMethod } from '@vitrine/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { serverMessage } from '../auth/auth-errors';
import { PROFILE_VALIDATION_PATH } from '../auth/paths';
import { authKeys } from '../auth/query-keys';
import { useLoginRedirectOn401 } from '../auth/useLoginRedirectOn401';
import styles from './AccountSettingsPage.module.css';
import { accountApi, type Enrollment } from './account-api';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';
import { accountKeys } from './query-keys';
import { TwoFactorEnrollment } from './TwoFactorEnrollment';
import methodStyles from './TwoFactorSettings.module.css';
import {
  TWO_FACTOR_METHOD_HINTS,
  TWO_FACTOR_METHOD_LABELS,
  TWO_FACTOR_METHOD_ORDER,
} from './two-factor-methods';

/** Two-factor: status, enrollment (QR code for an authenticator app, or a code by SMS or email), turning it off. */
export function TwoFactorSettings({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [params] = useSearchParams();
  const requested = params.get('enable2fa') === '1';
  const status = useQuery({
    queryKey: accountKeys.twoFactor(),
    queryFn: ({ signal }) => accountApi.twoFactorStatus(signal),
  });
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ text: string; phone: boolean } | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useLoginRedirectOn401(status.error);

  // 'Enable 2FA' of the sign-in prompt lands here (000 §4).
  useEffect(() => {
    if (requested && status.isSuccess)
      rootRef.current?.closest('section')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [requested, status.isSuccess]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
    void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
  };

  const start = async (chosen: TwoFactorMethod = method) => {
    setStarting(true);
    setError(null);
    try {
      setEnrollment(await accountApi.enrollTwoFactor(chosen));
    } catch (failure) {
      setError({
        text: serverMessage(failure) ?? 'An unknown error occurred',
        phone: isApiError(failure) && failure.errorType === 'phone_required',
      });
    } finally {
      setStarting(false);
    }
  };

  if (status.isPending) {
    return (
      <div className={styles.form} aria-busy="true">
        <Skeleton width="50%" />
        <Skeleton variant="rect" height={56} />
      </div>
    );
  }
  if (status.isError) {
    return (
      <ErrorFallback
        title="Two-factor settings could not be loaded"
        message={serverMessage(status.error) ?? 'Check your connection and try again.'}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }

  const current = status.data;
  if (current.twoFAEnabled) {
    return (
      <div ref={rootRef} className={styles.form} data-testid="twofa-enabled">
        <FormAlert tone="success">
          Two-factor authentication is on:{' '}
          {current.method ? TWO_FACTOR_METHOD_LABELS[current.method] : 'enabled'}.
        </FormAlert>
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => setDisableOpen(true)}>
            Turn off two-factor
          </Button>
        </div>
        <DisableTwoFactorDialog
          hasPassword={profile.hasPassword}
          method={current.method}
          open={disableOpen}
          onClose={() => setDisableOpen(false)}
          onDisabled={() => {
            setDisableOpen(false);
            setEnrollment(null);
            toast.success('Two-factor authentication is off.');
            refresh();
          }}
        />
      </div>
    );
  }

  if (enrollment) {
    return (
      <div ref={rootRef}>
        <TwoFactorEnrollment
          enrollment={enrollment}
          onEnabled={() => {
            setEnrollment(null);
            toast.success('Two-factor authentication is on.');
            refresh();
          }}
          onCancel={() => setEnrollment(null)}
          onResend={async () => setEnrollment(await accountApi.enrollTwoFactor(enrollment.method))}
        />
      </div>
    );
  }

  return (
    <div ref={rootRef} className={styles.form} data-testid="twofa-setup">
      <fieldset className={methodStyles.methods}>
        <legend className="visually-hidden">Two-factor method</legend>
        {TWO_FACTOR_METHOD_ORDER.map((item) => {
          const needsPhone = item === 'sms' && !profile.verifiedPhone;
          return (
            <label key={item} className={methodStyles.method} data-disabled={needsPhone || undefined}>
              <input
                type="radio"
                name="twofa-method"
                value={item}
                checked={method === item}
                onChange={() => setMethod(item)}
                disabled={needsPhone || starting}
              />
              <span className={methodStyles.text}>
                <span className={methodStyles.label}>{TWO_FACTOR_METHOD_LABELS[item]}</span>
                <span className={methodStyles.hint}>
                  {needsPhone ? (
                    <>
                      Verify your phone number first.{' '}
                      <Link to={PROFILE_VALIDATION_PATH} className={styles.linkButton}>
                        Validate profile
                      </Link>
                    </>
                  ) : (
                    TWO_FACTOR_METHOD_HINTS[item]
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <FormAlert
          action={error.phone ? <Link to={PROFILE_VALIDATION_PATH}>Validate your profile</Link> : undefined}
        >
          {error.text}
        </FormAlert>
      ) : null}
      <div className={styles.formActions}>
        <Button onClick={() => void start()} loading={starting} data-testid="twofa-start">
          Set up {TWO_FACTOR_METHOD_LABELS[method].toLowerCase()}
        </Button>
      </div>
    </div>
  );
}
