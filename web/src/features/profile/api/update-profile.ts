import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { invalidateProfile } from './invalidate-profile';

/** PUT /api/auth/profile {name}. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiJson<Profile>('PUT', '/api/auth/profile', body),
    onSuccess: () => invalidateProfile(queryClient),
  });
}
