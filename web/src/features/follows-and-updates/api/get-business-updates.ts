import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessUpdate } from '@shared/contract/index.ts';
import { businessUpdateKeys } from './keys';

/** GET /api/merchant/updates: the merchant's latest updates to followers. */
const businessUpdatesQueryOptions = () => queryOptions<BusinessUpdate[]>({ queryKey: businessUpdateKeys.list });

export const useBusinessUpdates = () => useQuery(businessUpdatesQueryOptions());
