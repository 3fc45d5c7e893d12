import { useMutation } from '@tanstack/react-query';
import type { DealRedemption, VerifyPassBody } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { merchantKeys } from '@/lib/merchant/merchant-keys';
import { counterDeviceHeaders } from '../utils/counter-device';
import { type Callbacks, useRefreshCounter, useSetUsedCount } from './counter-cache';
import type { QueuedRedemption } from './verify-code';

export type VerifyPassResult = { queued: false; redemption: DealRedemption } | { queued: true; redemption: QueuedRedemption };

/** What the counter says when a pass cannot be sent and cannot be checked on the tablet either. */
const PASS_NEEDS_CONNECTION = 'No connection: the pass could not be checked. Try again, or type the code and member number.';

/**
 * POST /api/merchant/verify-pass {pass, dealId}: a member pass scanned at the counter (decision 165), through
 * the outbox (an Idempotency-Key, so a dropped answer never records it twice). Shaped like useVerifyCode:
 * without an answer from the server, `toQueue` decides what is stored; until the counter can check a pass on
 * its own (the offline path, `toQueue`), it refuses, and the staff see why.
 */
export function useVerifyPass(
  { onSuccess, onQueued, onError, toQueue }: Callbacks<DealRedemption> & {
    onQueued?: (queued: QueuedRedemption) => void;
    /** The offline branch: check the pass on this tablet and return the body to queue (with `verifiedAt`). */
    toQueue?: (body: VerifyPassBody) => Promise<VerifyPassBody & { verifiedAt: string }>;
  },
) {
  const refresh = useRefreshCounter();
  const setUsed = useSetUsedCount();
  return useMutation({
    // Runs offline too: it decides itself what to do without a network.
    networkMode: 'always',
    mutationFn: async (body: VerifyPassBody): Promise<VerifyPassResult> => {
      const result = await outbox.request<DealRedemption>(
        { method: 'POST', url: '/api/merchant/verify-pass', body, headers: counterDeviceHeaders(), label: 'Verify member pass', kind: 'counter.verify-pass',
          invalidate: [merchantKeys.deals, merchantKeys.counterActivity] },
        {
          toQueue: async (action) => {
            if (!toQueue) throw new Error(PASS_NEEDS_CONNECTION);
            return { ...action, body: await toQueue(body) };
          },
        },
      );
      return result.queued
        ? { queued: true, redemption: { dealId: body.dealId, entry: result.entry } }
        : { queued: false, redemption: result.data };
    },
    onSuccess: (result) => {
      if (result.queued) return void onQueued?.(result.redemption);
      setUsed(result.redemption.dealId, result.redemption.usedCount);
      refresh();
      onSuccess?.(result.redemption);
    },
    onError,
  });
}
