import { useParams } from 'react-router';
import { ProfileScreen } from '../profile/ProfileScreen';
import { StorefrontScreen } from './StorefrontScreen';

/** /{publisherSlug} and /{storefrontSlug} (a storefront), and /@{userSlug} (a collector profile) (001 §2). */
export function StorefrontPage() {
  const { slug = '' } = useParams();
  if (slug.startsWith('@') && slug.length > 1) return <ProfileScreen profileUrl={slug.slice(1)} />;
  return <StorefrontScreen slug={slug} />;
}
