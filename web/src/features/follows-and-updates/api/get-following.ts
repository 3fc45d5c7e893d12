import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowedBusiness } from '@shared/contract/index.ts';
import { followKeys } from './keys';

/** GET /api/user/following: the businesses the member follows, most recent first. */
export const followingQueryOptions = () => queryOptions<FollowedBusiness[]>({ queryKey: followKeys.following });

export const useFollowing = () => useQuery(followingQueryOptions());

/** Whether the signed-in user follows `businessId`, read from the one shared followed list. */
export const useFollowsBusiness = (businessId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...followingQueryOptions(), enabled, select: (list) => list.some((business) => business.id === businessId) });
