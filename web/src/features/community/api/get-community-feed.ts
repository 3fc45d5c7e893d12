import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CommunityFeedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { communityKeys } from './keys';

/** GET /api/community/posts?cursor=: the caller's city's feed, newest first, a page at a time. */
const communityFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: communityKeys.feed,
    queryFn: ({ pageParam }) =>
      apiJson<CommunityFeedAnswer>('GET', `/api/community/posts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommunityFeedAnswer) => last.nextCursor,
    refetchOnMount: 'always',
  });

/** The loaded pages as one list (`posts`), the city and how the caller posts; `fetchNextPage` for older posts. */
export function useCommunityFeed() {
  const query = useInfiniteQuery(communityFeedQueryOptions());
  const first = query.data?.pages[0];
  const posts = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  return { ...query, posts, cityId: first?.cityId ?? null, cityName: first?.cityName ?? '', postAs: first?.postAs ?? 'member' };
}
