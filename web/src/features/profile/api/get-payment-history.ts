import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentHistoryItem } from '@shared/contract/index.ts';
import { billingKeys } from './billing-keys';

/** GET /api/subscription/payments: amount, date, charity share and a receipt link per payment. */
export function usePaymentHistory() {
  return useQuery(queryOptions<PaymentHistoryItem[]>({ queryKey: billingKeys.payments }));
}
