/** Query keys of the community feed: API paths first, so default reads and invalidation line up. */
export const communityKeys = {
  feed: ['/api/community/posts'] as const,
  /** The admin's moderation queue (GET /api/reviews/admin), which lists reported posts beside reviews. */
  moderationQueue: ['/api/reviews', 'admin'] as const,
};
