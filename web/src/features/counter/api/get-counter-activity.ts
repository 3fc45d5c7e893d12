import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterActivityItem } from '@shared/contract/index.ts';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** GET /api/merchant/counter/activity: the latest redemptions and points, with undo deadlines. */
const counterActivityQueryOptions = () =>
  queryOptions<CounterActivityItem[]>({ queryKey: merchantKeys.counterActivity, staleTime: 0, refetchOnMount: 'always' });

export function useCounterActivity() {
  return useQuery(counterActivityQueryOptions());
}
