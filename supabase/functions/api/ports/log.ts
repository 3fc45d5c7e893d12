// Server logs: what went wrong and where, never the request's data. Database driver errors carry the
// statement's parameters (postgres.js `parameters`, PGlite `params`) and Postgres' `detail` quotes row
// values ("Key (email)=(...) already exists"); provider errors may echo a customer's email. So an error
// is logged by its kind only: class name, SQLSTATE code, the constraint/table/column it names, and the
// message with anything quoted or after a colon cut off.

export interface SafeErrorSummary {
  name: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  message: string;
}

const identifier = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_.]{1,80}$/.test(value) ? value : undefined;

/** Postgres and our own messages put values in quotes or after a colon; keep only the words before. */
const redactMessage = (message: string) =>
  message.replace(/"[^"]*"|'[^']*'|\([^)]*\)/g, '…').split(/:\s/)[0].slice(0, 200);

export function summarizeError(error: unknown): SafeErrorSummary {
  const e = (error ?? {}) as Record<string, unknown>;
  const summary: SafeErrorSummary = {
    name: error instanceof Error ? error.constructor.name : typeof error,
    message: redactMessage(typeof e.message === 'string' ? e.message : String(error)),
  };
  const code = identifier(e.code);
  if (code) summary.code = code;
  const constraint = identifier(e.constraint_name ?? e.constraint);
  if (constraint) summary.constraint = constraint;
  const table = identifier(e.table_name ?? e.table);
  if (table) summary.table = table;
  const column = identifier(e.column_name ?? e.column);
  if (column) summary.column = column;
  return summary;
}

/**
 * Logs an error by its kind (see above) with a fixed description of where it happened, and the id of the request
 * it happened in (the X-Request-Id the client was answered with), when there is one.
 */
export function logError(where: string, error: unknown, requestId?: string): void {
  console.error(where, JSON.stringify(requestId ? { ...summarizeError(error), requestId } : summarizeError(error)));
}

/**
 * The one line logged per API request (http/request-guards.ts, requestLogging): when, which request (its
 * X-Request-Id), the matched route pattern (never the path or query: a path can hold a token), the status and
 * the time taken. Nothing else: no address, user agent, header, cookie or body.
 */
export interface RequestLogLine {
  t: string;
  id: string;
  method: string;
  route: string;
  status: number;
  ms: number;
}

/** Where request lines go: stdout in a deployment (adapters.ts); the tests pass a silent or capturing one. */
export type RequestLog = (line: RequestLogLine) => void;

export const stdoutRequestLog: RequestLog = (line) => console.log(JSON.stringify(line));

// ---------------------------------------------------------------- the request figures of the operator's console
// What the request line's figures are summed into (http/request-guards.ts, RequestFigures) and written as
// (system/request-stats.ts), decision 195. Only route patterns, statuses, times and Stripe event types: no paths,
// addresses, tokens or bodies.

/** Upper bounds (ms) of the latency buckets; one more bucket counts the slower requests. Also in system.sql's comment. */
export const REQUEST_MS_BOUNDS = [25, 50, 100, 250, 500, 1000, 2500] as const;

export type WebhookOutcome = 'ok' | 'bad_signature' | 'failed';

/** What one write carries: the sums since the last, keyed by their hour or minute (ISO). */
export interface FiguresSnapshot {
  routes: { hour: string; method: string; route: string; requests: number; clientErrors: number; serverErrors: number; totalMs: number; histogram: number[] }[];
  minutes: { minute: string; requests: number; serverErrors: number }[];
  webhooks: { hour: string; outcome: string; events: number; lastAt: string; lastEventType: string | null }[];
}

/** How the sums reach the database. */
export type FiguresWriter = (figures: FiguresSnapshot, now: number) => Promise<void>;

/** One process's request figures, summed in memory. */
export interface RequestFiguresPort {
  /** One answered request: its route pattern (never its path), status and time taken. */
  record(line: { method: string; route: string; status: number; ms: number }): void;
  /** One Stripe webhook call and how it ended; the event's type only when the signature held. */
  recordWebhook(outcome: WebhookOutcome, eventType: string | null): void;
  /** Writes what was summed since the last write (with `write`, that way instead of the usual one). */
  flush(now?: number, write?: FiguresWriter): Promise<void>;
  /** After a request: writes when the last write is old enough; never throws, never awaited. */
  flushIfDue(): void;
}
