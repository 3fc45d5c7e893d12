import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateProfile } from './invalidate-profile';

/** DELETE /api/auth/profile-picture. */
export function useRemoveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/auth/profile-picture');
    },
    onSuccess: () => invalidateProfile(queryClient),
  });
}
