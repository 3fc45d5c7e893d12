import type { QueryClient } from '@tanstack/react-query';
import type { CompleteSubscriptionAnswer, CompleteSubscriptionBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { authKeys } from '@/lib/auth/get-me';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

const completeSubscription = (body: CompleteSubscriptionBody) =>
  apiJson<CompleteSubscriptionAnswer>('POST', '/api/complete-subscription', body);

/** The answer's user replaces the cached one; the membership is read again. */
const showMembership = (queryClient: QueryClient, { user }: CompleteSubscriptionAnswer) => {
  if (user) queryClient.setQueryData(authKeys.me, user);
  return invalidateMembership(queryClient);
};

/**
 * POST /api/complete-subscription: the server checks the payment with the provider, then creates the
 * account (or upgrades the signed-in one).
 */
export const useCompleteSubscription = () => useApiMutation({ call: completeSubscription, refresh: showMembership });
