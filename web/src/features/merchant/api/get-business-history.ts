import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BusinessAuditLogAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/merchant/audit-log?cursor=: what you and Pay Local changed at your business, newest first (decision 202). */
const businessHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/merchant/audit-log'] as const,
    queryFn: ({ pageParam }) =>
      apiJson<BusinessAuditLogAnswer>('GET', `/api/merchant/audit-log${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last: BusinessAuditLogAnswer) => last.nextCursor,
  });

/** The loaded pages as one list (`entries`); `fetchNextPage` for older ones. */
export function useBusinessHistory() {
  const query = useInfiniteQuery(businessHistoryQueryOptions());
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.entries) ?? [], [query.data]);
  return { ...query, entries };
}
