// What this API process has answered since it last wrote to the database (decision 195): requests per route pattern
// and hour with a small latency histogram, requests and 5xx per minute, Stripe webhook outcomes per hour. Summed
// in memory (a request costs a few map updates, never a statement) and written at most once a minute by
// private.record_system_stats. Per process: on the Edge Function, per isolate, and what an isolate held when it
// was shut down is lost.
import { serviceClaims, type Database } from '../db/database.ts';
import { logError } from '../ports/log.ts';

/** Upper bounds (ms) of the latency buckets; one more bucket counts the slower requests. Also in system.sql's comment. */
const REQUEST_MS_BOUNDS = [25, 50, 100, 250, 500, 1000, 2500] as const;

/** How often a process writes its figures: at most once a minute (the console's figures lag by as much). */
export const FLUSH_EVERY_MS = 60_000;

type WebhookOutcome = 'ok' | 'bad_signature' | 'failed';

interface RouteFigures { requests: number; clientErrors: number; serverErrors: number; totalMs: number; histogram: number[] }
interface MinuteFigures { requests: number; serverErrors: number }
interface WebhookFigures { events: number; lastAt: number; lastEventType: string | null }

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
const minuteOf = (at: number) => Math.floor(at / MINUTE_MS) * MINUTE_MS;
/** Stripe event types are dotted words; anything else is not kept (it came from the request). */
const PLAIN_EVENT_TYPE = /^[a-z_.]{1,80}$/;

/** The bucket a request of `ms` falls in. */
export const bucketOf = (ms: number) => {
  const i = REQUEST_MS_BOUNDS.findIndex((bound) => ms <= bound);
  return i === -1 ? REQUEST_MS_BOUNDS.length : i;
};

/**
 * The 95th percentile as the upper bound of the bucket it falls in; null when it is in the last (slower than the
 * largest bound) bucket, or there are no requests.
 */
export function p95Of(histogram: readonly number[]): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= total * 0.95) return REQUEST_MS_BOUNDS[i] ?? null;
  }
  return null;
}

export class RequestStats {
  private routes = new Map<string, RouteFigures>();
  private minutes = new Map<number, MinuteFigures>();
  private webhooks = new Map<string, WebhookFigures>();
  private lastFlush: number;
  private flushing: Promise<void> | null = null;

  /** `autoFlushMs`: flushIfDue writes at most this often; null: only explicit flushes (the tests). */
  constructor(private readonly options: { autoFlushMs?: number | null; now?: () => number } = {}) {
    this.lastFlush = this.now();
  }

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** One answered request: its route pattern (never its path), status and time taken. */
  record(line: { method: string; route: string; status: number; ms: number }, at = this.now()): void {
    const key = `${hourOf(at)} ${line.method} ${line.route}`;
    let route = this.routes.get(key);
    if (!route) {
      route = { requests: 0, clientErrors: 0, serverErrors: 0, totalMs: 0, histogram: new Array(REQUEST_MS_BOUNDS.length + 1).fill(0) };
      this.routes.set(key, route);
    }
    route.requests++;
    route.totalMs += line.ms;
    route.histogram[bucketOf(line.ms)]++;
    if (line.status >= 500) route.serverErrors++;
    else if (line.status >= 400) route.clientErrors++;
    const minute = minuteOf(at);
    const m = this.minutes.get(minute) ?? { requests: 0, serverErrors: 0 };
    m.requests++;
    if (line.status >= 500) m.serverErrors++;
    this.minutes.set(minute, m);
  }

  /** One Stripe webhook call and how it ended; the event's type only when the signature held. */
  recordWebhook(outcome: WebhookOutcome, eventType: string | null, at = this.now()): void {
    const key = `${hourOf(at)} ${outcome}`;
    const w = this.webhooks.get(key) ?? { events: 0, lastAt: 0, lastEventType: null };
    w.events++;
    if (at >= w.lastAt) {
      w.lastAt = at;
      w.lastEventType = eventType && PLAIN_EVENT_TYPE.test(eventType) ? eventType : null;
    }
    this.webhooks.set(key, w);
  }

  /** Whether anything waits to be written. */
  get pending(): boolean {
    return this.routes.size > 0 || this.webhooks.size > 0;
  }

  /**
   * Writes what was summed since the last flush, in one statement, and starts over. When the write fails, the
   * figures are put back and go with the next flush.
   */
  async flush(db: Database, now = this.now()): Promise<void> {
    if (this.flushing) await this.flushing;
    this.lastFlush = now;
    if (!this.pending) return;
    const routes = this.routes;
    const minutes = this.minutes;
    const webhooks = this.webhooks;
    this.routes = new Map();
    this.minutes = new Map();
    this.webhooks = new Map();
    const payload = {
      routes: [...routes].map(([key, r]) => {
        const [hour, method, ...route] = key.split(' ');
        return { hour: new Date(Number(hour)).toISOString(), method, route: route.join(' '), ...r };
      }),
      minutes: [...minutes].map(([minute, m]) => ({ minute: new Date(minute).toISOString(), ...m })),
      webhooks: [...webhooks].map(([key, w]) => {
        const [hour, outcome] = key.split(' ');
        return { hour: new Date(Number(hour)).toISOString(), outcome, events: w.events, lastAt: new Date(w.lastAt).toISOString(), lastEventType: w.lastEventType };
      }),
    };
    const write = db.transaction(serviceClaims, (q) => q(
      `select private.record_system_stats($1::text::jsonb, $2::text::jsonb, $3::text::jsonb, $4::timestamptz)`,
      [JSON.stringify(payload.routes), JSON.stringify(payload.minutes), JSON.stringify(payload.webhooks), new Date(now).toISOString()],
    )).then(() => {}, (error) => {
      this.putBack(routes, minutes, webhooks);
      throw error;
    });
    this.flushing = write.finally(() => { this.flushing = null; }).catch(() => {});
    await write;
  }

  /** After a request: writes when the last write is at least autoFlushMs old. Never throws; never awaited by a request. */
  flushIfDue(db: Database): void {
    const every = this.options.autoFlushMs;
    if (every == null || this.flushing || this.now() - this.lastFlush < every) return;
    this.flush(db).catch((error) => logError('Request figures not written', error));
  }

  private putBack(routes: Map<string, RouteFigures>, minutes: Map<number, MinuteFigures>, webhooks: Map<string, WebhookFigures>) {
    for (const [key, r] of routes) {
      const now = this.routes.get(key);
      if (!now) { this.routes.set(key, r); continue; }
      now.requests += r.requests; now.clientErrors += r.clientErrors; now.serverErrors += r.serverErrors; now.totalMs += r.totalMs;
      r.histogram.forEach((n, i) => { now.histogram[i] += n; });
    }
    for (const [key, m] of minutes) {
      const now = this.minutes.get(key);
      if (!now) { this.minutes.set(key, m); continue; }
      now.requests += m.requests; now.serverErrors += m.serverErrors;
    }
    for (const [key, w] of webhooks) {
      const now = this.webhooks.get(key);
      if (!now) { this.webhooks.set(key, w); continue; }
      now.events += w.events;
      if (w.lastAt > now.lastAt) { now.lastAt = w.lastAt; now.lastEventType = w.lastEventType; }
    }
  }
}
