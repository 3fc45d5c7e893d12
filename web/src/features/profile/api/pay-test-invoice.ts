import { useMutation } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshBilling } from './billing-keys';

/** POST /api/test-payments/invoice/pay {invoiceId}: the test hosted invoice page's "Confirm payment". */
export function usePayTestInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (invoiceId: string) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/invoice/pay', { invoiceId }),
    onSuccess: () => refresh(),
  });
}
