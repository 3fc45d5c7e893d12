import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { getQueryFn } from '../api-client';

export const authKeys = {
  me: ['/api/auth/me'] as const,
};

const readSession = getQueryFn<SessionAnswer>({ on401: 'returnNull' });

declare global {
  interface Window {
    /** GET /api/auth/me, started by index.html while the app's code downloads (see there). */
    __payLocalSession?: Promise<Response | null>;
  }
}

/** The answer index.html already asked for, once: the first screen then waits for one round trip fewer. */
async function takeEarlySession(): Promise<SessionUser | null | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__payLocalSession;
  if (!early) return undefined;
  window.__payLocalSession = undefined;
  const res = await early;
  if (!res) return undefined; // it failed (offline?): ask again the usual way
  if (res.status === 401) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) return undefined;
  return ((await res.json()) as SessionAnswer).user ?? null;
}

/**
 * GET /api/auth/me → the signed-in user, or null. A 401 means logged out; so does any other failure
 * (docs/spec.md section 4), which is why this never throws. Cached forever and never retried (client defaults).
 */
const meQueryOptions = () =>
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
