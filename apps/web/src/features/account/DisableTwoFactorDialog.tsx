import type { TwoFactorMethod } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { INVALID_CREDENTIALS, serverMessage } from '../auth/auth-errors';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';

export interface DisableTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
  /** False for an account with no password (a wallet sign-up): it confirms with its two-factor code instead. */
  hasPassword?: boolean;
  /** The method on, for the code's wording. */
  method?: TwoFactorMethod | null;
}

/** Where the code to confirm with comes from, by method. */
const CODE_SOURCE: Record<TwoFactorMethod, string> = {
  totp: 'the code your authenticator app shows',
  sms: 'a code we send to your phone',
  email: 'a code we send to your email',
  one_touch: 'a code we send to your email',
};

/**
 * Turning two-factor off asks for the password; an account with none (it signed up with a wallet) confirms with its
 * two-factor code, which is sent first when it comes by text or email.
 */
export function DisableTwoFactorDialog({
  open,
  onClose,
  onDisabled,
  hasPassword = true,
  method = null,
}: DisableTwoFactorDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The code was asked for (and sent, unless it comes from an authenticator app): its field shows.
  const [codeAsked, setCodeAsked] = useState(method === 'totp');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = 'disable-twofa-form';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = hasPassword ? password : code.trim();
    if (!typed && (hasPassword || codeAsked)) {
      setFieldError('Required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountApi.disableTwoFactor(
        hasPassword ? { password } : codeAsked ? { twoFactorCode: typed } : {},
      );
      setPassword('');
      setCode('');
      onDisabled();
    } catch (failure) {
      if (isApiError(failure) && failure.errorType === 'invalid_grant') setFieldError(INVALID_CREDENTIALS);
      else if (isApiError(failure) && failure.errorType === 'two_factor_required') setCodeAsked(true);
      else if (isApiError(failure) && failure.errorType === 'two_factor_invalid')
        setFieldError(failure.message);
      else setError(serverMessage(failure) ?? 'An unknown error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Turn off two-factor authentication?"
      loading={busy}
      testId="disable-twofa-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={busy}>
            {hasPassword || codeAsked ? 'Turn off' : 'Send code'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {hasPassword ? (
          <>
            <p>Signing in will need only your password again. Enter it to confirm.</p>
            <PasswordField
              name="password"
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
              error={fieldError}
              disabled={busy}
              data-autofocus
            />
          </>
        ) : (
          <>
            <p>
              Your account has no password, so you confirm with your two-factor code:{' '}
              {method ? CODE_SOURCE[method] : 'the code of your two-factor method'}.
            </p>
            {codeAsked ? (
              <TextField
                name="twoFactorCode"
                label="Two-factor code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setFieldError(null);
                }}
                error={fieldError}
                disabled={busy}
                data-autofocus
              />
            ) : null}
          </>
        )}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </form>
    </Dialog>
  );
}
