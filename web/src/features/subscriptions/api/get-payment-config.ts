import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@shared/contract/index.ts';
import { paymentKeys } from './subscription-api-keys';

/** GET /api/payments/config → which card form to show: the built-in test provider's or Stripe Elements. */
export const paymentConfigQueryOptions = () => queryOptions<PaymentConfig>({ queryKey: paymentKeys.config });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
