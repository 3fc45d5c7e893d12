import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** DELETE /api/merchant/staff/{id}: removed at once; their sessions end. */
export function useRemoveStaff({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/merchant/staff/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.staff }),
    onError,
  });
}
