import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionDetails } from '@shared/contract/index.ts';
import { subscriptionKeys } from './subscription-keys';

/** GET /api/subscription/details → {isActive, currentPeriodEnd, cancelAtPeriodEnd, status, plan, charity given}. */
const subscriptionDetailsQueryOptions = () => queryOptions<SubscriptionDetails>({ queryKey: subscriptionKeys.details });

export function useSubscriptionDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionDetailsQueryOptions(), enabled });
}
