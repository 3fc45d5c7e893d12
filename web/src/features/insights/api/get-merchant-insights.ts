import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightWindow, MerchantInsights } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** Query key: the API path, then the window in days. */
const merchantInsightsKey = (days: InsightWindow) => ['/api/merchant/insights', days] as const;

/** GET /api/merchant/insights?days=30|90: the business's own figures per UTC day. Read afresh on each visit. */
const merchantInsightsQueryOptions = (days: InsightWindow) =>
  queryOptions<MerchantInsights>({
    queryKey: merchantInsightsKey(days),
    queryFn: () => apiJson<MerchantInsights>('GET', `/api/merchant/insights?days=${days}`),
    refetchOnMount: 'always',
    // The other window's figures stay on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export function useMerchantInsights(days: InsightWindow) {
  return useQuery(merchantInsightsQueryOptions(days));
}
