import { changePasswordSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { INVALID_CREDENTIALS, serverMessage } from '../auth/auth-errors';
import { PasswordChecklist } from '../auth/PasswordChecklist';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';

const EMPTY = { current_password: '', new_password: '' };

/** Password change: every other session ends (decision 003). */
export function ChangePasswordForm() {
  const form = useForm(changePasswordSchema, EMPTY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = form.validate();
    if (!input) return;
    setSaving(true);
    setError(null);
    setDone(null);
    try {
      const answer = await accountApi.changePassword(input.current_password, input.new_password);
      form.reset(EMPTY);
      setDone(answer.detail);
    } catch (failure) {
      if (isApiError(failure) && failure.errorType === 'invalid_grant') {
        form.applyServerErrors({ current_password: INVALID_CREDENTIALS });
      } else {
        const onFields = isApiError(failure) && form.applyServerErrors(failure.fields);
        if (!onFields) setError(serverMessage(failure) ?? 'An unknown error occurred');
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="change-password-form">
      <PasswordField
        {...form.field('current_password')}
        label="Current password"
        autoComplete="current-password"
        disabled={saving}
      />
      <PasswordField
        {...form.field('new_password')}
        label="New password"
        autoComplete="new-password"
        disabled={saving}
      >
        <PasswordChecklist password={form.values.new_password} />
      </PasswordField>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done} You are signed out on your other devices.</FormAlert> : null}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving}>
          {saving ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
