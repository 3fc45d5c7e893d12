import { ApiError } from '../api-error';
import type { OutboxAction, OutboxEntry } from './outbox-entry';
import { connectivity } from '../network/connectivity';
import { dexieOutboxStore, type OutboxStore } from './outbox-store';
import { replayOutbox, type ReplaySummary } from './replay';
import { sendWithKey, type ActionSender, type SendOutcome } from './send-entry';

/** The answer of an outboxed call: sent now (with the server's answer) or queued for when the network returns. */
export type OutboxResult<T> = { queued: false; data: T } | { queued: true; entry: OutboxEntry };

export type AppliedListener = (entry: OutboxEntry, outcome: Extract<SendOutcome, { kind: 'applied' }>) => void;

interface OutboxOptions {
  store?: OutboxStore;
  send?: ActionSender;
  isOnline?: () => boolean;
  newKey?: () => string;
  now?: () => number;
}

const LOCK_NAME = 'pay-local-outbox';
const EMPTY: readonly OutboxEntry[] = Object.freeze([]);

/**
 * The outbox of the signed-in user: changes made without network wait here (in IndexedDB) with an idempotency
 * key and are replayed in order when the network returns. One instance per app (see `outbox` below);
 * unit tests build their own with a memory store.
 */
export function createOutbox(options: OutboxOptions = {}) {
  const store = options.store ?? dexieOutboxStore();
  const send: ActionSender = options.send ?? ((action, key) => sendWithKey(action, key));
  const sendEntry = (entry: OutboxEntry) => send(entry, entry.key);
  const isOnline = options.isOnline ?? connectivity.isOnline;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const now = options.now ?? Date.now;

  let userId: string | null = null;
  let entries: readonly OutboxEntry[] = EMPTY;
  const listeners = new Set<() => void>();
  const appliedListeners = new Set<AppliedListener>();
  let running: Promise<ReplaySummary> | null = null;

  async function refresh() {
    const forUser = userId;
    const next = forUser ? await store.list(forUser) : [];
    if (forUser !== userId) return; // the user changed while we read
    entries = next.length ? Object.freeze(next) : EMPTY;
    listeners.forEach((listener) => listener());
  }

  /** Exclusive across tabs where the browser supports Web Locks, so two tabs never send one entry at once. */
  function withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(LOCK_NAME, fn) as Promise<T>) : fn();
  }

  const notifyApplied: AppliedListener = (entry, outcome) => appliedListeners.forEach((listener) => listener(entry, outcome));

  async function enqueue(action: OutboxAction, key: string): Promise<OutboxEntry> {
    if (!userId) throw new Error('Sign in to make changes.');
    const entry: OutboxEntry = { ...action, key, userId, createdAt: now(), status: 'pending', attempts: 0 };
    entry.seq = await store.add(entry);
    await refresh();
    return entry;
  }

  /**
   * Replays the current user's pending entries (one run at a time in this tab, one tab at a time). Entries
   * queued while a run was going are picked up by another run straight after.
   */
  function replay(): Promise<ReplaySummary> {
    const forUser = userId;
    if (!forUser) return Promise.resolve({ applied: 0, failed: 0, waiting: 0, interrupted: false, retryAt: null });
    running ??= (async () => {
      const total: ReplaySummary = { applied: 0, failed: 0, waiting: 0, interrupted: false, retryAt: null };
      try {
        for (;;) {
          const summary = await withLock(() => replayOutbox(store, forUser, sendEntry, notifyApplied, now));
          total.applied += summary.applied;
          total.failed += summary.failed;
          total.waiting = summary.waiting;
          total.interrupted = summary.interrupted;
          total.retryAt = summary.retryAt;
          total.signedOut = summary.signedOut;
          await refresh();
          const more = entries.some((entry) => entry.status === 'pending');
          if (summary.interrupted || !more || forUser !== userId || summary.applied + summary.failed === 0) break;
        }
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    /** The current user's entries (pending and failed), in replay order. Stable between changes. */
    getEntries: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Called for every entry the server applied during a replay (the app refetches `entry.invalidate`). */
    onApplied(listener: AppliedListener) {
      appliedListeners.add(listener);
      return () => void appliedListeners.delete(listener);
    },

    /**
     * Whose outbox to show and replay: the signed-in user, or null when signed out. The user is set at once (an
     * action queued right away belongs to them); reading their stored entries waits for `ready` (the app: until
     * the first screen is interactive, decision 135).
     */
    async setUser(id: string | null, ready: () => Promise<void> = () => Promise.resolve()) {
      if (id === userId) return;
      userId = id;
      entries = EMPTY;
      listeners.forEach((listener) => listener());
      await ready();
      if (id === userId) await refresh();
    },

    /**
     * Makes the change now when online, otherwise stores it. Online, the call still carries an idempotency
     * key: if the answer is lost to a dropped connection, the entry is queued under the same key and the
     * server will not apply it twice. While earlier entries wait, new ones queue behind them (order holds).
     * A refusal by the server (4xx/5xx) throws the request helper's usual "<status>: <body>" error.
     *
     * `toQueue` turns the action into what is stored when it cannot be sent now (e.g. the counter checks the
     * code on the device and adds the moment of the check); it may throw to refuse queuing.
     */
    async request<T>(
      action: OutboxAction,
      { toQueue }: { toQueue?: (action: OutboxAction) => OutboxAction | Promise<OutboxAction> } = {},
    ): Promise<OutboxResult<T>> {
      const key = newKey();
      const queue = async (): Promise<OutboxResult<T>> => ({ queued: true, entry: await enqueue(toQueue ? await toQueue(action) : action, key) });
      // Entries the server throttled (429) wait for their time without holding new actions back.
      const waiting = entries.some((entry) => entry.status !== 'failed' && !(entry.retryAt !== undefined && entry.retryAt > now()));
      if (!isOnline() || waiting) {
        const result = await queue();
        if (isOnline()) void replay();
        return result;
      }
      const outcome = await send(action, key);
      if (outcome.kind === 'applied') return { queued: false, data: outcome.body as T };
      if (outcome.kind === 'rejected') throw new ApiError(outcome.status, outcome.body);
      // Too many for now (429): the person sees why and when it works again; nothing is queued.
      if (outcome.kind === 'throttled') throw new ApiError(429, outcome.body);
      return queue();
    },

    replay,

    /** Sends a failed entry again, as a new attempt (new key, end of the queue): the old key holds the refusal. */
    async retry(seq: number) {
      const entry = entries.find((candidate) => candidate.seq === seq);
      if (!entry) return;
      await store.remove(seq);
      const { method, url, body, label, kind, invalidate, headers } = entry;
      await enqueue({ method, url, body, label, kind, invalidate, headers }, newKey());
      if (isOnline()) await replay();
    },

    /** Drops an entry the person no longer wants. */
    async discard(seq: number) {
      await store.remove(seq);
      await refresh();
    },
  };
}


/** The app's outbox (Dexie-backed; Dexie is downloaded on first use). */
export const outbox = createOutbox();
