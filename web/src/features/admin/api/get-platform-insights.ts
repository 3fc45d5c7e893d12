import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformInsights } from '@shared/contract/index.ts';
import { adminKeys } from './keys';

/** GET /api/admin/insights: the platform per UTC month over the last 12 months (cents). Read afresh on each visit. */
const platformInsightsQueryOptions = () => queryOptions<PlatformInsights>({ queryKey: adminKeys.insights, refetchOnMount: 'always' });

export function usePlatformInsights() {
  return useQuery(platformInsightsQueryOptions());
}
