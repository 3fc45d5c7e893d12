import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/lib/auth/get-me';
import { profileKeys } from './profile-keys';

/** After a profile change the profile and the current user are refetched (docs/spec.md section 4). */
export const invalidateProfile = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
  ]);
