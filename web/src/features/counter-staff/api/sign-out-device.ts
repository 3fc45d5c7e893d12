import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

/** POST /api/counter/sign-out: the staff member leaves the tablet; it stays paired, back to the switcher. */
export function useSignOutDevice({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ success: boolean }>('POST', '/api/counter/sign-out'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
      onSuccess?.();
    },
  });
}
