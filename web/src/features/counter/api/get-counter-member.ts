import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterMember, MemberNumber } from '@shared/contract/index.ts';
import { throwIfResNotOk } from '@/lib/api-client';
import { merchantKeys } from '@/lib/merchant/merchant-keys';
import { trackedFetch } from '@/lib/network/connectivity';
import { counterDeviceHeaders } from '../utils/counter-device';

/**
 * GET /api/merchant/members/{memberNumber}: the member's balance here and whether they are a member now. Sent with
 * this tablet's counter id: a number that is not usable here counts as a wrong guess for this tablet (decision 168).
 */
const counterMemberQueryOptions = (memberNumber: MemberNumber) =>
  queryOptions<CounterMember>({
    queryKey: merchantKeys.counterMember(memberNumber),
    staleTime: 0,
    // A refusal (404, 429) is an answer to show, not a hiccup to retry: retrying would spend more guesses.
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await trackedFetch(`/api/merchant/members/${memberNumber}`, { credentials: 'include', signal, headers: counterDeviceHeaders() });
      await throwIfResNotOk(res);
      return (await res.json()) as CounterMember;
    },
  });

export function useCounterMember(memberNumber: MemberNumber | null) {
  return useQuery({ ...counterMemberQueryOptions(memberNumber ?? 0), enabled: memberNumber !== null });
}
