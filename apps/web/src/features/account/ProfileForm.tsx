import { useQueryClient } from '@tanstack/react-query';
import { alterProfileSchema, type Profile, profileUrlSchema } from '@vitrine/domain';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useForm } from '../../lib/useForm';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { serverMessage } from '../auth/auth-errors';
import { authKeys } from '../auth/query-keys';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';

const BIO_MAX = 1000;
export const PROFILE_URL_TAKEN = 'This profile URL is already taken.';

/** Name, bio and profile URL (POST /user/v2/alter-user-profile/). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const form = useForm(alterProfileSchema, {
    first_name: profile.firstName,
    last_name: profile.lastName,
    name: profile.name,
    profile_url: profile.profileUrl,
    bio: profile.bio,
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const checkUrl = async () => {
    const value = form.values.profile_url.trim();
    if (value === profile.profileUrl || !profileUrlSchema.safeParse(value).success) return;
    try {
      const answer = await accountApi.isProfileUrlTaken(value);
      if (answer.taken) form.applyServerErrors({ profile_url: PROFILE_URL_TAKEN });
    } catch {
      // The save answers it anyway.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!form.validate()) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      const { values } = form;
      const updated = await accountApi.alterProfile({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        name: values.name.trim(),
        profile_url: values.profile_url.trim(),
        bio: values.bio.trim(),
      });
      queryClient.setQueryData(authKeys.profile(), updated);
      setSaved(true);
    } catch (failure) {
      const onFields =
        isApiError(failure) && form.applyServerErrors(failure.fields, { profileUrl: 'profile_url' });
      if (!onFields) setError(serverMessage(failure) ?? 'An unknown error occurred');
    } finally {
      setSaving(false);
    }
  };

  const url = form.field('profile_url');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <TextField
          {...form.field('first_name')}
          label="First name"
          autoComplete="given-name"
          disabled={saving}
        />
        <TextField
          {...form.field('last_name')}
          label="Last name"
          autoComplete="family-name"
          disabled={saving}
        />
      </div>
      <TextField {...form.field('name')} label="Display name" autoComplete="nickname" disabled={saving} />
      <TextField
        {...url}
        onBlur={() => {
          url.onBlur();
          void checkUrl();
        }}
        label="Profile URL"
        leading="/profile/"
        autoCapitalize="off"
        spellCheck={false}
        disabled={saving}
        hint="3 to 30 letters, numbers, hyphens or underscores."
      />
      <TextAreaField
        {...form.field('bio')}
        label="Bio"
        maxLength={BIO_MAX}
        rows={4}
        disabled={saving}
        labelAside={`${form.values.bio.length} / ${BIO_MAX}`}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {saved ? <FormAlert tone="success">Your profile is saved.</FormAlert> : null}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
