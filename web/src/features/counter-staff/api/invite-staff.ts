import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffBody, StaffMember } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { staffKeys } from './staff-keys';

/** POST /api/merchant/staff {name, email}: the staff member is created and mailed an invite link. */
export function useInviteStaff({ onSuccess, onError }: { onSuccess?: (member: StaffMember) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffBody) => apiJson<StaffMember>('POST', '/api/merchant/staff', body),
    onSuccess: (member) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.staff });
      onSuccess?.(member);
    },
    onError,
  });
}
