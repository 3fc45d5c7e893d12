import { useMutation } from '@tanstack/react-query';
import type { TestCardConfirmBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

interface ConfirmAnswer {
  paymentIntent: { id: string; status: string };
}

/** POST /api/test-payments/confirm: the built-in test provider's card step (402 {message} on a decline). */
export function useConfirmTestCard() {
  return useMutation({
    mutationFn: (body: TestCardConfirmBody) => apiJson<ConfirmAnswer>('POST', '/api/test-payments/confirm', body),
  });
}
