import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDealBody, MerchantDeal } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/** POST /api/merchant/deals: answers the new deal with its first code. */
export function useCreateDeal({ onSuccess, onError }: { onSuccess?: (deal: MerchantDeal) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDealBody) => apiJson<MerchantDeal>('POST', '/api/merchant/deals', body),
    onSuccess: (deal) => {
      queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) => (deals ? [deal, ...deals] : deals));
      void queryClient.invalidateQueries({ queryKey: merchantKeys.deals });
      onSuccess?.(deal);
    },
    onError,
  });
}
