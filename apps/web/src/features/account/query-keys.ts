// Query keys of the account settings, under the signed-in user's prefix (dropped at sign-out).
import { authKeys } from '../auth/query-keys';

export const accountKeys = {
  twoFactor: () => [...authKeys.user(), 'twofa'] as const,
  sessions: () => [...authKeys.user(), 'sessions'] as const,
  sessionsPage: (page: number) => [...accountKeys.sessions(), page] as const,
};
