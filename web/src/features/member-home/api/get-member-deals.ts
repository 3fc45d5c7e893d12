// The member's deal list as the member home reads it: the home's query keys, the deals page by page, and this
// device's offline cover of the city's codes (which lives under the deals key, so it refreshes with them).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { NEXT_CURSOR_HEADER, type MEMBER_DEAL_FILTERS } from '@shared/constants.ts';
import type { MemberDeal, OfflineCodesAnswer } from '@shared/contract/index.ts';
import { apiJson, apiRequest, takeEarlyAnswer } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { useFreshCover, useRefreshAtExpiry } from '@/lib/deals/code-refresh';
import { useAfterFirstScreen } from '@/lib/first-screen';
import { mapConfigQueryOptions } from '@/lib/map/map-config';

export type MemberFilter = (typeof MEMBER_DEAL_FILTERS)[number];

/**
 * Near me and the now-filters (decision 209). The position is held in memory only, sent with the request that
 * needs it and kept out of the query key (so out of any cache of keys): the key says only "near".
 */
export interface MemberDealsAround {
  /** takenAt: when the browser gave it (a new fix is a new list; the key holds this, not the position). */
  position?: { latitude: number; longitude: number; takenAt: number };
  openNow?: boolean;
  validNow?: boolean;
}

/** Query keys of the member home. The city and category are part of the deals key (docs/spec.md section 7). */
export const memberKeys = {
  deals: (cityId: string, category: MemberFilter, around: MemberDealsAround = {}) => {
    const view = { near: around.position?.takenAt ?? false, openNow: Boolean(around.openNow), validNow: Boolean(around.validNow) };
    // The plain list keeps its key (the early answer and the first screen's prefetch use it).
    return view.near || view.openNow || view.validNow ? ['/api/deals', cityId, category, view] as const : ['/api/deals', cityId, category] as const;
  },
  allDeals: ['/api/deals'] as const,
  points: ['/api/member/points'] as const,
  passCertificate: ['/api/member/pass-certificate'] as const,
  /** Under the deals key, so whatever refreshes the deals refreshes the offline cover too. */
  offlineCodes: (cityId: string) => ['/api/deals', 'offline-codes', cityId] as const,
};

/** One page of the member list; `nextCursor` (from the response header) asks for the next one. */
export interface MemberDealPage {
  deals: MemberDeal[];
  nextCursor: string | null;
}

async function fetchMemberDealPage(cityId: string, category: MemberFilter, cursor: string | null, around: MemberDealsAround = {}): Promise<MemberDealPage> {
  const params = new URLSearchParams({ cityId, category });
  if (cursor) params.set('cursor', cursor);
  if (around.position) {
    params.set('latitude', around.position.latitude.toFixed(5));
    params.set('longitude', around.position.longitude.toFixed(5));
  }
  if (around.openNow) params.set('openNow', 'true');
  if (around.validNow) params.set('validNow', 'true');
  const url = `/api/deals?${params}`;
  // The first page may already be on its way (index.html asks for the default city's on /app): the cards
  // then wait for no request of their own. Any other page, or no usable early answer, asks the server.
  const res = (!cursor && (await takeEarlyAnswer(url))) || (await apiRequest('GET', url));
  return { deals: (await res.json()) as MemberDeal[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

/** GET /api/deals?cityId=&category=&cursor=: the member view with current codes (active membership only), by page. */
export const memberDealsQueryOptions = (cityId: string, category: MemberFilter, around: MemberDealsAround = {}) =>
  infiniteQueryOptions({
    queryKey: memberKeys.deals(cityId, category, around),
    queryFn: ({ pageParam }) => fetchMemberDealPage(cityId, category, pageParam, around),
    // Never saved on the device: the distances would tell where the member stood (decision 209).
    meta: around.position ? { persist: false } : undefined,
    initialPageParam: null as string | null,
    getNextPageParam: (last: MemberDealPage) => last.nextCursor,
  });

/**
 * Runs only once a city is chosen; more pages as the member scrolls (fetchNextPage); refetches by
 * itself when the first code on screen expires. `deals` = the loaded pages, in order.
 */
export function useMemberDeals(cityId: string | undefined, category: MemberFilter, around: MemberDealsAround = {}) {
  const query = useInfiniteQuery({ ...memberDealsQueryOptions(cityId ?? '', category, around), enabled: Boolean(cityId) });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const deals = useMemo(() => query.data?.pages.flatMap((page) => page.deals), [query.data]);
  useRefreshAtExpiry(deals?.map((deal) => deal.codeExpiresAt) ?? [], refresh);
  return { ...query, deals };
}

/**
 * GET /api/deals/offline-codes?cityId=: what this device needs to show the city's codes for the next
 * 12 hours without a network (decision 060). A refusal (membership ended) empties the stored cover.
 */
const offlineCodesQueryOptions = (cityId: string) =>
  queryOptions<OfflineCodesAnswer | null>({
    queryKey: memberKeys.offlineCodes(cityId),
    queryFn: async () => {
      try {
        return await apiJson<OfflineCodesAnswer>('GET', `/api/deals/offline-codes?${new URLSearchParams({ cityId })}`);
      } catch (error) {
        if (errorStatus(error) === 403) return null;
        throw error;
      }
    },
  });

/** The city's offline cover, renewed hourly and when the network returns. */
export function useOfflineCodes(cityId: string | undefined) {
  // The server's codes show first; the cover (and the code maths it brings) can follow the first screen.
  const settled = useAfterFirstScreen();
  const query = useQuery({ ...offlineCodesQueryOptions(cityId ?? ''), enabled: Boolean(cityId) && settled });
  useFreshCover(query.data?.issuedAt, query.refetch, Boolean(cityId));
  return query;
}

/**
 * GET /api/map: the members' map style (MAP_STYLE_URL, decision 209), asked only once the member switches to the
 * map, so the home's first screen does not wait for it.
 */
export function useMapConfig(enabled: boolean) {
  return useQuery({ ...mapConfigQueryOptions, enabled });
}
