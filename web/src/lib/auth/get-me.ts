import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { getQueryFn } from '../api-client';

export const authKeys = {
  me: ['/api/auth/me'] as const,
};

const readSession = getQueryFn<SessionAnswer>({ on401: 'returnNull' });

/**
 * GET /api/auth/me → the signed-in user, or null. A 401 means logged out; so does any other failure
 * (spec section 4), which is why this never throws. Cached forever and never retried (client defaults).
 */
export const meQueryOptions = () =>
  queryOptions<SessionUser | null>({
    queryKey: authKeys.me,
    queryFn: async (context) => {
      try {
        const answer = await readSession(context);
        return answer?.user ?? null;
      } catch {
        return null;
      }
    },
  });

/** The current user: `user` is undefined while loading, null when logged out. */
export function useUser() {
  const query = useQuery(meQueryOptions());
  return { ...query, user: query.data };
}
