import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDisputesAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/disputes: open disputes first (nearest evidence deadline first), then the closed ones. */
const adminDisputesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.disputes,
    queryFn: () => apiJson<AdminDisputesAnswer>('GET', '/api/admin/disputes'),
    refetchOnMount: 'always',
  });

export function useAdminDisputes() {
  return useQuery(adminDisputesQueryOptions());
}
