import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterMember } from '@shared/contract/index.ts';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** GET /api/merchant/members/{memberNumber}: the member's balance here and whether they are a member now. */
const counterMemberQueryOptions = (memberNumber: number) =>
  queryOptions<CounterMember>({ queryKey: merchantKeys.counterMember(memberNumber), staleTime: 0 });

export function useCounterMember(memberNumber: number | null) {
  return useQuery({ ...counterMemberQueryOptions(memberNumber ?? 0), enabled: memberNumber !== null });
}
