import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantDeal, UpdateDealBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

export interface UpdateDealInput {
  id: string;
  /** Only the changed fields: {active} for the toggle, every field (unused discount kind null) on edit. */
  changes: UpdateDealBody;
}

/** PATCH /api/merchant/deals/{id} */
export function useUpdateDeal({ onSuccess, onError }: { onSuccess?: (deal: MerchantDeal, input: UpdateDealInput) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateDealInput) => apiJson<MerchantDeal>('PATCH', `/api/merchant/deals/${id}`, changes),
    onSuccess: (deal, input) => {
      queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) => deals?.map((d) => (d.id === deal.id ? deal : d)));
      // The counter's offline cover must follow (a deactivated deal stops showing a code).
      void queryClient.invalidateQueries({ queryKey: merchantKeys.offlineCodes });
      onSuccess?.(deal, input);
    },
    onError,
  });
}
