import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MemberRedemptionsAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

const PAGE_SIZE = 20;

/** GET /api/member/redemptions?limit=&before=: the member's own deal redemptions, newest first, a page at a time. */
const memberRedemptionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/member/redemptions'] as const,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return apiJson<MemberRedemptionsAnswer>('GET', `/api/member/redemptions?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: MemberRedemptionsAnswer) => last.nextCursor,
  });

/** The loaded pages as one list (`redemptions`); `fetchNextPage` for older ones. */
export function useMemberRedemptions() {
  const query = useInfiniteQuery(memberRedemptionsQueryOptions());
  const redemptions = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { ...query, redemptions };
}
