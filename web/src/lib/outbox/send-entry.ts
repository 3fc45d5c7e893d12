import { ApiError, errorMessage } from '../api-error';
import { trackedFetch } from '../network/connectivity';
import type { OutboxAction } from './outbox-entry';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * What came of sending one outbox entry:
 * - applied: the server did it (or had already done it: `replayed`), with its answer;
 * - offline: it never got an answer (no network), so it stays queued under the same key;
 * - busy: the same key is being applied right now (another tab, an earlier send still running, or a request the
 *   server lost in a crash whose hold on the key has not ended yet): try again after `retryAfterSeconds`;
 * - signed-out: 401, the session ended (idle, lifetime, signed out elsewhere; decision 176): it stays queued
 *   under the same key for the next sign-in of this user, never dropped;
 * - throttled: 429, too many for now: try again after `retryAfterSeconds` (the server's Retry-After);
 * - rejected: the server refused it; `reason` is the text to show, `error` the request helper's
 *   "<status>: <body>" message and `body` the answer's text (a direct call would have thrown ApiError).
 */
export type SendOutcome =
  | { kind: 'applied'; status: number; body: unknown; replayed: boolean }
  | { kind: 'offline' }
  | { kind: 'busy'; retryAfterSeconds: number; reason: string }
  | { kind: 'signed-out' }
  | { kind: 'throttled'; retryAfterSeconds: number; reason: string; body: string }
  | { kind: 'rejected'; status: number; reason: string; error: string; body: string };

/** Used when a 429 comes without a readable Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Retry-After in seconds (the API sends seconds; an HTTP date is read too), else the default. */
function retryAfterSeconds(header: string | null, nowMs = Date.now()): number {
  if (header && /^\d{1,6}$/.test(header.trim())) return Math.max(1, Number(header.trim()));
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - nowMs) / 1000)) : DEFAULT_RETRY_AFTER_SECONDS;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Used when "still in progress" comes without Retry-After (an older server). */
const DEFAULT_BUSY_SECONDS = 5;
/** What the pending list says about an entry the server is still finishing (decision 175). */
export const BUSY_REASON = 'The server is still finishing this one. It is sent again automatically; nothing to do.';

/** The middleware's answer when a key is claimed but its first request has not finished. */
const IN_PROGRESS = /still in progress/i;

export type ActionSender = (action: Pick<OutboxAction, 'method' | 'url' | 'body' | 'headers'>, key: string) => Promise<SendOutcome>;

/** Sends an action with its idempotency key, classifying the answer instead of throwing. */
export async function sendWithKey(action: Pick<OutboxAction, 'method' | 'url' | 'body' | 'headers'>, key: string, fetchImpl: typeof fetch = trackedFetch): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(action.url, {
      method: action.method,
      headers: {
        ...action.headers,
        [IDEMPOTENCY_HEADER]: key,
        ...(action.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: action.body === undefined ? undefined : JSON.stringify(action.body),
      credentials: 'include',
    });
  } catch {
    return { kind: 'offline' };
  }
  const text = await res.text().catch(() => '');
  if (res.ok) {
    return { kind: 'applied', status: res.status, body: parseBody(text), replayed: res.headers.get('Idempotent-Replayed') === 'true' };
  }
  if (res.status === 409 && IN_PROGRESS.test(text)) {
    const seconds = res.headers.get('Retry-After') ? retryAfterSeconds(res.headers.get('Retry-After')) : DEFAULT_BUSY_SECONDS;
    return { kind: 'busy', retryAfterSeconds: seconds, reason: BUSY_REASON };
  }
  if (res.status === 401) return { kind: 'signed-out' };
  const apiError = new ApiError(res.status, text, res.statusText);
  if (res.status === 429) {
    return { kind: 'throttled', retryAfterSeconds: retryAfterSeconds(res.headers.get('Retry-After')), reason: errorMessage(apiError, 'Too many requests for now.'), body: text };
  }
  const reason = errorMessage(apiError, `The server refused this (${res.status}).`);
  return { kind: 'rejected', status: res.status, reason, error: apiError.message, body: text };
}
