import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralAnswer } from '@shared/contract/index.ts';

/**
 * GET /api/member/referral: the member's invite link and what it brought (decision 200). Its counts change with
 * what friends do, so the profile asks again each time it opens (showing the kept answer meanwhile).
 */
export function useReferral() {
  return useQuery(queryOptions<ReferralAnswer>({ queryKey: ['/api/member/referral'], staleTime: 0 }));
}
