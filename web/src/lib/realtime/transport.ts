import { realtimeConnection, type RealtimeConnection } from '@shared/contract/realtime.ts';
import { apiJson } from '../api-client';
import type { RealtimeClient } from './realtime-client';
import { createSseClient } from './sse-client';
import { createSupabaseClient } from './supabase-client';

export const REALTIME_TOKEN_PATH = '/api/realtime/token';

const fetchConnection = async (): Promise<RealtimeConnection> =>
  realtimeConnection.parse(await apiJson('GET', REALTIME_TOKEN_PATH));

/** The transport the API names for this user (loaded lazily by connect.ts). */
export async function connectRealtime(connection?: RealtimeConnection): Promise<RealtimeClient> {
  const resolved = connection ?? (await fetchConnection());
  if (resolved.transport === 'none') return silentClient();
  if (resolved.transport === 'sse') return createSseClient({ eventsUrl: resolved.eventsUrl, userTopic: resolved.userTopic });
  return createSupabaseClient({ connection: resolved, refresh: fetchConnection });
}

/**
 * The server has no realtime ("none"): a connected client that never delivers and never retries. Screens
 * still show current data (they refetch on focus and after their own changes); the first onReconnect
 * fires once, as for a live connection, so listeners load what they show.
 */
export function silentClient(): RealtimeClient {
  return {
    subscribe: () => () => {},
    onReconnect(listener) {
      queueMicrotask(listener);
      return () => {};
    },
    close() {},
  };
}
