import { useMutation } from '@tanstack/react-query';
import type { CardCompleteAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useRefreshBilling } from './billing-keys';

/** POST /api/subscription/card/complete: saves the card and pays an open renewal with it. */
export function useCompleteCardSetup() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (setupIntentId: string) => apiJson<CardCompleteAnswer>('POST', '/api/subscription/card/complete', { setupIntentId }),
    onSuccess: () => refresh(),
  });
}
