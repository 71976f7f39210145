import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BIO_MAX_LENGTH,
  SOCIAL_LINK_KINDS,
  STOREFRONT_MESSAGES,
  STOREFRONT_NAME_MAX_LENGTH,
  STOREFRONT_SLUG_MAX_LENGTH,
  socialLinkInputSchema,
  storefrontUpdateSchema,
} from '@vitrine/domain';
import { type FormEvent, useRef, useState } from 'react';

import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { mediaUrl } from '../../../app/config';
import { useForm } from '../../../lib/useForm';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ErrorFallback } from '../../../ui/ErrorFallback';
import { FormAlert } from '../../../ui/FormAlert';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { Page } from '../../../ui/Page';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import { authKeys } from '../../auth/query-keys';
import { RequireAuth } from '../../auth/RequireAuth';
import { catalogKeys } from '../../catalog/query-keys';
import { Uploader } from '../uploads/Uploader';
import styles from './StorefrontEditorPage.module.css';
import { type EditorStorefront, storefrontEditorApi, storefrontEditorKeys } from './storefront-editor-api';

/** The editor's name of a link's kind (links stored elsewhere say 'website', 'twitter'). */
const kindLabel = (kind: string) =>
  SOCIAL_LINK_KINDS.find((k) => k.toLowerCase() === kind.toLowerCase()) ??
  (kind.toLowerCase() === 'twitter' ? 'X' : kind);

/** `/publishers/{slug}/edit`: the storefront editor (001 §2 publisher screens). */
export function StorefrontEditorPage() {
  const { slug = '' } = useParams();
  return (
    <Page title="Edit your Storefront" eyebrow="Publisher" testId="storefront-editor-page">
      <RequireAuth>
        <StorefrontEditor slug={slug} />
      </RequireAuth>
    </Page>
  );
}

function StorefrontEditor({ slug }: { slug: string }) {
  const query = useQuery({
    queryKey: storefrontEditorKeys.storefront(slug),
    queryFn: ({ signal }) => storefrontEditorApi.get(slug, signal),
    staleTime: 0,
  });
  if (query.isPending) {
    return (
      <div aria-busy="true" className={styles.layout}>
        <Skeleton width="100%" height={220} />
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.statusCode === 404) {
      return <FormAlert>You can only edit the storefronts of publishers you are a member of.</FormAlert>;
    }
    return <ErrorFallback onRetry={() => void query.refetch()} />;
  }
  // A new key per slug: a saved slug change starts the form from the saved storefront.
  return <EditorForm key={query.data.slug} storefront={query.data} />;
}

/** After a change: the editor's answer, and every storefront page and the profile's publisher list. */
function useApplySaved() {
  const queryClient = useQueryClient();
  return (saved: EditorStorefront, previousSlug: string) => {
    queryClient.setQueryData(storefrontEditorKeys.storefront(saved.slug), saved);
    if (saved.slug.toLowerCase() !== previousSlug.toLowerCase()) {
      queryClient.removeQueries({ queryKey: storefrontEditorKeys.storefront(previousSlug) });
      void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
    }
    void queryClient.invalidateQueries({ queryKey: catalogKeys.storefronts() });
  };
}

function EditorForm({ storefront }: { storefront: EditorStorefront }) {
  const navigate = useNavigate();
  const applySaved = useApplySaved();
  const form = useForm(storefrontUpdateSchema, {
    name: storefront.name,
    description: storefront.description,
    slug: storefront.slug,
  });
  const [pictures, setPictures] = useState({
    profilePicUrl: storefront.profilePicUrl,
    coverPhotoUrl: storefront.coverPhotoUrl,
  });
  const [saving, setSaving] = useState(false);
  // Saved with a new slug, the form starts again at its new address: it still says it was saved (QA 2026-12-07).
  const location = useLocation();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(() =>
    (location.state as { storefrontSaved?: boolean } | null)?.storefrontSaved ? 'saved' : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const values = form.validate();
    // A field's own message says what to fix; 'Please try again' above it read like the server's failure, which a
    // retry would not mend (QA 2026-12-07). The keyboard goes to the first field with a message.
    if (!values) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSaving(true);
    try {
      const saved = await storefrontEditorApi.update(storefront.slug, { ...values, ...pictures });
      applySaved(saved, storefront.slug);
      setOutcome('saved');
      if (saved.slug !== storefront.slug) {
        navigate(`/publishers/${encodeURIComponent(saved.slug)}/edit`, {
          replace: true,
          state: { storefrontSaved: true },
        });
      }
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      form.applyServerErrors(fields);
      if (fields && Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
      else {
        setOutcome('failed');
        setFailure(isApiError(error) ? error.message : STOREFRONT_MESSAGES.saveFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  const picture = (field: 'profilePicUrl' | 'coverPhotoUrl') => (url: string | null) => {
    setOutcome(null);
    setPictures((current) => ({ ...current, [field]: url }));
  };
  const count = (value: string, max: number) => (
    <span className={value.length > max ? styles.over : undefined}>
      {value.length} / {max}
    </span>
  );

  return (
    <div className={styles.layout}>
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={submit}
        noValidate
        data-testid="storefront-editor-form"
      >
        <TextField
          {...form.field('name')}
          label="Name"
          labelAside={count(form.values.name, STOREFRONT_NAME_MAX_LENGTH)}
          disabled={saving}
        />
        <TextAreaField
          {...form.field('description')}
          label="Bio"
          rows={6}
          labelAside={count(form.values.description, BIO_MAX_LENGTH)}
          disabled={saving}
        />
        <TextField
          {...form.field('slug')}
          label="Storefront URL"
          leading="/"
          autoCapitalize="off"
          spellCheck={false}
          labelAside={count(form.values.slug, STOREFRONT_SLUG_MAX_LENGTH)}
          hint="Letters, numbers, - and _."
          disabled={saving}
        />
        <div className={styles.pictures}>
          <div className={styles.picture}>
            <Avatar src={pictures.profilePicUrl} name={form.values.name} size={96} square />
            <Uploader
              slug={storefront.slug}
              purpose="image"
              label="Avatar"
              testId="avatar-uploader"
              onUploaded={(result) => picture('profilePicUrl')(result.mediaUrl)}
            />
          </div>
          <div className={styles.picture}>
            <div className={styles.coverPreview} data-testid="cover-preview">
              {pictures.coverPhotoUrl ? <img src={mediaUrl(pictures.coverPhotoUrl)} alt="" /> : null}
            </div>
            <Uploader
              slug={storefront.slug}
              purpose="image"
              label="Cover"
              testId="cover-uploader"
              onUploaded={(result) => picture('coverPhotoUrl')(result.mediaUrl)}
            />
            {pictures.coverPhotoUrl ? (
              <Button variant="secondary" size="sm" onClick={() => picture('coverPhotoUrl')(null)}>
                Remove cover
              </Button>
            ) : null}
          </div>
        </div>
        {outcome === 'saved' ? (
          <FormAlert tone="success" testId="storefront-saved">
            {STOREFRONT_MESSAGES.saved}
          </FormAlert>
        ) : null}
        {outcome === 'failed' && failure ? (
          <FormAlert testId="storefront-save-failed">{failure}</FormAlert>
        ) : null}
        <div className={styles.actions}>
          <ButtonLink to={`/${encodeURIComponent(storefront.slug)}`} variant="secondary">
            View your Storefront
          </ButtonLink>
          <Button type="submit" loading={saving} data-testid="storefront-save">
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
      <SocialLinksEditor storefront={storefront} />
    </div>
  );
}

function SocialLinksEditor({ storefront }: { storefront: EditorStorefront }) {
  const applySaved = useApplySaved();
  const [kind, setKind] = useState<string>(SOCIAL_LINK_KINDS[0]);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = socialLinkInputSchema.safeParse({ kind, url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? STOREFRONT_MESSAGES.linkUrl);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      applySaved(await storefrontEditorApi.addLink(storefront.slug, parsed.data), storefront.slug);
      setUrl('');
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : STOREFRONT_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    setBusy(true);
    setError(null);
    try {
      applySaved(await storefrontEditorApi.removeLink(storefront.slug, id), storefront.slug);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : STOREFRONT_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.links} aria-labelledby="social-links-title" data-testid="social-links-editor">
      <h2 id="social-links-title" className={styles.sectionTitle}>
        Social links
      </h2>
      {storefront.socialLinks.length === 0 ? <p className={styles.muted}>No links yet.</p> : null}
      <ul className={styles.linkList}>
        {storefront.socialLinks.map((link) => (
          <li key={link.id} className={styles.linkRow} data-testid="social-link-row">
            <span className={styles.linkKind}>{kindLabel(link.kind)}</span>
            <a href={link.url} target="_blank" rel="noopener noreferrer" className={styles.linkUrl}>
              {link.url}
            </a>
            <Button variant="secondary" size="sm" onClick={() => void remove(link.id)} disabled={busy}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className={styles.addLink} onSubmit={add} noValidate>
        <SelectField
          name="kind"
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          disabled={busy}
        >
          {SOCIAL_LINK_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
        <TextField
          name="url"
          label="URL"
          type="url"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={busy}
        />
        <Button type="submit" variant="secondary" loading={busy} data-testid="social-link-add">
          Add link
        </Button>
      </form>
      {error ? <FormAlert testId="social-link-error">{error}</FormAlert> : null}
    </section>
  );
}
