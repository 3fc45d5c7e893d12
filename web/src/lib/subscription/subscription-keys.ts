/** Query keys of the membership reads: the default query function GETs the joined key path. */
export const subscriptionKeys = {
  status: ['/api/subscription/status'] as const,
  details: ['/api/subscription/details'] as const,
};
