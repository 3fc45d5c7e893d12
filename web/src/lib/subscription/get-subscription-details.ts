import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionDetails } from '@shared/contract/index.ts';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/subscription/details → {isActive, currentPeriodEnd, cancelAtPeriodEnd, status, plan, charity given}. */
const subscriptionDetailsQueryOptions = () => queryOptions<SubscriptionDetails>({ queryKey: subscriptionKeys.details });

/** fresh: read again on mount (the profile: a refund or a dispute may have changed it on the server meanwhile). */
export function useSubscriptionDetails({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({ ...subscriptionDetailsQueryOptions(), enabled, ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}
