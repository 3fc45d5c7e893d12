import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

const deleteUser = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/users/${id}`);

/** DELETE /api/admin/users/{id}; users, merchants (an owner's business goes too) and metrics are refetched. */
export function useDeleteUser({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.usersRoot }),
        queryClient.invalidateQueries({ queryKey: adminKeys.merchants }),
        queryClient.invalidateQueries({ queryKey: adminKeys.metrics }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
