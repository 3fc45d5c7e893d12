import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDealLinkAnswer } from '@shared/contract/index.ts';
import { dealLinkKeys } from './deal-link-keys';

/** GET /api/deals/public/:id: one deal for visitors, code hidden; 410 no longer available, 404 unknown. */
const publicDealQueryOptions = (dealId: string) =>
  queryOptions<PublicDealLinkAnswer>({ queryKey: dealLinkKeys.publicDeal(dealId), refetchOnMount: 'always' });

export function usePublicDeal(dealId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...publicDealQueryOptions(dealId), enabled });
}
