import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { appPersister } from '../query-persister';
import { authKeys } from './get-me';

/**
 * POST /api/auth/logout. On success the whole client cache and its persisted copy are emptied
 * (docs/spec.md section 4) so the next person on this device sees nothing of the previous one, then the
 * user is set to null so route guards react at once without refetching /api/auth/me.
 */
export function useLogout({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/logout');
    },
    onSuccess: () => {
      // All synchronous: an await here would let screens re-render against the emptied cache and refetch.
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
      void appPersister.removeClient();
      onSuccess?.();
    },
    onError,
  });
}
