import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberDeal } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshAtExpiry } from '@/lib/deals/use-now';
import { type MemberFilter, memberKeys } from './member-keys';

/** GET /api/deals?cityId=&category=: the member view with current codes (active membership only). */
export const memberDealsQueryOptions = (cityId: string, category: MemberFilter) =>
  queryOptions<MemberDeal[]>({
    queryKey: memberKeys.deals(cityId, category),
    queryFn: () => apiJson<MemberDeal[]>('GET', `/api/deals?${new URLSearchParams({ cityId, category })}`),
  });

/** Runs only once a city is chosen; refetches by itself when the first code on screen expires. */
export function useMemberDeals(cityId: string | undefined, category: MemberFilter) {
  const query = useQuery({ ...memberDealsQueryOptions(cityId ?? '', category), enabled: Boolean(cityId) });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  useRefreshAtExpiry(query.data?.map((deal) => deal.codeExpiresAt) ?? [], refresh);
  return query;
}
