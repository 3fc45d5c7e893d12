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
