import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PairBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /api/counter/pair {code}: this tablet becomes the business's counter (device cookie, HttpOnly). */
export function usePairDevice({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PairBody) => apiJson<{ businessName: string }>('POST', '/api/counter/pair', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.device });
      onSuccess?.();
    },
  });
}
