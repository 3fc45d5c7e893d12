import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { PERSIST_MAX_AGE_MS } from './query-persister';

/**
 * Client data settings of spec section 9: never stale, no refetch on focus or interval, no retries.
 * Keys are API paths, so most reads need no query function of their own.
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes "online" until the first offline event; an installed app opened in airplane mode must
  // know at once, so queries pause (and keep their persisted data) instead of failing on every refetch.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        gcTime: PERSIST_MAX_AGE_MS,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
