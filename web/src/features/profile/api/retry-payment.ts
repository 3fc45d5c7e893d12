import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshBilling } from './billing-keys';

/**
 * POST /api/subscription/retry-payment: the failed renewal again, with the card on file. Not a useApiMutation:
 * the billing is read again whatever the outcome (onSettled), a refused retry too.
 */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/retry-payment'),
    onSettled: () => refreshBilling(queryClient),
  });
}
