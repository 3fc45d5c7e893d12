import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

const register = (body: RegisterBody) => apiJson<SessionAnswer>('POST', '/api/auth/register', body);

/** POST /api/auth/register (409 "User already exists" for a taken email); on success the new user is cached. */
export function useRegister({ onSuccess, onError }: { onSuccess?: (user: SessionUser) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(authKeys.me, user);
      onSuccess?.(user);
    },
    onError,
  });
}
