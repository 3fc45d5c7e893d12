import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/lib/auth/get-me';
import { subscriptionKeys } from './subscription-keys';

/** After a membership change: details, status and the session user (its subscriptionStatus) are refetched (docs/spec.md section 4). */
export function invalidateMembership(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.details }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.status }),
    queryClient.invalidateQueries({ queryKey: authKeys.me }),
  ]);
}
