import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MerchantDeal } from '@shared/contract/index.ts';
import { useRefreshAtExpiry } from '@/lib/deals/code-refresh';
import { merchantKeys } from './merchant-keys';

/** GET /api/merchant/deals: the merchant's own deals with their current codes. */
const merchantDealsQueryOptions = () => queryOptions<MerchantDeal[]>({ queryKey: merchantKeys.deals });

/** The deals, refetched by itself when the first shown code expires, so codes rotate on screen. */
export function useMerchantDeals({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...merchantDealsQueryOptions(), enabled });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  useRefreshAtExpiry(query.data?.map((deal) => deal.codeExpiresAt) ?? [], refresh);
  return query;
}
