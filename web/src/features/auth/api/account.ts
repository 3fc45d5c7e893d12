import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ForgotPasswordBody, MessageAnswer, ResetPasswordBody, SessionAnswer, SessionUser, VerifyEmailBody,
} from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { authKeys } from '@/lib/auth/get-me';

/** POST /api/auth/forgot-password → 202 with the same message whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => apiJson<MessageAnswer>('POST', '/api/auth/forgot-password', body) });
}

/** POST /api/auth/reset-password: new password, every other session ended, this browser signed in. */
export function useResetPassword({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiJson<SessionAnswer>('POST', '/api/auth/reset-password', body),
    onSuccess: ({ user }) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, user);
      onSuccess?.(user);
    },
  });
}

/** POST /api/auth/verify-email {token}: the link from the verification mail. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => apiJson<{ verified: boolean }>('POST', '/api/auth/verify-email', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/auth/profile'] }),
  });
}
