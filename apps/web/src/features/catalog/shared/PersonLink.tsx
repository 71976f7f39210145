import { ANONYMOUS_NAME, profileLink } from '@vitrine/domain';
import type { ReactNode } from 'react';
import { Link } from '../../../ui/Link';

export interface PersonLinkProps {
  /** The profile_url; a full http(s) URL is used as is (001 §2). */
  profileUrl: string | null | undefined;
  children?: ReactNode;
  className?: string;
}

/** A link to a profile; 'Anonymous' (not clickable) for a profile of none (000 §3, 001 §9). */
export function PersonLink({ profileUrl, children, className }: PersonLinkProps) {
  const link = profileLink(profileUrl);
  if (!link) return <span className={className}>{ANONYMOUS_NAME}</span>;
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className}>
      {children}
    </Link>
  );
}
