import { useMutation } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshBilling } from './billing-keys';

/** POST /api/subscription/plan-change {plan}: charges the proration and switches now. */
export function useChangePlan() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (plan: 'monthly' | 'yearly') => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/plan-change', { plan }),
    onSuccess: () => refresh(),
  });
}
