import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessLocation } from '@shared/contract/index.ts';
import { merchantKeys } from './merchant-keys';

/**
 * GET /api/merchant/locations: the business's locations, first first (owner, or staff at the counter). Asked again
 * each time a screen using it opens (online): the copy restored from the device may predate a location just added
 * on another screen or tablet, and the pairing and deal forms must offer it.
 */
const merchantLocationsQueryOptions = () =>
  queryOptions<BusinessLocation[]>({ queryKey: merchantKeys.locations, staleTime: 60_000, refetchOnMount: 'always' });

export function useMerchantLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...merchantLocationsQueryOptions(), enabled });
}
