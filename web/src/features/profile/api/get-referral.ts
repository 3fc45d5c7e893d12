import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralAnswer } from '@shared/contract/index.ts';

/** GET /api/member/referral: the member's invite link and what it brought (decision 200). */
export function useReferral() {
  return useQuery(queryOptions<ReferralAnswer>({ queryKey: ['/api/member/referral'] }));
}
