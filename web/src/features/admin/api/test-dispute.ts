import type { PaymentActionAnswer, TestDisputeBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshAfterPaymentAction } from './refresh-after-payment-action';

const testDispute = ({ id, ...body }: TestDisputeBody & { id: string }) =>
  apiJson<PaymentActionAnswer>('POST', `/api/admin/payments/${id}/test-dispute`, body);

/** POST /api/admin/payments/{id}/test-dispute {action}: open, win or lose a dispute (test payments only). */
export const useTestDispute = (callbacks?: MutationCallbacks<PaymentActionAnswer>) =>
  useApiMutation({ call: testDispute, refresh: refreshAfterPaymentAction }, callbacks);
