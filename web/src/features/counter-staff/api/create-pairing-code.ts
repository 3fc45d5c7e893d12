import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PairingCodeAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /api/merchant/counter-devices: a one-time code (10 minutes) to type on the tablet. */
export function useCreatePairingCode({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<PairingCodeAnswer>('POST', '/api/merchant/counter-devices'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.devices }),
    onError,
  });
}
