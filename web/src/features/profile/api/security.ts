import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@shared/contract/index.ts';
import { apiJson, apiRequest } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';
import { appPersister } from '@/lib/query-persister';

/** POST /api/auth/change-password: this session stays, every other one ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiJson<{ success: boolean }>('POST', '/api/auth/change-password', body),
  });
}

/** POST /api/auth/logout-all: every session of the account ends, this one too; the cache is emptied like a sign-out. */
export function useLogoutAll({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/logout-all');
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
      void appPersister.removeClient();
      onSuccess?.();
    },
  });
}
