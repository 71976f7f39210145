import { INVALID_VERIFICATION_CODE, TWO_FACTOR_CODE_MIN_LENGTH, type TwoFactorMethod } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { INVALID_CREDENTIALS, serverMessage } from '../auth/auth-errors';
import { isTwoFactorInvalid, STEP_UP_CODE_HINT, type StepUpMethod, twoFactorRequired } from '../auth/step-up';
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
  // The code was asked for (and sent, unless it comes from an authenticator app): its field shows, said where from.
  const [asked, setAsked] = useState<StepUpMethod | null>(method === 'totp' ? 'totp' : null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = 'disable-twofa-form';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = hasPassword ? password : code.trim();
    if (!typed && (hasPassword || asked)) {
      setFieldError('Required');
      return;
    }
    // 000 §5: a two-factor code has at least 5 characters.
    if (!hasPassword && asked && typed.length < TWO_FACTOR_CODE_MIN_LENGTH) {
      setFieldError(INVALID_VERIFICATION_CODE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountApi.disableTwoFactor(hasPassword ? { password } : asked ? { twoFactorCode: typed } : {});
      setPassword('');
      setCode('');
      onDisabled();
    } catch (failure) {
      if (isApiError(failure) && failure.errorType === 'invalid_grant') setFieldError(INVALID_CREDENTIALS);
      else if (twoFactorRequired(failure)) setAsked(twoFactorRequired(failure));
      else if (isTwoFactorInvalid(failure)) setFieldError(INVALID_VERIFICATION_CODE);
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
            {hasPassword || asked ? 'Turn off' : 'Send code'}
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
            <p>Your account has no password, so you confirm with your two-factor code.</p>
            {asked ? (
              <TextField
                name="twoFactorCode"
                label="Verification code"
                hint={STEP_UP_CODE_HINT[asked]}
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
