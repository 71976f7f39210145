import { mediaUrl } from '../../app/config';
import styles from './Avatar.module.css';

export interface AvatarProps {
  name: string;
  src?: string | null | undefined;
  size?: number;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '');
  return letters.toUpperCase() || '?';
}

/** A round profile picture, or the initials on a tinted disc. */
export function Avatar({ name, src, size = 36 }: AvatarProps) {
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}>
      {src ? (
        <img src={mediaUrl(src)} alt="" className={styles.image} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
