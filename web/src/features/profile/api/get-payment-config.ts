import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@shared/contract/index.ts';
import { billingKeys } from './billing-keys';

/** GET /api/payments/config: which card form to show (test form or Stripe's Payment Element). */
export function usePaymentConfig() {
  return useQuery(queryOptions<PaymentConfig>({ queryKey: billingKeys.config, staleTime: Infinity }));
}
