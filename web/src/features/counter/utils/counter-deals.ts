import type { MerchantDeal, OfflineCodesAnswer, OfflineDealCodes } from '@shared/contract/index.ts';

export interface CounterDeal {
  deal: MerchantDeal;
  cover: OfflineDealCodes | undefined;
}

/**
 * The deals whose codes the counter shows: active ones the server gave a code (live when last read) or that
 * the offline cover includes, each with its cover.
 */
export function liveCounterDeals(deals: readonly MerchantDeal[] | undefined, cover: OfflineCodesAnswer | null | undefined): CounterDeal[] {
  const covers = new Map((cover?.deals ?? []).map((covered) => [covered.dealId, covered]));
  return (deals ?? [])
    .filter((deal) => deal.active && (deal.currentCode !== null || covers.has(deal.id)))
    .map((deal) => ({ deal, cover: covers.get(deal.id) }));
}
