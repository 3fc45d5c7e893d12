import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

const login = (body: LoginBody) => apiJson<SessionAnswer>('POST', '/api/auth/login', body);

/** POST /api/auth/login; on success the cached current user becomes the answer's user. */
export function useLogin({ onSuccess, onError }: { onSuccess?: (user: SessionUser) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me, user);
      onSuccess?.(user);
    },
    onError,
  });
}
