import { useMutation } from '@tanstack/react-query';
import type { RedeemBody, PointsEntry } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type Callbacks, useRefreshCounter } from './counter-cache';

/** POST /api/merchant/redeem {memberNumber, points} */
export function useRedeemPoints({ onSuccess, onError }: Callbacks<PointsEntry> = {}) {
  const refresh = useRefreshCounter();
  return useMutation({
    mutationFn: (body: RedeemBody) => apiJson<PointsEntry>('POST', '/api/merchant/redeem', body),
    onSuccess: (answer) => {
      refresh();
      onSuccess?.(answer);
    },
    onError,
  });
}
