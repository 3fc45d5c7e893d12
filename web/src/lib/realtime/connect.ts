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

/** Where the page's visibility comes from (document; tests pass their own). */
interface VisibilityEvents {
  isVisible(): boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

const documentVisibility: VisibilityEvents = {
  isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  addEventListener: (type, listener) => globalThis.document?.addEventListener(type, listener),
  removeEventListener: (type, listener) => globalThis.document?.removeEventListener(type, listener),
};

/** A hidden page keeps its connection this long: a glance at another app does not cost a reconnect. */
const HIDDEN_GRACE_MS = 30_000;
/** After the last live screen goes, the connection stays this long (moving between live screens). */
const IDLE_GRACE_MS = 10_000;

/**
 * A client usable at once and cheap to create: nothing connects until the first subscription.
 * Subscriptions made before the transport is known (the token call is in flight, or failed while
 * offline) are replayed onto it; a failed connect is retried with jittered backoff, and at once when the
 * network returns. close() disconnects, and a later subscription connects again (React may unmount and
 * remount in dev).
 *
 * Live only where seen (decision 180): the connection exists while a screen that shows live data is
 * subscribed AND the page is visible. A page hidden for HIDDEN_GRACE_MS, or with no live screen for
 * IDLE_GRACE_MS, disconnects (subscriptions are kept); when it is visible again it reconnects, and the
 * transports' "live again" calls every onReconnect listener, which refetch what they show: the refetch on
 * focus, for live screens only (the app's queries otherwise never refetch on focus, spec section 9).
 */
export function lazyRealtimeClient({
  connect = connectRealtime,
  network = connectivity,
  visibility = documentVisibility,
  hiddenGraceMs = HIDDEN_GRACE_MS,
  idleGraceMs = IDLE_GRACE_MS,
  random = Math.random,
}: {
  connect?: () => Promise<RealtimeClient>;
  network?: NetworkEvents;
  visibility?: VisibilityEvents;
  hiddenGraceMs?: number;
  idleGraceMs?: number;
  random?: () => number;
} = {}): RealtimeClient {
  const subscriptions = new Set<{ topic: string; handler: MessageHandler; unsubscribe?: () => void }>();
  const reconnectListeners = new Set<{ listener: () => void; remove?: () => void }>();
  let client: RealtimeClient | null = null;
  let connecting: Promise<void> | null = null;
  let generation = 0;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let suspendTimer: ReturnType<typeof setTimeout> | undefined;
  let watchingVisibility = false;

  /** Drops the connection (or the attempt under way) and keeps the subscriptions for the next one. */
  function disconnect() {
    generation++;
    clearTimeout(retryTimer);
    clearTimeout(suspendTimer);
    network.removeEventListener('online', ensureConnected);
    client?.close();
    client = null;
    connecting = null;
    for (const s of subscriptions) s.unsubscribe = undefined;
    for (const r of reconnectListeners) r.remove = undefined;
  }

  function suspendIn(ms: number) {
    clearTimeout(suspendTimer);
    if (client || connecting) suspendTimer = setTimeout(disconnect, ms);
  }

  function onVisibilityChange() {
    if (!visibility.isVisible()) return suspendIn(hiddenGraceMs);
    clearTimeout(suspendTimer);
    if (subscriptions.size === 0) suspendIn(idleGraceMs);
    else ensureConnected();
  }

  function ensureConnected() {
    clearTimeout(retryTimer);
    if (!watchingVisibility) {
      watchingVisibility = true;
      visibility.addEventListener('visibilitychange', onVisibilityChange);
    }
    // Hidden: connect when the page is seen again (onVisibilityChange).
    if (client || connecting || subscriptions.size === 0 || !visibility.isVisible()) return;
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
        retryTimer = setTimeout(ensureConnected, reconnectDelayMs(failures++, random));
        network.addEventListener('online', ensureConnected, { once: true });
      },
    );
  }

  return {
    subscribe(topic, handler) {
      const entry: { topic: string; handler: MessageHandler; unsubscribe?: () => void } = { topic, handler };
      subscriptions.add(entry);
      if (visibility.isVisible()) clearTimeout(suspendTimer);
      if (client) entry.unsubscribe = client.subscribe(topic, handler);
      else ensureConnected();
      return () => {
        subscriptions.delete(entry);
        entry.unsubscribe?.();
        if (subscriptions.size === 0) suspendIn(idleGraceMs);
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
      disconnect();
      if (watchingVisibility) visibility.removeEventListener('visibilitychange', onVisibilityChange);
      watchingVisibility = false;
    },
  };
}
