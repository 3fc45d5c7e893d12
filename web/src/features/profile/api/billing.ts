// The member's billing (decision 171): saved card, retry of a failed renewal, payments, plan change, and the
// built-in test provider's controls. One hook per endpoint; each change refetches the membership.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CardCompleteAnswer, CardSetupAnswer, PaymentConfig, PaymentHistoryItem, PlanChangePreview, SubscriptionActionAnswer,
  TestCardConfirmBody, TestRenewalBody,
} from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

export const billingKeys = {
  payments: ['/api/subscription/payments'] as const,
  config: ['/api/payments/config'] as const,
  planChange: (plan: string) => [`/api/subscription/plan-change?plan=${plan}`] as const,
};

const useRefreshBilling = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([invalidateMembership(queryClient), queryClient.invalidateQueries({ queryKey: billingKeys.payments })]);
};

/** GET /api/payments/config: which card form to show (test form or Stripe's Payment Element). */
export function usePaymentConfig() {
  return useQuery(queryOptions<PaymentConfig>({ queryKey: billingKeys.config, staleTime: Infinity }));
}

/** GET /api/subscription/payments: amount, date, charity share and a receipt link per payment. */
export function usePaymentHistory() {
  return useQuery(queryOptions<PaymentHistoryItem[]>({ queryKey: billingKeys.payments }));
}

/** GET /api/subscription/plan-change?plan=…: the proration, shown before the member confirms. */
export function usePlanChangePreview(plan: 'monthly' | 'yearly' | null) {
  return useQuery({ ...queryOptions<PlanChangePreview>({ queryKey: billingKeys.planChange(plan ?? '') }), enabled: plan !== null, staleTime: 0 });
}

/** POST /api/subscription/plan-change {plan}. */
export function useChangePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (plan: 'monthly' | 'yearly') => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/plan-change', { plan }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/subscription/card: a SetupIntent to confirm in the browser. */
export function useStartCardSetup() {
  return useMutation({ mutationFn: () => apiJson<CardSetupAnswer>('POST', '/api/subscription/card') });
}

/** POST /api/test-payments/setup-confirm: the test provider's confirmSetup (402 {message} for a declining card). */
export function useConfirmTestSetup() {
  return useMutation({
    mutationFn: (body: TestCardConfirmBody) => apiJson<{ setupIntent: { id: string } }>('POST', '/api/test-payments/setup-confirm', body),
  });
}

/** POST /api/subscription/card/complete: saves the card and pays an open renewal with it. */
export function useCompleteCardSetup() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (setupIntentId: string) => apiJson<CardCompleteAnswer>('POST', '/api/subscription/card/complete', { setupIntentId }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/subscription/retry-payment: the failed renewal again, with the card on file. */
export function useRetryPayment() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/retry-payment'),
    onSettled: () => refresh(),
  });
}

/** POST /api/test-payments/renewal {outcome}: the test-mode control. */
export function useTestRenewal() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (outcome: TestRenewalBody['outcome']) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/renewal', { outcome }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/test-payments/invoice/pay {invoiceId}: the test hosted invoice page's "Confirm payment". */
export function usePayTestInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (invoiceId: string) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/invoice/pay', { invoiceId }),
    onSuccess: () => refresh(),
  });
}
