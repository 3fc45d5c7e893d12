import type { QueryClient } from '@tanstack/react-query';
import type { DeleteDealAnswer, MerchantDeal } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

export interface DeleteDealInput {
  id: string;
  /** true: remove for good (the confirmed Delete); false: DELETE deactivates (decision 020). */
  permanent: boolean;
}

const deleteDeal = ({ id, permanent }: DeleteDealInput) =>
  apiJson<DeleteDealAnswer>('DELETE', `/api/merchant/deals/${id}${permanent ? '?permanent=true' : ''}`);

const showDeletedDeal = (queryClient: QueryClient, answer: DeleteDealAnswer) => {
  queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) =>
    answer.deleted ? deals?.filter((d) => d.id !== answer.id) : deals?.map((d) => (d.id === answer.id && answer.deal ? answer.deal : d)));
  // The counter's offline cover must follow (a deactivated deal stops showing a code).
  void queryClient.invalidateQueries({ queryKey: merchantKeys.offlineCodes });
};

/** DELETE /api/merchant/deals/{id}[?permanent=true] */
export const useDeleteDeal = (callbacks?: MutationCallbacks<DeleteDealAnswer>) => useApiMutation({ call: deleteDeal, refresh: showDeletedDeal }, callbacks);
