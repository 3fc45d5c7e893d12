import type { QueryClient } from '@tanstack/react-query';
import type { MerchantDeal, UpdateDealBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

export interface UpdateDealInput {
  id: string;
  /** Only the changed fields: {active} for the toggle, every field (unused discount kind null) on edit. */
  changes: UpdateDealBody;
}

const updateDeal = ({ id, changes }: UpdateDealInput) => apiJson<MerchantDeal>('PATCH', `/api/merchant/deals/${id}`, changes);

const showUpdatedDeal = (queryClient: QueryClient, deal: MerchantDeal) => {
  queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) => deals?.map((d) => (d.id === deal.id ? deal : d)));
  // The counter's offline cover must follow (a deactivated deal stops showing a code).
  void queryClient.invalidateQueries({ queryKey: merchantKeys.offlineCodes });
};

/** PATCH /api/merchant/deals/{id} */
export const useUpdateDeal = (callbacks?: MutationCallbacks<MerchantDeal, UpdateDealInput>) =>
  useApiMutation({ call: updateDeal, refresh: showUpdatedDeal }, callbacks);
