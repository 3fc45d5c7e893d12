/** Query keys of reviews: API paths first, so default reads and invalidation line up. */
export const reviewKeys = {
  all: ['/api/reviews'] as const,
  business: (merchantId: string) => ['/api/reviews', 'business', merchantId] as const,
  merchant: ['/api/reviews', 'merchant'] as const,
  admin: ['/api/reviews', 'admin'] as const,
  /** The deal lists and deal pages carry each business's average and count. */
  deals: ['/api/deals'] as const,
};
