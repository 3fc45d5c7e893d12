import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberKeys } from './member-keys';

/** GET /api/subscription/status: {isActive}. The same key as the subscription screens, so they share the answer. */
export const subscriptionStatusQueryOptions = () => queryOptions<{ isActive: boolean }>({ queryKey: memberKeys.subscriptionStatus });

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions());
}
