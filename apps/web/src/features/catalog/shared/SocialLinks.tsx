import { isValidUrl } from '@vitrine/domain';
import type { SocialLink } from '../catalog-types';
import styles from './SocialLinks.module.css';

const LABELS: Record<string, string> = {
  website: 'Website',
  x: 'X',
  twitter: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  discord: 'Discord',
  youtube: 'YouTube',
  twitch: 'Twitch',
  reddit: 'Reddit',
};

/** A storefront's or profile's social links; external links open in a new tab (001 §2). */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const valid = links.filter((link) => isValidUrl(link.url));
  if (valid.length === 0) return null;
  return (
    <ul className={styles.links} aria-label="Links">
      {valid.map((link) => (
        <li key={`${link.kind}-${link.url}`}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {LABELS[link.kind.toLowerCase()] ?? link.kind}
            <span aria-hidden="true">↗</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
