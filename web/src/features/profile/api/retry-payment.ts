import { useMutation } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshBilling } from './billing-keys';

/** POST /api/subscription/retry-payment: the failed renewal again, with the card on file. */
export function useRetryPayment() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/retry-payment'),
    onSettled: () => refresh(),
  });
}
