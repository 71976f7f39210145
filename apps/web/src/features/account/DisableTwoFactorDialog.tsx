import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { INVALID_CREDENTIALS, serverMessage } from '../auth/auth-errors';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';

export interface DisableTwoFactorDialogProps {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
}

/** Turning two-factor off asks for the password. */
export function DisableTwoFactorDialog({ open, onClose, onDisabled }: DisableTwoFactorDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = 'disable-twofa-form';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setFieldError('Required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountApi.disableTwoFactor(password);
      setPassword('');
      onDisabled();
    } catch (failure) {
      if (isApiError(failure) && failure.errorType === 'invalid_grant') setFieldError(INVALID_CREDENTIALS);
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
            Turn off
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
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
        {error ? <FormAlert>{error}</FormAlert> : null}
      </form>
    </Dialog>
  );
}
