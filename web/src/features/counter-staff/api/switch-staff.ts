import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser, SwitchStaffBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

/** POST /api/counter/switch {staffId, pin}: a staff member takes over this paired tablet. */
export function useSwitchStaff({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SwitchStaffBody) => apiJson<SessionAnswer>('POST', '/api/counter/switch', body),
    onSuccess: ({ user }) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, user);
      onSuccess?.(user);
    },
  });
}
