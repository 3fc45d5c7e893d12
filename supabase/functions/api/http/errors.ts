import type { ErrorHandler, NotFoundHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { DomainError, type DomainErrorKind } from '../domain-error.ts';
import { HttpError, ServiceBusy, TooManyRequests } from './http-error.ts';
import { logError } from '../ports/log.ts';

// The one place a domain refusal becomes an HTTP status (decision 177).
const domainStatus: Record<DomainErrorKind, HttpError['status']> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  'too-many': 429,
  'provider-failed': 502,
  busy: 503,
};

/** The HTTP error a refusal answers with (a domain refusal mapped by its kind), or null for anything else. */
export function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return null;
  if (error.kind === 'too-many') return new TooManyRequests(error.message, error.retryAfterSeconds ?? 60);
  if (error.kind === 'busy') return new ServiceBusy(error.message, error.retryAfterSeconds ?? 1);
  return new HttpError(domainStatus[error.kind], error.message);
}

// Postgres error codes a request can trigger with bad input, and what the user is told.
const pgErrors: Record<string, [number, string]> = {
  '23505': [409, 'That already exists'],
  '23503': [400, 'A referenced record does not exist'],
  '23514': [400, 'A value is out of range'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22021': [400, 'A value contains a character that cannot be stored'],
  '22P05': [400, 'A value contains a character that cannot be stored'],
  '42501': [403, 'You do not have permission to do that'],
};

/**
 * A domain error raised in SQL may carry fields for the client in its DETAIL as a JSON object (e.g. the
 * per-member limit's `availableAt`); anything else in DETAIL is not for the client.
 */
function sqlErrorFields(detail: unknown): Record<string, string> {
  if (typeof detail !== 'string' || !detail.startsWith('{')) return {};
  try {
    const fields = JSON.parse(detail) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export const onError: ErrorHandler<AppEnv> = (thrown, c) => {
  const error = asHttpError(thrown) ?? thrown;
  if (error instanceof TooManyRequests) {
    c.header('Retry-After', String(error.retryAfterSeconds));
    const retryAt = new Date(Date.now() + error.retryAfterSeconds * 1000).toISOString();
    return c.json({ message: error.message, retryAfterSeconds: error.retryAfterSeconds, retryAt }, 429);
  }
  if (error instanceof ServiceBusy) {
    c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ message: error.message, retryAfterSeconds: error.retryAfterSeconds }, 503);
  }
  if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
  const code = (error as { code?: string }).code;
  if (code === 'P0001') return c.json({ message: error.message }, 400);
  // Domain errors raised in SQL functions carry their HTTP status: errcode 'PL409' -> 409.
  if (code && /^PL[1-5]\d\d$/.test(code)) {
    return c.json({ ...sqlErrorFields((error as { detail?: unknown }).detail), message: error.message }, Number(code.slice(2)) as 400);
  }
  if (code && pgErrors[code]) {
    const [status, message] = pgErrors[code];
    return c.json({ message }, status as 400);
  }
  // Any other data exception (class 22: a date PostgreSQL cannot read (22007), a value out of range (22008,
  // 22003), a bad parameter (22023)...) comes from input the route let through: the client's fault, 400.
  if (code?.startsWith('22')) return c.json({ message: 'A value has the wrong format or is out of range' }, 400);
  // Never the error itself: driver errors carry the SQL parameters (ports/log.ts).
  logError(`Unhandled API error in ${c.req.method} ${c.req.routePath}`, error, c.var.requestId);
  return c.json({ message: 'Something went wrong. Please try again.' }, 500);
};

export const onNotFound: NotFoundHandler = (c) =>
  c.json({ message: `No such API route: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);
