import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signedOut } from '@/lib/auth/session';

const signOutDevice = () => apiJson<{ success: boolean }>('POST', '/api/counter/sign-out');

/**
 * POST /api/counter/sign-out: the staff member leaves the tablet; it stays paired, back to the switcher. The
 * cache is emptied like a sign-out; the persisted copy stays.
 */
export const useSignOutDevice = (callbacks?: MutationCallbacks<unknown>) =>
  useApiMutation({ call: signOutDevice, refresh: (queryClient) => signedOut(queryClient, { forget: false }) }, callbacks);
