import { ButtonLink } from '../../ui/ButtonLink';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { AuthCard } from './AuthCard';
import { AuthHeading } from './AuthHeading';
import { EmailVerificationPanel } from './EmailVerificationPanel';
import styles from './OnboardingPage.module.css';
import { OnboardingStep } from './OnboardingStep';
import { PageLoading } from './PageLoading';
import { PROFILE_VALIDATION_PATH, SECURITY_SETTINGS_PATH } from './paths';
import { useProfile } from './profile-query';
import { RequireAuth } from './RequireAuth';
import { useLoginRedirectOn401 } from './useLoginRedirectOn401';

/** Where a new account lands after signup (000 §2 "otherwise go to the onboarding route"). */
export function OnboardingPage() {
  return (
    <RequireAuth>
      <Onboarding />
    </RequireAuth>
  );
}

function Onboarding() {
  const profile = useProfile();
  useLoginRedirectOn401(profile.error);

  if (profile.isPending) return <PageLoading />;
  if (profile.isError || !profile.data) {
    return (
      <AuthCard documentTitle="Welcome" testId="onboarding-page">
        <ErrorFallback
          title="Your account could not be loaded"
          message="Check your connection and try again."
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      </AuthCard>
    );
  }
  const user = profile.data;
  return (
    <AuthCard documentTitle="Welcome" testId="onboarding-page" wide>
      <AuthHeading
        eyebrow="Account created"
        title={`Welcome to Vitrine, ${user.firstName || user.name}!`}
        subtitle="Your account is ready. A few steps get the most out of it."
      />
      <ol className={styles.steps}>
        <OnboardingStep number={1} title="Verify your email" done={user.emailVerified}>
          <EmailVerificationPanel profile={user} />
        </OnboardingStep>
        <OnboardingStep number={2} title="Validate your profile" done={user.verified}>
          <p className={styles.text}>Add a phone number to join drops that need a validated account.</p>
          {user.verified ? null : (
            <ButtonLink to={PROFILE_VALIDATION_PATH} variant="secondary" size="sm">
              Validate profile
            </ButtonLink>
          )}
        </OnboardingStep>
        <OnboardingStep number={3} title="Protect your account" done={user.twoFAEnabled}>
          <p className={styles.text}>
            Turn on two-factor authentication so that a password alone cannot sign in.
          </p>
          {user.twoFAEnabled ? null : (
            <ButtonLink to={`${SECURITY_SETTINGS_PATH}?enable2fa=1`} variant="secondary" size="sm">
              Set up two-factor
            </ButtonLink>
          )}
        </OnboardingStep>
      </ol>
      <ButtonLink to="/" size="lg" fullWidth>
        Start exploring
      </ButtonLink>
    </AuthCard>
  );
}
