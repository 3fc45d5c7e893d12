import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

const resendVerification = () => apiJson<{ sent: boolean }>('POST', '/api/auth/resend-verification');

/** POST /api/auth/resend-verification: a new confirmation link to the account's address (rate-limited). */
export const useResendVerification = () => useApiMutation({ call: resendVerification });
