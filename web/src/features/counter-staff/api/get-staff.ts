import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@shared/contract/index.ts';
import { staffKeys } from './staff-keys';

/** GET /api/merchant/staff: the owner's staff, invited or active. */
const staffQueryOptions = () => queryOptions<StaffMember[]>({ queryKey: staffKeys.staff, staleTime: 0 });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
