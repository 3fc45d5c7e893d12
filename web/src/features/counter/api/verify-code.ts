import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealRedemption, MemberNumber, OfflineCodesAnswer, VerifyCodeBody } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { counterDeviceHeaders } from '../utils/counter-device';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import type { PerMemberLimit } from '@shared/constants.ts';
import { checkCodeOffline, offlineRulesRefusal } from '../utils/offline-check';
import { offlineRepeatRefusal } from '../utils/offline-repeat';
import { type Callbacks, useRefreshCounter, useSetUsedCount } from './counter-cache';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** A code checked on this tablet without a network; the redemption waits in the outbox. */
export interface QueuedRedemption {
  dealId: string;
  entry: OutboxEntry;
}

export type VerifyResult = { queued: false; redemption: DealRedemption } | { queued: true; redemption: QueuedRedemption };

/**
 * POST /api/merchant/verify-code {code, memberNumber, dealId?}, always with an Idempotency-Key (outbox).
 * Without a network (or when the connection drops) the code is checked against the counter's offline cover
 * and the redemption is queued with the moment of the check (`verifiedAt`) under the same key: the server
 * records it once when the tablet is back online.
 */
export function useVerifyCode(
  { onSuccess, onQueued, onError, cover, perMemberLimitOf, describe }: Callbacks<DealRedemption> & {
    onQueued?: (queued: QueuedRedemption) => void;
    cover?: OfflineCodesAnswer | null;
    /** The deal's per-member limit, for refusing offline a repeat this tablet already accepted (decision 165). */
    perMemberLimitOf: (dealId: string) => PerMemberLimit;
    /** The words for the pending-actions list, e.g. "Redeem Latte deal (code 123 456)". */
    describe: (dealId: string, code: string) => string;
  },
) {
  const refresh = useRefreshCounter();
  const setUsed = useSetUsedCount();
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: it decides itself what to do without a network.
    networkMode: 'always',
    mutationFn: async (body: VerifyCodeBody & { memberNumber: MemberNumber }): Promise<VerifyResult> => {
      const result = await outbox.request<DealRedemption>(
        { method: 'POST', url: '/api/merchant/verify-code', body, headers: counterDeviceHeaders(), label: `Verify code ${body.code}`, kind: 'counter.verify-code',
          invalidate: [merchantKeys.deals, merchantKeys.counterActivity] },
        {
          // No answer from the server: check the code here and keep the moment of the check with it.
          toQueue: async (action) => {
            const verifiedAt = Date.now();
            const match = await checkCodeOffline(cover, body.code, body.dealId, verifiedAt);
            const repeat = offlineRepeatRefusal(outbox.getEntries(), {
              dealId: match.dealId, memberNumber: body.memberNumber, perMemberLimit: perMemberLimitOf(match.dealId), nowMs: verifiedAt,
            });
            if (repeat) throw repeat;
            const covered = cover?.deals.find((deal) => deal.dealId === match.dealId);
            const outside = offlineRulesRefusal(covered?.rules, cover?.timeZone, body.amountCents, verifiedAt);
            if (outside) throw outside;
            return { ...action, body: { ...body, dealId: match.dealId, verifiedAt: new Date(verifiedAt).toISOString() }, label: describe(match.dealId, body.code) };
          },
        },
      );
      return result.queued
        ? { queued: true, redemption: { dealId: (result.entry.body as { dealId: string }).dealId, entry: result.entry } }
        : { queued: false, redemption: result.data };
    },
    onSuccess: (result) => {
      if (result.queued) {
        // Count the use on screen now; the server's count arrives with the replay.
        queryClient.setQueryData(merchantKeys.deals, (deals: { id: string; usedCount: number }[] | undefined) =>
          deals?.map((d) => (d.id === result.redemption.dealId ? { ...d, usedCount: d.usedCount + 1 } : d)));
        onQueued?.(result.redemption);
        return;
      }
      setUsed(result.redemption.dealId, result.redemption.usedCount);
      refresh();
      onSuccess?.(result.redemption);
    },
    onError,
  });
}
