import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** DELETE /api/merchant/counter-devices/{id}: the tablet stops being a counter; staff on it are signed out. */
export function useUnpairDevice({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/merchant/counter-devices/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.devices }),
    onError,
  });
}
