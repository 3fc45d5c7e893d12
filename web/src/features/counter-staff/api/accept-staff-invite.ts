import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptStaffInviteBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

/** POST /api/auth/staff-invite/accept {token, password, pin}: the staff member is signed in. */
export function useAcceptStaffInvite({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptStaffInviteBody) => apiJson<SessionAnswer>('POST', '/api/auth/staff-invite/accept', body),
    onSuccess: ({ user }) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, user);
      onSuccess?.(user);
    },
  });
}
