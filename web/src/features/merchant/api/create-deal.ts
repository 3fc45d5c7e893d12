import type { QueryClient } from '@tanstack/react-query';
import type { CreateDealBody, MerchantDeal } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

const createDeal = (body: CreateDealBody) => apiJson<MerchantDeal>('POST', '/api/merchant/deals', body);

/** The new deal heads the list at once; the list is read again meanwhile. */
const showNewDeal = (queryClient: QueryClient, deal: MerchantDeal) => {
  queryClient.setQueryData<MerchantDeal[]>(merchantKeys.deals, (deals) => (deals ? [deal, ...deals] : deals));
  void queryClient.invalidateQueries({ queryKey: merchantKeys.deals });
};

/** POST /api/merchant/deals: answers the new deal with its first code. */
export const useCreateDeal = (callbacks?: MutationCallbacks<MerchantDeal>) => useApiMutation({ call: createDeal, refresh: showNewDeal }, callbacks);
