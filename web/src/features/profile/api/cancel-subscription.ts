import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

/** POST /api/subscription/cancel (no body): ends at the period end (cancelAtPeriodEnd). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/cancel'),
    onSuccess: () => invalidateMembership(queryClient),
  });
}
