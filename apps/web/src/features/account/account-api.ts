// The account settings calls (docs/decisions/003-accounts-api.md "Profile", "Two-factor settings", "Sessions").
import type {
  AccountSession,
  Profile,
  SocialLink,
  TwoFactorEnrollment,
  TwoFactorMethod,
  TwoFactorStatus,
} from '@vitrine/domain';
import { api } from '../../app/api-client';
import type { PaginatedResponse } from '../../app/api-types';
import { withAuthRetry } from '../auth/authed-request';

export type { SocialLink, TwoFactorStatus };
export type Enrollment = TwoFactorEnrollment;

export interface ProfileChanges {
  name: string;
  bio: string;
  profile_url: string;
  first_name: string;
  last_name: string;
}

export const SESSIONS_PAGE_SIZE = 10;

export const accountApi = {
  alterProfile: (changes: ProfileChanges) =>
    withAuthRetry(() => api.post<Profile>('/user/v2/alter-user-profile/', changes)),
  updatePicture: (dataUrl: string) =>
    withAuthRetry(() =>
      api.post<{ profilePicUrl: string }>('/user/update-profile-picture/', { new_profile_pic: dataUrl }),
    ),
  isProfileUrlTaken: (profileUrl: string) =>
    api.get<{ profile_url: string; taken: boolean }>('/user/is-profile-url-taken/', {
      query: { profile_url: profileUrl },
    }),
  setSocialLinks: (socialLinks: SocialLink[]) =>
    withAuthRetry(() =>
      api.post<{ socialLinks: SocialLink[] }>('/user/alter-user-social-links/', { socialLinks }),
    ),
  changePassword: (current_password: string, new_password: string) =>
    withAuthRetry(() =>
      api.post<{ detail: string }>('/user/change-password/', { current_password, new_password }),
    ),
  twoFactorStatus: (signal?: AbortSignal) =>
    withAuthRetry(() => api.get<TwoFactorStatus>('/user/twofa/check/', signal ? { signal } : {})),
  enrollTwoFactor: (method: TwoFactorMethod) =>
    withAuthRetry(() => api.post<Enrollment>('/user/twofa/enroll/', { method })),
  verifyEnrollment: (code: string) =>
    withAuthRetry(() =>
      api.post<{ twoFAEnabled: true; method: TwoFactorMethod }>('/user/twofa/verifyenrollment/', {
        auth_code: code,
      }),
    ),
  /** With the password; an account with none confirms with its two-factor code (asked for, and sent, first). */
  disableTwoFactor: (confirm: { password: string } | { twoFactorCode?: string }) =>
    withAuthRetry(() => api.post<{ twoFAEnabled: false }>('/user/twofa/disable/', confirm)),
  sessions: (page: number, signal?: AbortSignal) =>
    withAuthRetry(() =>
      api.get<PaginatedResponse<AccountSession>>('/user/sessions/', {
        query: { page, page_size: SESSIONS_PAGE_SIZE },
        ...(signal ? { signal } : {}),
      }),
    ),
  revokeSession: (id: string) => withAuthRetry(() => api.delete<{ revoked: true }>(`/user/sessions/${id}/`)),
  revokeAll: (keepCurrent: boolean) =>
    withAuthRetry(() =>
      api.post<{ revoked: number }>('/user/sessions/revoke-all/', { keep_current: keepCurrent }),
    ),
};
