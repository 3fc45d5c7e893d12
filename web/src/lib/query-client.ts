import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { connectivity } from './network/connectivity';
import { PERSIST_MAX_AGE_MS } from './query-persister';

/**
 * Client data settings of docs/spec.md section 9: never stale, no refetch on focus or interval, no retries.
 * Keys are API paths, so most reads need no query function of their own.
 */
export function createQueryClient(): QueryClient {
  // TanStack follows the app's view of the network (navigator.onLine corrected by failed requests): an app
  // opened in airplane mode, or on Wi-Fi without internet, pauses its queries (keeping their persisted data)
  // instead of failing on every refetch, and resumes them when the server answers again.
  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity.isOnline());
    return connectivity.subscribe(() => setOnline(connectivity.isOnline()));
  });
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
