import { useMutation } from '@tanstack/react-query';
import type { MemberNumber, PointsEntry } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { merchantKeys } from '@/lib/merchant/merchant-keys';
import { counterDeviceHeaders } from '../utils/counter-device';
import { type Callbacks, useRefreshCounter } from './counter-cache';

export type PointsCallbacks = Callbacks<PointsEntry> & { onQueued?: (entry: OutboxEntry) => void };

/**
 * A points write at the counter (earn, redeem) through the outbox: recorded at once when online, otherwise kept
 * on the tablet and sent once when back online. `label` is its line in the pending-actions list.
 */
export function usePointsWrite<Body extends { memberNumber: MemberNumber }>(
  write: { url: string; kind: string; label: (body: Body) => string },
  { onSuccess, onQueued, onError }: PointsCallbacks,
) {
  const refresh = useRefreshCounter();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: Body) =>
      outbox.request<PointsEntry>({
        method: 'POST',
        url: write.url,
        headers: counterDeviceHeaders(),
        body,
        label: write.label(body),
        kind: write.kind,
        invalidate: [merchantKeys.counterActivity, ['/api/merchant/members']],
      }),
    onSuccess: (result) => {
      if (result.queued) return onQueued?.(result.entry);
      refresh();
      onSuccess?.(result.data);
    },
    onError,
  });
}
