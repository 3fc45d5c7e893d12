import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberPointsAnswer } from '@shared/contract/index.ts';
import { memberKeys } from './get-member-deals';

/** GET /api/member/points: member number and points per business (the member card). Always fresh on open. */
const memberPointsQueryOptions = () =>
  queryOptions<MemberPointsAnswer>({ queryKey: memberKeys.points, staleTime: 0, refetchOnMount: 'always' });

export function useMemberPoints({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...memberPointsQueryOptions(), enabled });
}
