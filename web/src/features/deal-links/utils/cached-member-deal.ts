import type { QueryClient } from '@tanstack/react-query';
import type { MemberDeal, MemberDealLinkAnswer, OfflineDealCodes } from '@shared/contract/index.ts';

// A deal link opened offline for the first time: the member home keeps its city lists (pages of member
// deals) and each city's offline cover in the persisted cache under '/api/deals' (decision 096, 060). The
// deal and its cover are read from there by shape, without reaching into that feature's code.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function dealIn(data: Record<string, unknown>, dealId: string): MemberDeal | undefined {
  if (!Array.isArray(data.pages)) return undefined;
  for (const page of data.pages) {
    if (!isObject(page) || !Array.isArray(page.deals)) continue;
    const found = (page.deals as unknown[]).find((deal) => isObject(deal) && deal.id === dealId && typeof deal.currentCode === 'string');
    if (found) return found as MemberDeal;
  }
  return undefined;
}

function coverIn(data: Record<string, unknown>, dealId: string): OfflineDealCodes | undefined {
  if (typeof data.issuedAt !== 'string' || !Array.isArray(data.deals)) return undefined;
  return (data.deals as unknown[]).find((deal) => isObject(deal) && deal.dealId === dealId && Array.isArray(deal.windowKeys)) as
    OfflineDealCodes | undefined;
}

/** The deal as the cached member lists show it, with the longest cached offline cover of it; undefined if no list holds it. */
export function cachedMemberDeal(queryClient: QueryClient, dealId: string): MemberDealLinkAnswer | undefined {
  let deal: MemberDeal | undefined;
  let cover: OfflineDealCodes | undefined;
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['/api/deals'] })) {
    if (!isObject(data)) continue;
    deal ??= dealIn(data, dealId);
    const found = coverIn(data, dealId);
    if (found && (!cover || Date.parse(found.validUntil) > Date.parse(cover.validUntil))) cover = found;
  }
  return deal ? { ...deal, offlineCodes: cover ?? null } : undefined;
}
