import type { OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-store';
import type { SendOutcome } from './send-entry';

export interface ReplaySummary {
  applied: number;
  failed: number;
  /** Entries left waiting because the network went away again, or for their time (throttled, key still busy). */
  waiting: number;
  /** True when the run stopped early (offline): the caller should try again later. */
  interrupted: boolean;
  /** True when the server answered 401: the session ended; the entries wait for the next sign-in (decision 176). */
  signedOut?: boolean;
  /** The earliest time (ms) an entry the server throttled (429) may be sent again; null when none waits. */
  retryAt: number | null;
}

export type EntrySender = (entry: OutboxEntry) => Promise<SendOutcome>;

/**
 * Replays one user's outbox in order, each entry under its own idempotency key:
 * - applied → removed (the server has it; `onApplied` lets the app refetch what changed);
 * - rejected → kept as failed with the reason, and the run goes on (later actions do not depend on an
 *   earlier one that the server refused: e.g. an unfollow after a failed follow still expresses the intent);
 * - throttled (429) → kept pending with the time it may go again (`retryAt`, from Retry-After) and the reason, and
 *   the run goes on: one throttled entry never holds back the others (decision 168); an entry whose time has not
 *   come is skipped;
 * - busy (409 "still in progress": the same key is running, or a crash left it held until its lease ends) → the
 *   same as throttled: kept pending until Retry-After, and the run goes on (decision 175; it used to stop the run,
 *   and a key a crash left held stopped every later action at the till);
 * - offline or signed out (401) → the entry stays pending and the run stops, keeping the order for the next run
 *   (after a 401: the next sign-in of this user; decision 176).
 * Failed entries are not resent here; the person retries or discards them.
 */
export async function replayOutbox(
  store: OutboxStore,
  userId: string,
  send: EntrySender,
  onApplied?: (entry: OutboxEntry, outcome: Extract<SendOutcome, { kind: 'applied' }>) => void,
  now: () => number = Date.now,
): Promise<ReplaySummary> {
  const summary: ReplaySummary = { applied: 0, failed: 0, waiting: 0, interrupted: false, retryAt: null };
  const later = (at: number) => {
    summary.retryAt = summary.retryAt === null ? at : Math.min(summary.retryAt, at);
    summary.waiting++;
  };
  const queue = (await store.list(userId)).filter((entry) => entry.status !== 'failed');
  for (const [index, entry] of queue.entries()) {
    const seq = entry.seq!;
    if (entry.retryAt !== undefined && entry.retryAt > now()) {
      later(entry.retryAt);
      continue;
    }
    await store.update(seq, { status: 'sending', attempts: entry.attempts + 1 });
    const outcome = await send(entry);
    if (outcome.kind === 'applied') {
      await store.remove(seq);
      summary.applied++;
      onApplied?.(entry, outcome);
    } else if (outcome.kind === 'throttled' || outcome.kind === 'busy') {
      const retryAt = now() + outcome.retryAfterSeconds * 1000;
      await store.update(seq, { status: 'pending', error: outcome.reason, retryAt });
      later(retryAt);
    } else if (outcome.kind === 'rejected') {
      await store.update(seq, { status: 'failed', error: outcome.reason });
      summary.failed++;
    } else {
      if (outcome.kind === 'signed-out') summary.signedOut = true;
      await store.update(seq, { status: 'pending' });
      summary.waiting += queue.length - index;
      summary.interrupted = true;
      break;
    }
  }
  return summary;
}
