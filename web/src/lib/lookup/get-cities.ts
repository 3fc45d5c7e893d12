import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '@shared/contract/index.ts';
import { getQueryFn } from '../api-client';
import { takeEarlyCities } from '../early-answers';

export const cityKeys = {
  all: ['/api/cities'] as const,
};

const readCities = getQueryFn<City[]>({ on401: 'throw' });

/**
 * GET /api/cities: public list of {id, name, state}. On /app and /deals the first read takes the answer
 * index.html already asked for (lib/early-answers.ts); every other read asks the server.
 */
export const citiesQueryOptions = () =>
  queryOptions<City[]>({
    queryKey: cityKeys.all,
    queryFn: async (context) => {
      const early = await takeEarlyCities();
      if (early) return (await early.json()) as City[];
      return (await readCities(context)) as City[];
    },
  });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
