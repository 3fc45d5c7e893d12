// Query keys are API paths (the default query function GETs the joined key).
export const notificationKeys = {
  list: ['/api/notifications'] as const,
};

export const followKeys = {
  following: ['/api/user/following'] as const,
  /** ['/api/businesses', id, 'follow-status'] → GET /api/businesses/{id}/follow-status */
  statusAll: ['/api/businesses'] as const,
  status: (businessId: string) => ['/api/businesses', businessId, 'follow-status'] as const,
};

export const businessUpdateKeys = {
  list: ['/api/merchant/updates'] as const,
};
