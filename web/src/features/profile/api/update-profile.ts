import type { Profile, UpdateProfileBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { invalidateProfile } from './invalidate-profile';

const updateProfile = (body: UpdateProfileBody) => apiJson<Profile>('PUT', '/api/auth/profile', body);

/** PUT /api/auth/profile {name}. */
export const useUpdateProfile = () => useApiMutation({ call: updateProfile, refresh: invalidateProfile });
