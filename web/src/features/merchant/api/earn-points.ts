import { useMutation } from '@tanstack/react-query';
import type { EarnBody, PointsEntry } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type Callbacks, useRefreshCounter } from './counter-cache';

/** POST /api/merchant/earn {memberNumber, amountCents} */
export function useEarnPoints({ onSuccess, onError }: Callbacks<PointsEntry> = {}) {
  const refresh = useRefreshCounter();
  return useMutation({
    mutationFn: (body: EarnBody) => apiJson<PointsEntry>('POST', '/api/merchant/earn', body),
    onSuccess: (answer) => {
      refresh();
      onSuccess?.(answer);
    },
    onError,
  });
}
