import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@shared/contract/index.ts';

export const cityKeys = {
  all: ['/api/cities'] as const,
};

/** GET /api/cities: public list of {id, name, state}; read by the default key-path query function. */
export const citiesQueryOptions = () => queryOptions<City[]>({ queryKey: cityKeys.all });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
