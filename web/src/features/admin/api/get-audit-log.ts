import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/audit-log: every refund and dispute action, newest first. */
const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.auditLog,
    queryFn: () => apiJson<AuditLogAnswer>('GET', '/api/admin/audit-log'),
    refetchOnMount: 'always',
  });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
