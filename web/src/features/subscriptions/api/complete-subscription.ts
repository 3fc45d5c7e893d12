import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteSubscriptionAnswer, CompleteSubscriptionBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

const completeSubscription = (body: CompleteSubscriptionBody) =>
  apiJson<CompleteSubscriptionAnswer>('POST', '/api/complete-subscription', body);

/**
 * POST /api/complete-subscription: the server checks the payment with the provider, then creates the
 * account (or upgrades the signed-in one). The answer's user replaces the cached one.
 */
export function useCompleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSubscription,
    onSuccess: async ({ user }) => {
      if (user) queryClient.setQueryData(authKeys.me, user);
      await invalidateMembership(queryClient);
    },
  });
}
