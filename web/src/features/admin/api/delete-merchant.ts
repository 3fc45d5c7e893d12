import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

const deleteMerchant = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/merchants/${id}`);

/** DELETE /api/admin/merchants/{id}; merchants and metrics are refetched. */
export function useDeleteMerchant({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMerchant,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.merchants }),
        queryClient.invalidateQueries({ queryKey: adminKeys.metrics }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
