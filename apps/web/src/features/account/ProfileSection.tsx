import type { Profile } from '@vitrine/domain';
import { ProfileForm } from './ProfileForm';
import { ProfilePictureField } from './ProfilePictureField';
import { SettingsCard } from './SettingsCard';
import { SocialLinksForm } from './SocialLinksForm';

export function ProfileSection({ profile }: { profile: Profile }) {
  return (
    <>
      <SettingsCard title="Profile picture" testId="settings-picture">
        <ProfilePictureField profile={profile} />
      </SettingsCard>
      <SettingsCard title="Profile" description="How other collectors see you." testId="settings-profile">
        <ProfileForm key={profile.id} profile={profile} />
      </SettingsCard>
      <SettingsCard
        title="Social links"
        description="Shown on your public profile."
        testId="settings-social-links"
      >
        <SocialLinksForm key={profile.id} profile={profile} />
      </SettingsCard>
    </>
  );
}
