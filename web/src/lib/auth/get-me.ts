import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { getQueryFn, takeEarlySession, takeEarlySessionWithin } from '../api-client';

export const authKeys = {
  me: ['/api/auth/me'] as const,
};

const readSession = getQueryFn<SessionAnswer>({ on401: 'returnNull' });

/**
 * GET /api/auth/me → the signed-in user, or null. A 401 means logged out; so does any other failure
 * (docs/spec.md section 4), which is why this never throws. Cached forever and never retried (client defaults).
 */
export const meQueryOptions = () =>
  queryOptions<SessionUser | null>({
    queryKey: authKeys.me,
    queryFn: async (context) => {
      try {
        const early = await takeEarlySession();
        if (early !== undefined) return early;
        const answer = await readSession(context);
        return answer?.user ?? null;
      } catch (error) {
        // No answer at all (a network failure, e.g. "online" without internet in a shop): keep who was signed
        // in, so an installed app stays usable offline (decision 061). A server's refusal still signs out.
        if (error instanceof TypeError) {
          const previous = context.client.getQueryData<SessionUser | null>(authKeys.me);
          if (previous !== undefined) return previous;
        }
        return null;
      }
    },
  });

/** When this page load started: a cached user from before it is only a guess until the server confirms. */
const PAGE_STARTED_AT = Date.now();

/**
 * The current user: `user` is undefined while loading, null when logged out. `isConfirming`: the user was
 * restored from this device's cache (an earlier visit) and the server's answer is on its way — screens wait
 * for it, or a sign-in made just before a reload (not yet persisted) would read as signed out. Offline
 * nothing is on its way, so the restored user is used at once.
 */
export function useUser() {
  const query = useQuery(meQueryOptions());
  const isConfirming = query.isFetching && query.dataUpdatedAt < PAGE_STARTED_AT;
  return { ...query, user: query.data, isConfirming };
}

/**
 * Before the first render: when index.html's GET /api/auth/me answers within `ms`, its user becomes the
 * session query's data, so React's first commit is already the screen (no splash commit, then a second
 * commit once the query's answer is delivered in a later task: the member home's heading came ~0.6 s later
 * on a throttled phone). Otherwise nothing changes: the query takes the answer when it comes.
 */
export async function adoptEarlySession(queryClient: QueryClient, ms: number): Promise<void> {
  const user = await takeEarlySessionWithin(ms);
  if (user !== undefined && queryClient.getQueryData(authKeys.me) === undefined) queryClient.setQueryData(authKeys.me, user);
}

/**
 * After the persisted cache is restored: a user restored from this device is only a guess until the server
 * confirms it, once per start (an expired cookie must not look signed in until the cache expires). A session
 * the server already answered during this page load needs no second request.
 */
export function confirmRestoredSession(queryClient: QueryClient): void {
  const state = queryClient.getQueryState(authKeys.me);
  if (state?.data !== undefined && state.dataUpdatedAt >= PAGE_STARTED_AT) return;
  void queryClient.invalidateQueries({ queryKey: authKeys.me });
}
