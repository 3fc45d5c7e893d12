import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@shared/contract/index.ts';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/subscription/status → {isActive}. Shared: the member home, subscribe and profile read it. */
export const subscriptionStatusQueryOptions = () => queryOptions<SubscriptionStatus>({ queryKey: subscriptionKeys.status });

export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}
