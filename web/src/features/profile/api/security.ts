import type { ChangePasswordBody } from '@shared/contract/index.ts';
import { apiJson, apiRequest } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signedOut } from '@/lib/auth/session';

const changePassword = (body: ChangePasswordBody) => apiJson<{ success: boolean }>('POST', '/api/auth/change-password', body);

/** POST /api/auth/change-password: this session stays, every other one ends. */
export const useChangePassword = () => useApiMutation({ call: changePassword });

const logoutAll = async () => {
  await apiRequest('POST', '/api/auth/logout-all');
};

/** POST /api/auth/logout-all: every session of the account ends, this one too; the cache is emptied like a sign-out. */
export const useLogoutAll = (callbacks?: MutationCallbacks<void>) =>
  useApiMutation({ call: logoutAll, refresh: (queryClient) => signedOut(queryClient, { forget: true }) }, callbacks);
