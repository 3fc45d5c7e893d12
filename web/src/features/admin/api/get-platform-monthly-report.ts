import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformMonthlyReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/insights/monthly?month=: every business's monthly value report summed (null: the last full month). */
const platformMonthlyReportQueryOptions = (month: string | null) => queryOptions<PlatformMonthlyReport>({
  queryKey: adminKeys.monthlyReport(month),
  queryFn: () => apiJson<PlatformMonthlyReport>('GET', `/api/admin/insights/monthly${month ? `?month=${month}` : ''}`),
  refetchOnMount: 'always',
  placeholderData: keepPreviousData,
});

export function usePlatformMonthlyReport(month: string | null) {
  return useQuery(platformMonthlyReportQueryOptions(month));
}
