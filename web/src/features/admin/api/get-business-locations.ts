import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessLocation } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/merchants/{id}/locations: a business's locations with hours (issue 40). */
const businessLocationsQueryOptions = (merchantId: string) =>
  queryOptions<BusinessLocation[]>({
    queryKey: [...adminKeys.merchants, merchantId, 'locations'],
    queryFn: () => apiJson<BusinessLocation[]>('GET', `/api/admin/merchants/${encodeURIComponent(merchantId)}/locations`),
  });

export function useBusinessLocations(merchantId: string | null) {
  return useQuery({ ...businessLocationsQueryOptions(merchantId ?? ''), enabled: merchantId !== null });
}
