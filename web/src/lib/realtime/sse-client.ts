import { realtimeMessage } from '@shared/contract/realtime.ts';
import { reconnectDelayMs } from './backoff';
import type { RealtimeClient } from './realtime-client';
import { TopicHub } from './topic-hub';
import { connectivity, type NetworkEvents } from '../network/connectivity';

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};

export interface SseClientOptions {
  /** GET endpoint of the local runner; the session cookie authenticates it. */
  eventsUrl: string;
  /** The user's own topic is always joined by the server; it need not be listed. */
  userTopic: string;
  createEventSource?: (url: string) => EventSourceLike;
  /** Where `online` events come from (the app's connectivity: the link, corrected by failed requests). */
  network?: NetworkEvents;
  /** The reconnect jitter's source (Math.random); tests pass their own. */
  random?: () => number;
}

/**
 * Embedded transport: one EventSource carrying every joined topic. Joining or leaving a topic
 * reopens it (rare: a city change). The browser retries a dropped stream by itself; a refused one
 * (401/403) or a dead network is retried here with backoff, at once when the network returns.
 * Every "ready" means the stream is live again: listeners refetch what it could not carry.
 */
export function createSseClient(options: SseClientOptions): RealtimeClient {
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const network = options.network ?? connectivity;
  let source: EventSourceLike | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const hub = new TopicHub(() => {
    // Several components mount at once: join their topics in one reopen.
    clearTimeout(reopenTimer);
    reopenTimer = setTimeout(open, 0);
  });

  function urlFor(topics: string[]) {
    const extra = topics.filter((t) => t !== options.userTopic);
    return extra.length ? `${options.eventsUrl}?topics=${encodeURIComponent(extra.join(','))}` : options.eventsUrl;
  }

  function open() {
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    if (closed || hub.topics().length === 0) return;
    const current = createEventSource(urlFor(hub.topics()));
    source = current;
    current.addEventListener('ready', () => {
      attempt = 0;
      hub.reconnected();
    });
    current.addEventListener('message', (event) => {
      try {
        const parsed = realtimeMessage.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) hub.dispatch(parsed.data);
      } catch {
        // Not ours: ignore.
      }
    });
    current.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (an error status); we retry.
      if (current.readyState === 2 && source === current) {
        retryTimer = setTimeout(open, reconnectDelayMs(attempt++, options.random));
      }
    };
  }

  // After the network returns the old stream may be half-dead: start a fresh one (and catch up).
  const onOnline = () => open();
  network.addEventListener('online', onOnline);

  return {
    subscribe: (topic, handler) => hub.subscribe(topic, handler),
    onReconnect: (listener) => hub.onReconnect(listener),
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(reopenTimer);
      network.removeEventListener('online', onOnline);
      source?.close();
      source = null;
    },
  };
}
