import type { PaymentActionAnswer, RefundBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshAfterPaymentAction } from './refresh-after-payment-action';

const refundPayment = ({ id, ...body }: RefundBody & { id: string }) =>
  apiJson<PaymentActionAnswer>('POST', `/api/admin/payments/${id}/refund`, body);

/** POST /api/admin/payments/{id}/refund {amountCents?, reason}: all that is left unless amountCents says less. */
export const useRefundPayment = (callbacks?: MutationCallbacks<PaymentActionAnswer>) =>
  useApiMutation({ call: refundPayment, refresh: refreshAfterPaymentAction }, callbacks);
