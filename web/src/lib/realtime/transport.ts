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
  if (resolved.transport === 'sse') return createSseClient({ eventsUrl: resolved.eventsUrl, userTopic: resolved.userTopic });
  return createSupabaseClient({ connection: resolved, refresh: fetchConnection });
}
