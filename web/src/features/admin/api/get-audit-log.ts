import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AuditAction, AuditLogAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** The audit log's search: words, an action, UTC days (YYYY-MM-DD, both included); empty = any. */
export interface AuditLogFilter { q: string; action: AuditAction | ''; from: string; to: string }

const filterParams = (filter: AuditLogFilter) =>
  new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== '') as [string, string][]);

/** GET /api/admin/audit-log?format=csv with the same search: a file the browser downloads (cookie session). */
export const auditLogCsvUrl = (filter: AuditLogFilter) => {
  const params = filterParams(filter);
  params.set('format', 'csv');
  return `/api/admin/audit-log?${params}`;
};

/** GET /api/admin/audit-log: the search, newest first, a page at a time. */
const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.auditLog, filter] as const,
    queryFn: ({ pageParam }) => {
      const params = filterParams(filter);
      if (pageParam) params.set('cursor', pageParam);
      return apiJson<AuditLogAnswer>('GET', `/api/admin/audit-log?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: AuditLogAnswer) => last.nextCursor,
    refetchOnMount: 'always',
  });

/** The loaded pages as one list (`entries`); `fetchNextPage` for older ones. */
export function useAuditLog(filter: AuditLogFilter) {
  const query = useInfiniteQuery(auditLogQueryOptions(filter));
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.entries) ?? [], [query.data]);
  return { ...query, entries };
}
