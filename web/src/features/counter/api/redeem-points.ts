import { useMutation } from '@tanstack/react-query';
import type { MemberNumber, PointsEntry, RedeemBody } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { counterDeviceHeaders } from '../utils/counter-device';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { type Callbacks, useRefreshCounter } from './counter-cache';
import { merchantKeys } from '@/lib/merchant/merchant-keys';
import { formatCount, formatMemberNumber } from '@/lib/numbers';

/**
 * POST /api/merchant/redeem {memberNumber, points}, through the outbox. Queued offline, the server still
 * checks the balance when it arrives: a redemption the balance cannot cover shows as failed, with the reason.
 */
export function useRedeemPoints({ onSuccess, onQueued, onError }: Callbacks<PointsEntry> & { onQueued?: (entry: OutboxEntry) => void } = {}) {
  const refresh = useRefreshCounter();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: RedeemBody & { memberNumber: MemberNumber; points: number }) =>
      outbox.request<PointsEntry>({
        method: 'POST',
        url: '/api/merchant/redeem',
        headers: counterDeviceHeaders(),
        body,
        label: `Redeem ${formatCount(body.points)} points for member #${formatMemberNumber(body.memberNumber)}`,
        kind: 'counter.redeem',
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
