import { useQueryClient } from '@tanstack/react-query';
import { type Profile, SOCIAL_LINK_KINDS, socialLinksSchema } from '@vitrine/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Link } from '../../ui/Link';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { serverMessage } from '../auth/auth-errors';
import { SECURITY_SETTINGS_PATH } from '../auth/paths';
import { authKeys } from '../auth/query-keys';
import styles from './AccountSettingsPage.module.css';
import { accountApi } from './account-api';
import rowStyles from './SocialLinksForm.module.css';

const MAX_LINKS = 10;

interface Row {
  id: string;
  kind: string;
  url: string;
}

const newRow = (kind = 'website', url = ''): Row => ({ id: crypto.randomUUID(), kind, url });

/** Social links of the profile (POST /user/alter-user-social-links/, verified email required). */
export function SocialLinksForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() =>
    profile.socialLinks.length > 0
      ? profile.socialLinks.map((link) => newRow(link.kind.toLowerCase(), link.url))
      : [],
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ text: string; verifyEmail: boolean } | null>(null);
  const [saved, setSaved] = useState(false);

  const parsed = useMemo(
    () => socialLinksSchema.safeParse({ socialLinks: rows.map(({ kind, url }) => ({ kind, url })) }),
    [rows],
  );
  const rowErrors = useMemo(() => {
    const errors = new Map<string, string>();
    if (parsed.success) return errors;
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const row = typeof index === 'number' ? rows[index] : undefined;
      const key = row ? `${row.id}:${String(field)}` : 'list';
      if (!errors.has(key)) errors.set(key, issue.message);
    }
    return errors;
  }, [parsed, rows]);

  const update = (id: string, patch: Partial<Row>) => {
    setSaved(false);
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || saving) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      const answer = await accountApi.setSocialLinks(parsed.data.socialLinks);
      queryClient.setQueryData<Profile | null>(authKeys.profile(), (current) =>
        current ? { ...current, socialLinks: answer.socialLinks } : current,
      );
      setSaved(true);
    } catch (failure) {
      setError({
        text: serverMessage(failure) ?? 'An unknown error occurred',
        verifyEmail: isApiError(failure) && failure.errorType === 'email_verification_required',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {rows.length === 0 ? (
        <p className={styles.muted}>No links yet. Add your website or social accounts.</p>
      ) : null}
      {rows.map((row, index) => (
        <div key={row.id} className={rowStyles.row}>
          <SelectField
            name={`kind-${index}`}
            label={`Link ${index + 1} type`}
            hideLabel
            value={row.kind}
            onChange={(event) => update(row.id, { kind: event.target.value })}
            disabled={saving}
            className={rowStyles.kind}
          >
            {SOCIAL_LINK_KINDS.map((kind) => (
              <option key={kind} value={kind.toLowerCase()}>
                {kind}
              </option>
            ))}
          </SelectField>
          <TextField
            name={`url-${index}`}
            label={<span className="visually-hidden">{`Link ${index + 1} URL`}</span>}
            value={row.url}
            onChange={(event) => update(row.id, { url: event.target.value })}
            placeholder="https://"
            type="url"
            inputMode="url"
            disabled={saving}
            error={submitted ? rowErrors.get(`${row.id}:url`) : undefined}
            className={rowStyles.url}
          />
          <button
            type="button"
            className={rowStyles.remove}
            onClick={() => setRows((current) => current.filter((item) => item.id !== row.id))}
            aria-label={`Remove link ${index + 1}`}
            disabled={saving}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
      {submitted && rowErrors.get('list') ? <FormAlert>{rowErrors.get('list')}</FormAlert> : null}
      {error ? (
        <FormAlert
          action={error.verifyEmail ? <Link to={SECURITY_SETTINGS_PATH}>Verify your email</Link> : undefined}
        >
          {error.text}
        </FormAlert>
      ) : null}
      {saved ? <FormAlert tone="success">Your links are saved.</FormAlert> : null}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving}>
          {saving ? 'Saving…' : 'Save links'}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setRows((current) => [...current, newRow()])}
          disabled={saving || rows.length >= MAX_LINKS}
        >
          + Add link
        </Button>
      </div>
    </form>
  );
}
