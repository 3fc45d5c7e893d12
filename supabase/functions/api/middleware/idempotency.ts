import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { serviceTx } from '../context.ts';
import { badRequest, conflict, HttpError } from '../lib/http-error.ts';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A signed-in user's mutation carrying an Idempotency-Key runs once: the first response (status
 * and body) is stored and replayed for any repeat of that key, with `Idempotent-Replayed: true`.
 * Server errors (5xx) and 429 (try again later: decision 168) release the key so the client may retry it. The key is bound to the request's method,
 * path and body (a SHA-256 of them): the same key with a different body is 422 (decision 086).
 */
export const IDEMPOTENCY_BODY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used with a different request body';

/** SHA-256 of what makes the request: method, path and the exact body bytes (already size-limited). */
async function requestHash(request: Request, method: string, path: string): Promise<string> {
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const head = new TextEncoder().encode(`${method} ${path}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(body, head.byteLength);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', all));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const user = c.var.user;
  if (!key || !user || !mutating.has(c.req.method)) return next();
  if (key.length > 100) throw badRequest('Idempotency-Key must be at most 100 characters');

  const hash = await requestHash(c.req.raw, c.req.method, c.req.path);
  const claimed = await serviceTx(c, async (q) => {
    const inserted = await q(
      `insert into private.idempotency_keys (user_id, key, method, path, request_hash) values ($1, $2, $3, $4, $5)
       on conflict (user_id, key) do nothing returning key`,
      [user.id, key, c.req.method, c.req.path, hash],
    );
    if (inserted.length) return null;
    const [row] = await q<{ status: number | null; body: string | null; method: string; path: string; request_hash: string | null }>(
      `select status, body, method, path, request_hash from private.idempotency_keys where user_id = $1 and key = $2`,
      [user.id, key],
    );
    return row;
  });

  if (claimed) {
    if (claimed.method !== c.req.method || claimed.path !== c.req.path) {
      throw conflict('This Idempotency-Key was already used for a different request');
    }
    // As payment APIs do: a key names one request; reusing it for another body is a client bug, not a replay.
    if (claimed.request_hash !== null && claimed.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_BODY_MISMATCH_MESSAGE);
    if (claimed.status === null) throw conflict('A request with this Idempotency-Key is still in progress');
    return c.body(claimed.body ?? '', claimed.status as 200, {
      'content-type': 'application/json',
      'Idempotent-Replayed': 'true',
    });
  }

  let status = 500;
  let body = '';
  try {
    await next();
    status = c.res.status;
    body = await c.res.clone().text();
  } finally {
    await serviceTx(c, (q) =>
      status >= 500 || status === 429
        ? q(`delete from private.idempotency_keys where user_id = $1 and key = $2`, [user.id, key])
        : q(`update private.idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2`, [user.id, key, status, body]),
    );
  }
};
