import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@vitrine/domain';
import { api, isApiError } from '../../app/api-client';
import { useLoggedIn } from '../../app/useLoggedIn';
import { withAuthRetry } from './authed-request';
import { authKeys } from './query-keys';

/** `GET /user/profile/`; a 404 answers empty (000 §8 "Profile lookup 404 returns empty"). */
export function profileQuery() {
  return queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }): Promise<Profile | null> => {
      try {
        return await withAuthRetry(() => api.get<Profile>('/user/profile/', { signal }));
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },
  });
}

/** The signed-in user's profile; idle while logged out. */
export function useProfile() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...profileQuery(), enabled: loggedIn });
}

/** The name to greet with: the display name, else the first name. */
export function greetingName(profile: Pick<Profile, 'name' | 'firstName'> | null | undefined): string {
  const name = profile?.name.trim() || profile?.firstName.trim() || '';
  return name;
}
