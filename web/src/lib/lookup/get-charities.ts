import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Charity } from '@shared/contract/index.ts';
import { apiJson } from '../api-client';

export const charityKeys = {
  all: ['/api/charities'] as const,
  byCity: (cityId: string) => ['/api/charities', { cityId }] as const,
};

function charitiesUrl(cityId: string): string {
  return `/api/charities?${new URLSearchParams({ cityId })}`;
}

/** GET /api/charities?cityId=…: the city id rides in the key, so the path is built here rather than by key joining. */
const charitiesQueryOptions = (cityId: string) =>
  queryOptions<Charity[]>({
    queryKey: charityKeys.byCity(cityId),
    queryFn: () => apiJson<Charity[]>('GET', charitiesUrl(cityId)),
    // Shown from the cache at once, then read again whenever a city is picked (stale at once, so switching the
    // key refetches too): a charity the admin retired leaves the pickers (decision 125).
    staleTime: 0,
  });

/** Loads only when enabled (the register form enables it for customers with a home city). */
export function useCharities(cityId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...charitiesQueryOptions(cityId ?? ''), enabled: enabled && !!cityId });
}
