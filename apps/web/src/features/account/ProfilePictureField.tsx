import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@vitrine/domain';
import { type ChangeEvent, useRef, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Avatar } from '../auth/Avatar';
import { serverMessage } from '../auth/auth-errors';
import { authKeys } from '../auth/query-keys';
import { accountApi } from './account-api';
import styles from './ProfilePictureField.module.css';

/** The API's limits (decision 003): PNG, JPEG, GIF, WebP or AVIF, at most 700 KB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export const PICTURE_MAX_BYTES = 700 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read'));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

export function ProfilePictureField({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setSaved(false);
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setError('Unsupported image type');
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setError('Image is too large');
      return;
    }
    setUploading(true);
    try {
      await accountApi.updatePicture(await readAsDataUrl(file));
      await queryClient.invalidateQueries({ queryKey: authKeys.profile() });
      setSaved(true);
    } catch (failure) {
      setError(
        (isApiError(failure) && failure.fields?.new_profile_pic) ||
          serverMessage(failure) ||
          'An unknown error occurred',
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.row}>
      <Avatar name={profile.name || profile.email || ''} src={profile.profilePicUrl} size={88} />
      <div className={styles.body}>
        <p className={styles.hint}>PNG, JPEG, GIF, WebP or AVIF, up to 700 KB. A square image looks best.</p>
        <input
          ref={input}
          type="file"
          accept={PICTURE_TYPES.join(',')}
          className="visually-hidden"
          onChange={upload}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="picture-input"
        />
        <div>
          <Button variant="secondary" onClick={() => input.current?.click()} loading={uploading}>
            {uploading ? 'Uploading…' : profile.profilePicUrl ? 'Change picture' : 'Upload picture'}
          </Button>
        </div>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {saved ? <FormAlert tone="success">Your profile picture is updated.</FormAlert> : null}
      </div>
    </div>
  );
}
