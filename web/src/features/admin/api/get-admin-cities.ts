import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCity } from '@shared/contract/index.ts';
import { adminKeys } from './keys';

/** GET /api/admin/cities: every city, inactive ones too, with its business and member counts. */
const adminCitiesQueryOptions = () => queryOptions<AdminCity[]>({ queryKey: adminKeys.cities, refetchOnMount: 'always' });

export function useAdminCities() {
  return useQuery(adminCitiesQueryOptions());
}
