import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlyReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/merchant/insights/monthly: the month (undefined: the last full one) at one location (undefined: all). */
const monthlyReportQueryOptions = (month: string | undefined, location: string | undefined) => {
  const query = new URLSearchParams();
  if (month) query.set('month', month);
  if (location) query.set('location', location);
  const search = query.size ? `?${query}` : '';
  return queryOptions<MonthlyReport>({
    queryKey: ['/api/merchant/insights/monthly', month ?? null, location ?? null],
    queryFn: () => apiJson<MonthlyReport>('GET', `/api/merchant/insights/monthly${search}`),
    refetchOnMount: 'always',
    // The last month's figures stay on screen while another month loads.
    placeholderData: keepPreviousData,
  });
};

export function useMonthlyReport(month: string | undefined, location: string | undefined) {
  return useQuery(monthlyReportQueryOptions(month, location));
}
