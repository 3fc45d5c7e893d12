import { useMutation } from '@tanstack/react-query';
import type { PointsEntry } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type Callbacks, useRefreshCounter } from './counter-cache';

/** POST /api/merchant/points/{id}/undo: a reversal of an earn or redeem (within 5 minutes). */
export function useUndoPoints({ onSuccess, onError }: Callbacks<PointsEntry> = {}) {
  const refresh = useRefreshCounter();
  return useMutation({
    mutationFn: (entryId: string) => apiJson<PointsEntry>('POST', `/api/merchant/points/${entryId}/undo`),
    onSuccess: (answer) => {
      refresh();
      onSuccess?.(answer);
    },
    onError,
  });
}
