import { useMutation } from '@tanstack/react-query';
import type { SubscriptionActionAnswer, TestRenewalBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshBilling } from './billing-keys';

/** POST /api/test-payments/renewal {outcome}: the test-mode control (built-in test payments only). */
export function useTestRenewal() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (outcome: TestRenewalBody['outcome']) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/renewal', { outcome }),
    onSuccess: () => refresh(),
  });
}
