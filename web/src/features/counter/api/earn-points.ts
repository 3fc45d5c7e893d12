import type { EarnBody, MemberNumber } from '@shared/contract/index.ts';
import { formatCents } from '@shared/money.ts';
import { formatMemberNumber } from '@/lib/numbers';
import { type PointsCallbacks, usePointsWrite } from './points-write';

/**
 * POST /api/merchant/earn {memberNumber, amountCents}, through the outbox: recorded at once when online,
 * otherwise kept on the tablet and recorded once when back online.
 */
export function useEarnPoints(callbacks: PointsCallbacks = {}) {
  return usePointsWrite<EarnBody & { memberNumber: MemberNumber; amountCents: number }>({
    url: '/api/merchant/earn',
    kind: 'counter.earn',
    label: (body) => `Points for member #${formatMemberNumber(body.memberNumber)}: purchase of ${formatCents(body.amountCents)}`,
  }, callbacks);
}
