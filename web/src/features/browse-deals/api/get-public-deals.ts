import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDeal } from '@shared/contract/index.ts';

const publicDealKeys = {
  all: ['/api/deals/public'] as const,
};

/** GET /api/deals/public: live deals for visitors, codes hidden. Fresh on every visit. */
const publicDealsQueryOptions = () =>
  queryOptions<PublicDeal[]>({ queryKey: publicDealKeys.all, staleTime: 0, refetchOnMount: 'always' });

export function usePublicDeals() {
  return useQuery(publicDealsQueryOptions());
}
