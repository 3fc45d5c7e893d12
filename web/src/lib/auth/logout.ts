import { apiRequest } from '../api-client';
import { type MutationCallbacks, useApiMutation } from '../api-mutation';
import { signedOut } from './session';

const logout = async () => {
  await apiRequest('POST', '/api/auth/logout');
};

/** POST /api/auth/logout; on success this device forgets the session and every cached answer (signedOut). */
export const useLogout = (callbacks?: MutationCallbacks<void>) =>
  useApiMutation({ call: logout, refresh: (queryClient) => signedOut(queryClient, { forget: true }) }, callbacks);
