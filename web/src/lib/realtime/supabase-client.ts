import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { RealtimeConnection } from '@shared/contract/realtime.ts';
import type { RealtimeClient } from './realtime-client';
import { reconnectDelayMs } from './backoff';
import { TopicHub } from './topic-hub';
import { connectivity, type NetworkEvents } from '../network/connectivity';

type SupabaseConnection = Extract<RealtimeConnection, { transport: 'supabase' }>;

export interface SupabaseClientOptions {
  connection: SupabaseConnection;
  /** Asks the API for a fresh token (GET /api/realtime/token). */
  refresh: () => Promise<RealtimeConnection>;
  network?: NetworkEvents;
}

/** Renew the token this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

/**
 * Production transport: one Supabase private channel per topic, authorised by the
 * realtime.messages policies with the short-lived token the API minted for this user. realtime-js
 * re-joins dropped channels itself and asks accessToken() for the token on every heartbeat, which
 * is where the token is renewed. Each time a channel is SUBSCRIBED (first join or re-join) listeners catch up.
 */
export async function createSupabaseClient({ connection, refresh, network = connectivity }: SupabaseClientOptions): Promise<RealtimeClient> {
  const { createClient } = await import('@supabase/supabase-js');
  let current = connection;
  let renewing: Promise<void> | null = null;

  async function accessToken(): Promise<string> {
    if (new Date(current.expiresAt).getTime() - Date.now() < RENEW_BEFORE_MS) {
      renewing ??= refresh()
        .then((next) => {
          if (next.transport === 'supabase') current = next;
        })
        .finally(() => (renewing = null));
      await renewing;
    }
    return current.token;
  }

  // realtime-js's own reconnects (after a drop or a server restart) wait a jittered, growing time (decision 180).
  const supabase: SupabaseClient = createClient(connection.url, connection.apiKey, {
    accessToken,
    realtime: { reconnectAfterMs: (tries: number) => reconnectDelayMs(tries - 1) },
  });
  const channels = new Map<string, { channel: RealtimeChannel }>();

  const hub = new TopicHub((topics) => {
    for (const [topic, entry] of channels) {
      if (!topics.includes(topic)) {
        void supabase.removeChannel(entry.channel);
        channels.delete(topic);
      }
    }
    for (const topic of topics) if (!channels.has(topic)) join(topic);
  });

  function join(topic: string) {
    const entry = { channel: supabase.channel(topic, { config: { private: true } }) };
    channels.set(topic, entry);
    entry.channel
      .on('broadcast', { event: '*' }, ({ event, payload }) => hub.dispatch({ topic, event, payload: payload ?? {} }))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') hub.reconnected();
      });
  }

  // realtime-js notices a dead socket on its next heartbeat; when the network returns, reconnect now.
  const onOnline = () => {
    supabase.realtime.disconnect();
    supabase.realtime.connect();
  };
  network.addEventListener('online', onOnline);

  return {
    subscribe: (topic, handler) => hub.subscribe(topic, handler),
    onReconnect: (listener) => hub.onReconnect(listener),
    close() {
      network.removeEventListener('online', onOnline);
      void supabase.removeAllChannels();
    },
  };
}
