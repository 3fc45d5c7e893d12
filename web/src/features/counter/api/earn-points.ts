import { useMutation } from '@tanstack/react-query';
import type { EarnBody, MemberNumber, PointsEntry } from '@shared/contract/index.ts';
import { formatCents } from '@shared/money.ts';
import { outbox } from '@/lib/outbox/outbox';
import { counterDeviceHeaders } from '../utils/counter-device';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { type Callbacks, useRefreshCounter } from './counter-cache';
import { merchantKeys } from '@/lib/merchant/merchant-keys';
import { formatMemberNumber } from '@/lib/numbers';

/**
 * POST /api/merchant/earn {memberNumber, amountCents}, through the outbox: recorded at once when online,
 * otherwise kept on the tablet and recorded once when back online.
 */
export function useEarnPoints({ onSuccess, onQueued, onError }: Callbacks<PointsEntry> & { onQueued?: (entry: OutboxEntry) => void } = {}) {
  const refresh = useRefreshCounter();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: EarnBody & { memberNumber: MemberNumber; amountCents: number }) =>
      outbox.request<PointsEntry>({
        method: 'POST',
        url: '/api/merchant/earn',
        headers: counterDeviceHeaders(),
        body,
        label: `Points for member #${formatMemberNumber(body.memberNumber)}: purchase of ${formatCents(body.amountCents)}`,
        kind: 'counter.earn',
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
