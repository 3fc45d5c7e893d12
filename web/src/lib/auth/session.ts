import type { QueryClient } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import type { ApiMutation } from '../api-mutation';
import { appPersister } from '../query-persister';
import { authKeys } from './get-me';

/**
 * A call that signs this browser in (its answer is {user}): the cached current user becomes the answer's and the
 * screen's onSuccess receives that user. `fresh`: someone else may have used this device (a shared tablet, a reset
 * link), so every cached answer of before goes first.
 */
export function signInMutation<TInput>(
  call: (input: TInput) => Promise<SessionAnswer>,
  { fresh = false }: { fresh?: boolean } = {},
): ApiMutation<TInput, SessionAnswer, SessionUser> {
  return {
    call,
    refresh: (queryClient, { user }) => {
      if (fresh) queryClient.clear();
      queryClient.setQueryData(authKeys.me, user);
    },
    result: ({ user }) => user,
  };
}

/**
 * After a sign-out: the whole client cache goes (docs/spec.md section 4) so the next person on this device sees
 * nothing of the previous one, then the user is set to null so route guards react at once without refetching
 * /api/auth/me. `forget`: the persisted copy goes too. All synchronous: an await here would let screens
 * re-render against the emptied cache and refetch.
 */
export function signedOut(queryClient: QueryClient, { forget }: { forget: boolean }) {
  queryClient.clear();
  queryClient.setQueryData(authKeys.me, null);
  if (forget) void appPersister.removeClient();
}
