import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInviteAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/auth/staff-invite?token=: who is invited, to which business (400 when the link is no longer valid). */
const staffInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/auth/staff-invite', token] as const,
    queryFn: () => apiJson<StaffInviteAnswer>('GET', `/api/auth/staff-invite?token=${encodeURIComponent(token)}`),
    retry: false,
    enabled: token !== '',
  });

export function useStaffInvite(token: string) {
  return useQuery(staffInviteQueryOptions(token));
}
