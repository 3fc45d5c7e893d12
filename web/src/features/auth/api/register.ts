import type { RegisterBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signInMutation } from '@/lib/auth/session';

const register = (body: RegisterBody) => apiJson<SessionAnswer>('POST', '/api/auth/register', body);

/** POST /api/auth/register (409 "User already exists" for a taken email); on success the new user is cached. */
export const useRegister = (callbacks?: MutationCallbacks<SessionUser>) => useApiMutation(signInMutation(register), callbacks);
