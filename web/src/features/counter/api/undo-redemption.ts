import { useMutation } from '@tanstack/react-query';
import type { UndoRedemptionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type Callbacks, useRefreshCounter, useSetUsedCount } from './counter-cache';

/** POST /api/merchant/redemptions/{id}/undo (within 5 minutes) */
export function useUndoRedemption({ onSuccess, onError }: Callbacks<UndoRedemptionAnswer> = {}) {
  const refresh = useRefreshCounter();
  const setUsed = useSetUsedCount();
  return useMutation({
    mutationFn: (id: string) => apiJson<UndoRedemptionAnswer>('POST', `/api/merchant/redemptions/${id}/undo`),
    onSuccess: (answer) => {
      setUsed(answer.dealId, answer.usedCount);
      refresh();
      onSuccess?.(answer);
    },
    onError,
  });
}
