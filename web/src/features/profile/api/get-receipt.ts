import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptAnswer } from '@shared/contract/index.ts';
import { billingKeys } from './billing-keys';

/** GET /api/subscription/receipts/{id}: one of the member's payments as a receipt (404 when it is not theirs). */
export function useReceipt(paymentId: string) {
  return useQuery(queryOptions<ReceiptAnswer>({ queryKey: billingKeys.receipt(paymentId), retry: false }));
}
