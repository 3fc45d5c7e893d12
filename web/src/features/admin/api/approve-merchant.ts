import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

const approveMerchant = (id: string) => apiJson<unknown>('POST', `/api/admin/merchants/${id}/approve`);

/** POST /api/admin/merchants/{id}/approve (no body); merchants and metrics are refetched. */
export function useApproveMerchant({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMerchant,
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
