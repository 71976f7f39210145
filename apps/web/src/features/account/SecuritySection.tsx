import type { Profile } from '@vitrine/domain';
import { ButtonLink } from '../../ui/ButtonLink';
import { EmailVerificationPanel } from '../auth/EmailVerificationPanel';
import { PROFILE_VALIDATION_PATH } from '../auth/paths';
import styles from './AccountSettingsPage.module.css';
import { ChangePasswordForm } from './ChangePasswordForm';
import { GeminiAccountCard } from './GeminiAccountCard';
import { SettingsCard } from './SettingsCard';
import { TwoFactorSettings } from './TwoFactorSettings';

export function SecuritySection({ profile }: { profile: Profile }) {
  return (
    <>
      <SettingsCard
        title="Email"
        testId="settings-email"
        aside={
          <span className={styles.badge} data-tone={profile.emailVerified ? 'success' : 'warning'}>
            {profile.emailVerified ? 'Verified' : 'Not verified'}
          </span>
        }
      >
        <EmailVerificationPanel profile={profile} />
      </SettingsCard>
      <SettingsCard
        id="two-factor"
        title="Two-factor authentication"
        description="A second step at sign-in, so that a password alone is not enough."
        testId="settings-twofa"
        aside={
          <span className={styles.badge} data-tone={profile.twoFAEnabled ? 'success' : undefined}>
            {profile.twoFAEnabled ? 'On' : 'Off'}
          </span>
        }
      >
        <TwoFactorSettings profile={profile} />
      </SettingsCard>
      <SettingsCard
        title="Password"
        description="You will be signed out on your other devices."
        testId="settings-password"
      >
        <ChangePasswordForm />
      </SettingsCard>
      <SettingsCard
        title="Profile validation"
        description="A verified phone number lets you join drops that need a validated account."
        testId="settings-validation"
        aside={
          <span className={styles.badge} data-tone={profile.verified ? 'success' : undefined}>
            {profile.verified ? 'Validated' : 'Not validated'}
          </span>
        }
      >
        <div>
          <ButtonLink to={PROFILE_VALIDATION_PATH} variant="secondary">
            {profile.verified ? 'Manage phone number' : 'Validate profile'}
          </ButtonLink>
        </div>
      </SettingsCard>
      <GeminiAccountCard />
    </>
  );
}
