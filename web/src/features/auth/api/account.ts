import type {
  ForgotPasswordBody, MessageAnswer, ResetPasswordBody, SessionAnswer, SessionUser, VerifyEmailBody,
} from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signInMutation } from '@/lib/auth/session';

const forgotPassword = (body: ForgotPasswordBody) => apiJson<MessageAnswer>('POST', '/api/auth/forgot-password', body);

/** POST /api/auth/forgot-password → 202 with the same message whether or not the address has an account. */
export const useForgotPassword = () => useApiMutation({ call: forgotPassword });

const resetPassword = (body: ResetPasswordBody) => apiJson<SessionAnswer>('POST', '/api/auth/reset-password', body);

/** POST /api/auth/reset-password: new password, every other session ended, this browser signed in. */
export const useResetPassword = (callbacks?: MutationCallbacks<SessionUser>) =>
  useApiMutation(signInMutation(resetPassword, { fresh: true }), callbacks);

const verifyEmail = (body: VerifyEmailBody) => apiJson<{ verified: boolean }>('POST', '/api/auth/verify-email', body);

/** POST /api/auth/verify-email {token}: the link from the verification mail; the profile is read again. */
export const useVerifyEmail = () => useApiMutation({ call: verifyEmail, refresh: [['/api/auth/profile']] });
