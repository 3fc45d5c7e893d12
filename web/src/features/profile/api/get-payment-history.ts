import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsAnswer } from '@shared/contract/index.ts';
import { billingKeys } from './billing-keys';

/** GET /api/subscription/payments: every charge, refund and credit, and the sums they add up to (issue 39). */
export function usePaymentHistory() {
  return useQuery(queryOptions<PaymentsAnswer>({ queryKey: billingKeys.payments }));
}
