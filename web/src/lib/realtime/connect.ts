import { afterFirstScreen, yieldToBrowser } from '../first-screen';
import { reconnectDelayMs } from './backoff';
import type { MessageHandler, RealtimeClient } from './realtime-client';
import { connectivity, type NetworkEvents } from '../network/connectivity';

/**
 * The transports (and the zod schemas they check messages with) are loaded on the first subscription,
 * not with the app: screens that never subscribe never download them (initial-JS budget, decision 061).
 * The first connection waits until the first screen is up; subscribers refetch on connect, so nothing is lost.
 */
const connectRealtime = async (): Promise<RealtimeClient> => {
  await afterFirstScreen();
  const transport = await import('./transport');
  // Evaluating the transports (and zod) was one task; connecting is the next.
  await yieldToBrowser();
  return transport.connectRealtime();
};

/**
 * A client usable at once and cheap to create: nothing connects until the first subscription.
 * Subscriptions made before the transport is known (the token call is in flight, or failed while
 * offline) are replayed onto it; a failed connect is retried with backoff, and at once when the
 * network returns. close()
 * disconnects, and a later subscription connects again (React may unmount and remount in dev).
 */
export function lazyRealtimeClient({
  connect = connectRealtime,
  network = connectivity,
}: {
  connect?: () => Promise<RealtimeClient>;
  network?: NetworkEvents;
} = {}): RealtimeClient {
  const subscriptions = new Set<{ topic: string; handler: MessageHandler; unsubscribe?: () => void }>();
  const reconnectListeners = new Set<{ listener: () => void; remove?: () => void }>();
  let client: RealtimeClient | null = null;
  let connecting: Promise<void> | null = null;
  let generation = 0;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function ensureConnected() {
    clearTimeout(retryTimer);
    if (client || connecting || subscriptions.size === 0) return;
    const started = generation;
    connecting = connect().then(
      (connected) => {
        connecting = null;
        if (started !== generation) return connected.close();
        failures = 0;
        client = connected;
        for (const s of subscriptions) s.unsubscribe = connected.subscribe(s.topic, s.handler);
        for (const r of reconnectListeners) r.remove = connected.onReconnect(r.listener);
      },
      () => {
        connecting = null;
        if (started !== generation) return;
        // Offline, or the API briefly unavailable: try again later, and at once when the network returns.
        retryTimer = setTimeout(ensureConnected, reconnectDelayMs(failures++));
        network.addEventListener('online', ensureConnected, { once: true });
      },
    );
  }

  return {
    subscribe(topic, handler) {
      const entry: { topic: string; handler: MessageHandler; unsubscribe?: () => void } = { topic, handler };
      subscriptions.add(entry);
      if (client) entry.unsubscribe = client.subscribe(topic, handler);
      else ensureConnected();
      return () => {
        subscriptions.delete(entry);
        entry.unsubscribe?.();
      };
    },
    onReconnect(listener) {
      const entry: { listener: () => void; remove?: () => void } = { listener };
      reconnectListeners.add(entry);
      if (client) entry.remove = client.onReconnect(listener);
      return () => {
        reconnectListeners.delete(entry);
        entry.remove?.();
      };
    },
    close() {
      generation++;
      clearTimeout(retryTimer);
      network.removeEventListener('online', ensureConnected);
      client?.close();
      client = null;
      connecting = null;
      for (const s of subscriptions) s.unsubscribe = undefined;
      for (const r of reconnectListeners) r.remove = undefined;
    },
  };
}
