import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCharity } from '@shared/contract/index.ts';

/** Kept beside its query (not in keys.ts) so the charities screen adds no lines to shared admin files. */
export const adminCharityKeys = {
  all: ['/api/admin/charities'] as const,
};

/** GET /api/admin/charities: every charity of every city, retired ones too, with members and what it received. */
const adminCharitiesQueryOptions = () => queryOptions<AdminCharity[]>({ queryKey: adminCharityKeys.all, refetchOnMount: 'always' });

export function useAdminCharities() {
  return useQuery(adminCharitiesQueryOptions());
}
