import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_SEARCH_LIMIT } from '@shared/constants.ts';
import type { Business } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { collabKeys } from './keys';

export interface BusinessSearchFilters {
  q: string;
  /** '' = All categories */
  category: string;
  /** '' = All cities, else a city id */
  city: string;
}

/** The first page only: the screen shows the 20 best matches and asks for more words, not a next page. */
async function searchBusinesses(filters: BusinessSearchFilters): Promise<Business[]> {
  const params = new URLSearchParams({ q: filters.q.trim(), limit: String(BUSINESS_SEARCH_LIMIT) });
  if (filters.category) params.set('category', filters.category);
  if (filters.city) params.set('city', filters.city);
  return apiJson<Business[]>('GET', `/api/businesses/search?${params}`);
}

/** GET /api/businesses/search (text, category, city, limit 20). */
const businessSearchQueryOptions = (filters: BusinessSearchFilters) =>
  queryOptions({
    queryKey: collabKeys.search({ ...filters, q: filters.q.trim() }),
    queryFn: () => searchBusinesses(filters),
    placeholderData: keepPreviousData,
  });

export function useBusinessSearch(filters: BusinessSearchFilters) {
  return useQuery(businessSearchQueryOptions(filters));
}
