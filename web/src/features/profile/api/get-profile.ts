import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/contract/index.ts';
import { profileKeys } from './profile-keys';

/** GET /api/auth/profile → {name, email, profilePicture}. */
const profileQueryOptions = () => queryOptions<Profile>({ queryKey: profileKeys.profile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
