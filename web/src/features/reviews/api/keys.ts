/** Query keys of reviews: API paths first, so default reads and invalidation line up. */
export const reviewKeys = {
  all: ['/api/reviews'] as const,
  business: (merchantId: string) => ['/api/reviews', 'business', merchantId] as const,
  merchant: ['/api/reviews', 'merchant'] as const,
  admin: ['/api/reviews', 'admin'] as const,
  mine: ['/api/reviews', 'not-honoured'] as const,
};

/** The deal lists (['/api/deals', ...]) and deal pages (['/api/deals/member', id]) carry each business's average and count. */
export const carriesRating = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/deals');
