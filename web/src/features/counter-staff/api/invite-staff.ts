import type { InviteStaffBody, StaffMember } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const inviteStaff = (body: InviteStaffBody) => apiJson<StaffMember>('POST', '/api/merchant/staff', body);

/** POST /api/merchant/staff {name, email}: the staff member is created and mailed an invite link (the list refetches meanwhile). */
export const useInviteStaff = (callbacks?: MutationCallbacks<StaffMember>) =>
  useApiMutation({ call: inviteStaff, refresh: (queryClient) => void queryClient.invalidateQueries({ queryKey: staffKeys.staff }) }, callbacks);
