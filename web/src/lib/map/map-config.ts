import type { MapConfig } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/**
 * GET /api/map: the map style (MAP_STYLE_URL, decision 209) and whether an address lookup is configured (decision
 * 208). Read by the members' map and the owner's location form, each asking only when it needs it; it changes only
 * with the deployment's settings.
 */
export const mapConfigQueryOptions = {
  queryKey: ['/api/map'] as const,
  queryFn: () => apiJson<MapConfig>('GET', '/api/map'),
  staleTime: 60 * 60 * 1000,
};
