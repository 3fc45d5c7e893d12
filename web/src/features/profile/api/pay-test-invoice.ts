import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshBilling } from './billing-keys';

const payTestInvoice = (invoiceId: string) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/invoice/pay', { invoiceId });

/** POST /api/test-payments/invoice/pay {invoiceId}: the test hosted invoice page's "Confirm payment". */
export const usePayTestInvoice = () => useApiMutation({ call: payTestInvoice, refresh: refreshBilling });
