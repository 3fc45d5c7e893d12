import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessLocation } from '@shared/contract/index.ts';
import { merchantKeys } from './merchant-keys';

/** GET /api/merchant/locations: the business's locations, first first (owner, or staff at the counter). */
const merchantLocationsQueryOptions = () => queryOptions<BusinessLocation[]>({ queryKey: merchantKeys.locations, staleTime: 60_000 });

export function useMerchantLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...merchantLocationsQueryOptions(), enabled });
}
