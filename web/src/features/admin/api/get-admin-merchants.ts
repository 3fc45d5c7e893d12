import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './keys';

// TEMP until the deals contract (contract/merchants.ts) is on main: the fields this screen uses.
export interface AdminMerchant {
  id: string;
  name: string;
  address: string;
  businessType: string | null;
  description: string | null;
  phone: string | null;
  website: string | null;
  cityName: string | null;
  isWomenOwned: boolean;
  rewardRateBps: number;
  approvedAt: string | null;
  createdAt: string;
  ownerName: string;
  ownerEmail: string;
}
export interface AdminMerchantsAnswer {
  pending: AdminMerchant[];
  active: AdminMerchant[];
}

/** GET /api/admin/merchants: {pending, active}. */
export const adminMerchantsQueryOptions = () =>
  queryOptions<AdminMerchantsAnswer>({ queryKey: adminKeys.merchants, refetchOnMount: 'always' });

export function useAdminMerchants() {
  return useQuery(adminMerchantsQueryOptions());
}
