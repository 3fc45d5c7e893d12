import type { LoginBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signInMutation } from '@/lib/auth/session';

const login = (body: LoginBody) => apiJson<SessionAnswer>('POST', '/api/auth/login', body);

/** POST /api/auth/login; on success the cached current user becomes the answer's user. */
export const useLogin = (callbacks?: MutationCallbacks<SessionUser>) => useApiMutation(signInMutation(login), callbacks);
