import { useSyncExternalStore } from 'react';

/** Where the browser's own view of the network comes from (the window in the app; a fake in tests). */
export interface BrowserNetwork {
  isOnline(): boolean;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * Whether the app can reach its server: the browser's `navigator.onLine`, corrected by what the app's own
 * requests see. `navigator.onLine` only knows the network link: a phone on a shop's Wi-Fi without internet,
 * a captive portal, or a page started while the link was flapping reads "online" while every request fails.
 * So a request that gets no answer at all marks the app offline, and it is online again as soon as any
 * request (or a small probe, sent with backoff while the link is up) gets an answer from the server.
 *
 * It fires `online` and `offline` events like the window does, so code that waits for the network (outbox
 * replay, realtime reconnect, offline-codes refresh) listens here and hears both kinds of return.
 */
export interface Connectivity {
  isOnline(): boolean;
  /** For useSyncExternalStore: called on every change of `isOnline()`. */
  subscribe(listener: () => void): () => void;
  addEventListener(type: 'online' | 'offline', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  /** The server answered (any HTTP status): it is reachable. */
  reportAnswer(): void;
  /** A request got no answer (a network error, not a cancellation): treat the server as unreachable. */
  reportNoAnswer(): void;
}

/** What waits for the network subscribes to: `online` (and `offline`) events. */
export type NetworkEvents = Pick<Connectivity, 'addEventListener' | 'removeEventListener'>;

/** Probe delays while the link is up but the server unreachable: soon at first, then every 10 s. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000] as const;

export interface ConnectivityOptions {
  browser: BrowserNetwork;
  /** Asks the server something cheap; resolves true when any answer came back. */
  probe: () => Promise<boolean>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createConnectivity({
  browser,
  probe,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: ConnectivityOptions): Connectivity {
  const events = new EventTarget();
  const listeners = new Set<() => void>();
  let reachable = true;
  let online = browser.isOnline();
  let probeTimer: unknown;
  let probes = 0;

  function update() {
    const next = browser.isOnline() && reachable;
    if (next === online) return;
    online = next;
    listeners.forEach((listener) => listener());
    events.dispatchEvent(new Event(next ? 'online' : 'offline'));
  }

  function stopProbing() {
    if (probeTimer !== undefined) clearTimer(probeTimer);
    probeTimer = undefined;
    probes = 0;
  }

  function scheduleProbe() {
    if (probeTimer !== undefined || reachable || !browser.isOnline()) return;
    const delay = PROBE_DELAYS_MS[Math.min(probes++, PROBE_DELAYS_MS.length - 1)];
    probeTimer = setTimer(() => {
      probeTimer = undefined;
      if (reachable || !browser.isOnline()) return;
      void probe()
        .catch(() => false)
        .then((answered) => (answered ? reportAnswer() : scheduleProbe()));
    }, delay);
  }

  function reportAnswer() {
    reachable = true;
    stopProbing();
    update();
  }

  // The link is back: assume the server is too and let the waiting work try; a failure marks us offline again.
  browser.addEventListener('online', reportAnswer);
  browser.addEventListener('offline', () => {
    stopProbing();
    update();
  });

  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addEventListener: (type, listener, options) => events.addEventListener(type, listener, options),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener),
    reportAnswer,
    reportNoAnswer() {
      reachable = false;
      update();
      scheduleProbe();
    },
  };
}

/** The app's probe: a tiny API call that touches no database (GET /api/health answers 204). */
async function probeServer(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    await res.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

const browserNetwork: BrowserNetwork =
  typeof window === 'undefined'
    ? { isOnline: () => true, addEventListener: () => undefined }
    : { isOnline: () => navigator.onLine, addEventListener: (type, listener) => window.addEventListener(type, listener) };

/** The app's one view of the network. */
export const connectivity: Connectivity = createConnectivity({ browser: browserNetwork, probe: probeServer });

/** Whether the app can reach its server (see `connectivity`), updated as that changes. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}

function isCancellation(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** fetch, telling `connectivity` whether the server answered. Every API call of the app goes through it. */
export async function trackedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const res = await fetch(input, init);
    connectivity.reportAnswer();
    return res;
  } catch (error) {
    if (!isCancellation(error)) connectivity.reportNoAnswer();
    throw error;
  }
}
