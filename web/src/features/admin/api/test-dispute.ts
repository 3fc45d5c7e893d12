import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentActionAnswer, TestDisputeBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshAfterPaymentAction } from './refresh-after-payment-action';

const testDispute = ({ id, ...body }: TestDisputeBody & { id: string }) =>
  apiJson<PaymentActionAnswer>('POST', `/api/admin/payments/${id}/test-dispute`, body);

/** POST /api/admin/payments/{id}/test-dispute {action}: open, win or lose a dispute (test payments only). */
export function useTestDispute({ onSuccess, onError }: { onSuccess?: (answer: PaymentActionAnswer) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testDispute,
    onSuccess: async (answer) => {
      await refreshAfterPaymentAction(queryClient);
      onSuccess?.(answer);
    },
    onError,
  });
}
