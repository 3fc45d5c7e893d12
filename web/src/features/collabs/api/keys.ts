/** Query keys of Local Collabs: API paths first, so default reads and invalidation line up. */
export const collabKeys = {
  all: ['/api/collabs'] as const,
  searchRoot: ['/api/businesses/search'] as const,
  search: (filters: { q: string; category: string; city: string }) => ['/api/businesses/search', filters] as const,
};
