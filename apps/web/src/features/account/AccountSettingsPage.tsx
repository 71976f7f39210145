import type { Profile } from '@vitrine/domain';
import { NavLink, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { Skeleton } from '../../ui/Skeleton';
import { ACCOUNT_SETTINGS_PATH, SECURITY_SETTINGS_PATH, SESSIONS_SETTINGS_PATH } from '../auth/paths';
import { useProfile } from '../auth/profile-query';
import { RequireAuth } from '../auth/RequireAuth';
import { useLoginRedirectOn401 } from '../auth/useLoginRedirectOn401';
import styles from './AccountSettingsPage.module.css';
import { ProfileSection } from './ProfileSection';
import { SecuritySection } from './SecuritySection';
import { SessionsSection } from './SessionsSection';

const SECTIONS = [
  { key: 'profile', label: 'Profile', to: ACCOUNT_SETTINGS_PATH },
  { key: 'security', label: 'Security', to: SECURITY_SETTINGS_PATH },
  { key: 'sessions', label: 'Sessions', to: SESSIONS_SETTINGS_PATH },
] as const;

type SectionKey = (typeof SECTIONS)[number]['key'];

function isSection(value: string): value is SectionKey {
  return SECTIONS.some((section) => section.key === value);
}

/** Account settings: profile, picture and social links; password, two-factor; sessions. */
export function AccountSettingsPage() {
  const { section = 'profile' } = useParams();
  if (!isSection(section)) return <NotFoundPage />;
  return (
    <div className={`page-container ${styles.page}`} data-testid="account-settings-page">
      <DocumentTitle title="Account settings · Vitrine" />
      <header className={styles.header}>
        <h1 className={styles.title}>Account settings</h1>
      </header>
      <div className={styles.layout}>
        <nav className={styles.tabs} aria-label="Settings sections">
          {SECTIONS.map((item) => (
            <NavLink key={item.key} to={item.to} end className={styles.tab}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.content}>
          <RequireAuth>
            <Section section={section} />
          </RequireAuth>
        </div>
      </div>
    </div>
  );
}

function Section({ section }: { section: SectionKey }) {
  const profile = useProfile();
  useLoginRedirectOn401(profile.error);
  if (section === 'sessions') return <SessionsSection />;
  if (profile.isPending) return <SettingsSkeleton />;
  if (profile.isError || !profile.data) {
    return (
      <ErrorFallback
        title="Your account could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  const user: Profile = profile.data;
  return section === 'security' ? <SecuritySection profile={user} /> : <ProfileSection profile={user} />;
}

function SettingsSkeleton() {
  return (
    <div className={styles.card} aria-busy="true" data-testid="settings-loading">
      <Skeleton width="30%" height={22} />
      <Skeleton width="60%" />
      <Skeleton variant="rect" height={48} />
      <Skeleton variant="rect" height={48} />
      <Skeleton variant="rect" height={112} />
    </div>
  );
}
