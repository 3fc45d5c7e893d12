import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentActionAnswer, RefundBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshAfterPaymentAction } from './refresh-after-payment-action';

const refundPayment = ({ id, ...body }: RefundBody & { id: string }) =>
  apiJson<PaymentActionAnswer>('POST', `/api/admin/payments/${id}/refund`, body);

/** POST /api/admin/payments/{id}/refund {amountCents?, reason}: all that is left unless amountCents says less. */
export function useRefundPayment({ onSuccess, onError }: { onSuccess?: (answer: PaymentActionAnswer) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: async (answer) => {
      await refreshAfterPaymentAction(queryClient);
      onSuccess?.(answer);
    },
    onError,
  });
}
