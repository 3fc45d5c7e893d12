import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessLocation, CounterActivityItem } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/**
 * GET /api/merchant/counter/activity[?locationId=]: the latest redemptions and points, with undo deadlines; with a
 * location, only the redemptions there (issue 40). Under the activity key, so every write that refreshes it refreshes both.
 */
const counterActivityQueryOptions = (locationId: string | null) =>
  queryOptions<CounterActivityItem[]>({
    queryKey: locationId ? [...merchantKeys.counterActivity, locationId] : merchantKeys.counterActivity,
    queryFn: () => apiJson<CounterActivityItem[]>('GET', `/api/merchant/counter/activity${locationId ? `?locationId=${encodeURIComponent(locationId)}` : ''}`),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export function useCounterActivity(locationId: string | null = null) {
  return useQuery(counterActivityQueryOptions(locationId));
}

/** The business's locations, for the activity's filter (read here, not from lib/merchant: the counter path stays lean). */
export function useCounterLocations() {
  return useQuery<BusinessLocation[]>({ queryKey: merchantKeys.locations, staleTime: 60_000 });
}
