import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentsAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/payments?userId=: a user's payments, newest first, and whether test payments are on. */
const userPaymentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.payments(userId),
    queryFn: () => apiJson<AdminPaymentsAnswer>('GET', `/api/admin/payments?${new URLSearchParams({ userId })}`),
    refetchOnMount: 'always',
  });

export function useUserPayments(userId: string) {
  return useQuery(userPaymentsQueryOptions(userId));
}
