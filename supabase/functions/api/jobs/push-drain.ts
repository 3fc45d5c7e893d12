// The push queue (decision 110). An event (NEW_DEAL, BUSINESS_UPDATE) writes ONE job in its own transaction
// (private.notify_followers); drainPush expands jobs into one delivery per follower device in batches
// (private.expand_push_job, a keyset cursor, each batch its own transaction so a crash loses nothing and
// repeats nothing), then claims due deliveries (for update skip locked, a lease), sends them with bounded
// concurrency, deletes the accepted ones, removes subscriptions the push service answered 404/410, and
// retries 429/5xx/network failures with exponential backoff up to an attempt limit. Like the mail outbox,
// the local runner calls it every second and the Edge Function on a schedule (POST /api/internal/drain-push).
// The queue's SQL (expanding, claiming, settling) is in push/queue.ts.
import type { Database } from '../db/database.ts';
import { claimDeliveries, dropOldJobs, expandOneBatch, settleDeliveries, type ClaimedDelivery, type DeliveryRetry } from '../push/index.ts';
import { backoffSeconds, startDrainLoop } from './drain-loop.ts';
import type { JobRuns } from '../system/index.ts';
import type { PushMessage, PushOutcome, PushPort } from '../ports/push/push-port.ts';

export interface PushDrainOptions {
  /** Devices added to the queue per expansion transaction. */
  expandBatch?: number;
  /** Deliveries claimed per round. */
  sendBatch?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  maxAttempts?: number;
  leaseSeconds?: number;
  backoffBaseSeconds?: number;
  backoffMaxSeconds?: number;
  /** Stop starting new rounds after this long (the scheduled call must end before the function's limit). */
  timeBudgetMs?: number;
  /**
   * Claim at most this many deliveries per call (decision 180). Hosted, an Edge Function request may use 2 s of
   * CPU and each message costs about 1 ms of it (encryption): a call killed mid-batch would leave its claims to
   * the lease and could send some twice. Parallel drains (any number, each claiming its own rows) carry the rest.
   */
  maxClaims?: number;
}

export interface PushDrainResult {
  expanded: number;
  claimed: number;
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
}

const clip = (text: unknown, max: number) => {
  const s = typeof text === 'string' ? text : '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** What the service worker shows for one event, and where a click goes (a deal's link, else the notifications). */
export function pushMessageFor(event: { type: string; deal_id: string | null; data: Record<string, unknown> }): PushMessage {
  const merchant = clip(event.data.merchantName, 100) || 'Pay Local';
  const isDeal = event.type === 'NEW_DEAL' && event.deal_id;
  return {
    payload: {
      type: event.type,
      title: isDeal ? `New deal at ${merchant}` : merchant,
      body: isDeal ? clip(event.data.dealTitle, 200) : clip(event.data.previewText, 300),
      url: isDeal ? `/deals/${event.deal_id}` : '/notifications',
      ...(isDeal ? { dealId: event.deal_id } : {}),
      tag: isDeal ? `deal-${event.deal_id}` : undefined,
    },
    // A deal or an update a day late is still worth seeing; later it is noise.
    ttlSeconds: 24 * 3600,
    urgency: 'normal',
  };
}

async function mapPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Expands and sends what is due until nothing is left or the time budget is spent. Safe to run from many places at once. */
export async function drainPush(db: Database, push: PushPort, options: PushDrainOptions = {}): Promise<PushDrainResult> {
  const {
    expandBatch = 2000, sendBatch = 500, concurrency = 64, maxAttempts = 8, leaseSeconds = 300,
    backoffBaseSeconds = 30, backoffMaxSeconds = 3600, timeBudgetMs = 20_000, maxClaims = Infinity,
  } = options;
  const result: PushDrainResult = { expanded: 0, claimed: 0, sent: 0, gone: 0, retrying: 0, failed: 0 };
  if (!push.publicKey) return result;
  const started = Date.now();
  const messages = new Map<string, PushMessage>();
  for (;;) {
    const added = await expandOneBatch(db, expandBatch);
    if (added > 0) result.expanded += added;
    const rows = await claimDeliveries(db, Math.min(sendBatch, maxClaims - result.claimed), leaseSeconds);
    result.claimed += rows.length;
    if (rows.length) await sendClaimed(db, push, rows, messages, { concurrency, maxAttempts, backoffBaseSeconds, backoffMaxSeconds }, result);
    if ((added < 0 && rows.length === 0) || Date.now() - started > timeBudgetMs || result.claimed >= maxClaims) break;
  }
  await dropOldJobs(db);
  return result;
}

async function sendClaimed(
  db: Database, push: PushPort, rows: ClaimedDelivery[], messages: Map<string, PushMessage>,
  o: { concurrency: number; maxAttempts: number; backoffBaseSeconds: number; backoffMaxSeconds: number },
  result: PushDrainResult,
) {
  const messageOf = (row: ClaimedDelivery) => {
    const key = `${row.type}:${row.deal_id}:${JSON.stringify(row.data)}`;
    let message = messages.get(key);
    if (!message) messages.set(key, (message = pushMessageFor(row)));
    return message;
  };
  const outcomes = await mapPool(rows, o.concurrency, async (row): Promise<PushOutcome> => {
    try {
      return await push.send(row, messageOf(row));
    } catch (error) {
      return { kind: 'retry', reason: (error as Error).name || 'error' };
    }
  });
  const sent: string[] = [];
  const gone: string[] = [];
  const later: DeliveryRetry[] = [];
  rows.forEach((row, i) => {
    const outcome = outcomes[i];
    if (outcome.kind === 'sent') sent.push(row.id);
    else if (outcome.kind === 'gone') gone.push(row.subscription_id);
    else {
      const giveUp = outcome.kind === 'rejected' || row.attempts >= o.maxAttempts;
      const wait = Math.max(backoffSeconds(row.attempts, o.backoffBaseSeconds, o.backoffMaxSeconds),
        Math.min(o.backoffMaxSeconds, outcome.kind === 'retry' ? outcome.retryAfterSeconds ?? 0 : 0));
      // Only the failure's kind is kept: never endpoints or keys.
      later.push({ id: row.id, status: giveUp ? 'failed' : 'pending', reason: outcome.reason.slice(0, 200), wait });
    }
  });
  await settleDeliveries(db, { sent, goneSubscriptions: gone, later });
  result.sent += sent.length;
  result.gone += gone.length;
  for (const l of later) {
    if (l.status === 'failed') result.failed++;
    else result.retrying++;
  }
  if (later.length) console.warn(`push: ${later.length} deliveries not accepted (${[...new Set(later.map((l) => l.reason))].join(', ')})`);
}

/** Runs drainPush every intervalMs until stopped (the local runner). Returns stop(). */
export function startPushLoop(db: Database, push: PushPort, options: PushDrainOptions & { intervalMs?: number; jobs?: JobRuns } = {}) {
  const intervalMs = options.intervalMs ?? 1000;
  const drain = () => drainPush(db, push, options);
  return startDrainLoop('push queue', options.jobs ? options.jobs.track('drain-push', intervalMs, drain) : drain, intervalMs);
}
