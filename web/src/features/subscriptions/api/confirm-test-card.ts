import type { TestCardConfirmBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

interface ConfirmAnswer {
  paymentIntent: { id: string; status: string };
}

const confirmTestCard = (body: TestCardConfirmBody) => apiJson<ConfirmAnswer>('POST', '/api/test-payments/confirm', body);

/** POST /api/test-payments/confirm: the built-in test provider's card step (402 {message} on a decline). */
export const useConfirmTestCard = () => useApiMutation({ call: confirmTestCard });
