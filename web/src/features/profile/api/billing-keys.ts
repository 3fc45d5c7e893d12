import type { QueryClient } from '@tanstack/react-query';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

/** Query keys of the member's billing (decision 171). */
export const billingKeys = {
  payments: ['/api/subscription/payments'] as const,
  config: ['/api/payments/config'] as const,
  planChange: (plan: string) => [`/api/subscription/plan-change?plan=${plan}`] as const,
  receipt: (paymentId: string) => [`/api/subscription/receipts/${encodeURIComponent(paymentId)}`] as const,
};

/** After a billing change: the membership and the payments are refetched. */
export const refreshBilling = (queryClient: QueryClient) =>
  Promise.all([invalidateMembership(queryClient), queryClient.invalidateQueries({ queryKey: billingKeys.payments })]);
