import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

/** POST /api/auth/resend-verification: a new confirmation link to the account's address (rate-limited). */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiJson<{ sent: boolean }>('POST', '/api/auth/resend-verification') });
}
