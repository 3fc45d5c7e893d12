import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMerchantsAnswer } from '@shared/contract/index.ts';
import { adminKeys } from './keys';

/** GET /api/admin/merchants: {pending, active}. */
const adminMerchantsQueryOptions = () =>
  queryOptions<AdminMerchantsAnswer>({ queryKey: adminKeys.merchants, refetchOnMount: 'always' });

export function useAdminMerchants() {
  return useQuery(adminMerchantsQueryOptions());
}
