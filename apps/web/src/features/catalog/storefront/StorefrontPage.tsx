import { useParams } from 'react-router';
import { ProfileScreen } from '../profile/ProfileScreen';
import { StorefrontScreen } from './StorefrontScreen';
import { profileUrlOfSlug } from './storefront-slug';

/** /{publisherSlug} and /{storefrontSlug} (a storefront), and /@{userSlug} (a collector profile) (001 §2). */
export function StorefrontPage() {
  const { slug = '' } = useParams();
  const profileUrl = profileUrlOfSlug(slug);
  if (profileUrl !== null) return <ProfileScreen profileUrl={profileUrl} />;
  return <StorefrontScreen slug={slug} />;
}
