import { useQueryClient } from '@tanstack/react-query';
import type { MerchantDeal } from '@shared/contract/index.ts';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** After any counter write: the activity list and member balances changed. */
export function useRefreshCounter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: merchantKeys.counterActivity });
    void queryClient.invalidateQueries({ queryKey: ['/api/merchant/members'] });
  };
}

/** A verified or undone code changes one deal's usage count. */
export function useSetUsedCount() {
  const queryClient = useQueryClient();
  return (dealId: string, usedCount: number) =>
    queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) => deals?.map((d) => (d.id === dealId ? { ...d, usedCount } : d)));
}

export type Callbacks<T> = { onSuccess?: (answer: T) => void; onError?: (error: Error) => void };
