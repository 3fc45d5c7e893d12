import type { MemberNumber, RedeemBody } from '@shared/contract/index.ts';
import { formatCount, formatMemberNumber } from '@/lib/numbers';
import { type PointsCallbacks, usePointsWrite } from './points-write';

/**
 * POST /api/merchant/redeem {memberNumber, points}, through the outbox. Queued offline, the server still
 * checks the balance when it arrives: a redemption the balance cannot cover shows as failed, with the reason.
 */
export function useRedeemPoints(callbacks: PointsCallbacks = {}) {
  return usePointsWrite<RedeemBody & { memberNumber: MemberNumber; points: number }>({
    url: '/api/merchant/redeem',
    kind: 'counter.redeem',
    label: (body) => `Redeem ${formatCount(body.points)} points for member #${formatMemberNumber(body.memberNumber)}`,
  }, callbacks);
}
