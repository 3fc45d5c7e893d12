import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@shared/contract/index.ts';

export const cityKeys = {
  all: ['/api/cities'] as const,
};

/**
 * GET /api/cities: public list of {id, name, state}. On /app and /deals the first read takes the answer
 * index.html already asked for (the default query function, lib/api-client.ts).
 */
export const citiesQueryOptions = () => queryOptions<City[]>({ queryKey: cityKeys.all });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
