import { useParams } from 'react-router';
import { ProfileScreen } from './ProfileScreen';

/** Artist or user profile: /profile/{profile_url} (001 §2). */
export function ProfilePage() {
  const { profileUrl = '' } = useParams();
  return <ProfileScreen profileUrl={profileUrl} />;
}
