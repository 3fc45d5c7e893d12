import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformMonthlyReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/insights/monthly?month=: every business's monthly value report summed . */
const platformMonthlyReportQueryOptions = (month: string) => queryOptions<PlatformMonthlyReport>({
  queryKey: adminKeys.monthlyReport(month),
  queryFn: () => apiJson<PlatformMonthlyReport>('GET', `/api/admin/insights/monthly?month=${month}`),
  refetchOnMount: 'always',
  placeholderData: keepPreviousData,
});

export function usePlatformMonthlyReport(month: string) {
  return useQuery(platformMonthlyReportQueryOptions(month));
}
