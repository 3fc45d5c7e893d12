import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { NEXT_CURSOR_HEADER } from '@shared/constants.ts';
import type { MemberDeal } from '@shared/contract/index.ts';
import { apiRequest } from '@/lib/api-client';
import { takeEarlyAnswer } from '@/lib/early-answers';
import { useRefreshAtExpiry } from '@/lib/deals/code-clock';
import { type MemberFilter, memberKeys } from './member-keys';

/** One page of the member list; `nextCursor` (from the response header) asks for the next one. */
export interface MemberDealPage {
  deals: MemberDeal[];
  nextCursor: string | null;
}

async function fetchMemberDealPage(cityId: string, category: MemberFilter, cursor: string | null): Promise<MemberDealPage> {
  const params = new URLSearchParams({ cityId, category });
  if (cursor) params.set('cursor', cursor);
  const url = `/api/deals?${params}`;
  // The first page may already be on its way (index.html asks for the default city's on /app): the cards
  // then wait for no request of their own. Any other page, or no usable early answer, asks the server.
  const res = (!cursor && (await takeEarlyAnswer(url))) || (await apiRequest('GET', url));
  return { deals: (await res.json()) as MemberDeal[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

/** GET /api/deals?cityId=&category=&cursor=: the member view with current codes (active membership only), by page. */
export const memberDealsQueryOptions = (cityId: string, category: MemberFilter) =>
  infiniteQueryOptions({
    queryKey: memberKeys.deals(cityId, category),
    queryFn: ({ pageParam }) => fetchMemberDealPage(cityId, category, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MemberDealPage) => last.nextCursor,
  });

/**
 * Runs only once a city is chosen; more pages as the member scrolls (fetchNextPage); refetches by
 * itself when the first code on screen expires. `deals` = the loaded pages, in order.
 */
export function useMemberDeals(cityId: string | undefined, category: MemberFilter) {
  const query = useInfiniteQuery({ ...memberDealsQueryOptions(cityId ?? '', category), enabled: Boolean(cityId) });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const deals = useMemo(() => query.data?.pages.flatMap((page) => page.deals), [query.data]);
  useRefreshAtExpiry(deals?.map((deal) => deal.codeExpiresAt) ?? [], refresh);
  return { ...query, deals };
}
