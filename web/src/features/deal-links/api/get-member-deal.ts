import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberDealLinkAnswer } from '@shared/contract/index.ts';
import { useRefreshAtExpiry } from '@/lib/deals/code-refresh';
import { cachedMemberDeal } from '../utils/cached-member-deal';
import { dealLinkKeys } from './deal-link-keys';

/**
 * GET /api/deals/member/:id: one deal with its current code and its 12-hour offline cover (decision 060),
 * kept in the persisted cache so the page shows codes offline. 403 without an active membership.
 */
const memberDealQueryOptions = (dealId: string) =>
  queryOptions<MemberDealLinkAnswer>({ queryKey: dealLinkKeys.memberDeal(dealId), refetchOnMount: 'always' });

/**
 * The member view of a deal link. Until its own answer exists (offline, a link never opened before), the
 * deal as the member's city lists hold it in the cache stands in, with the city's offline cover. Refetches
 * when the code rotates, so a deal that ends while open says so.
 */
export function useMemberDeal(dealId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...memberDealQueryOptions(dealId),
    enabled,
    placeholderData: () => cachedMemberDeal(queryClient, dealId),
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  useRefreshAtExpiry(enabled ? [query.data?.codeExpiresAt] : [], refresh);
  return query;
}
