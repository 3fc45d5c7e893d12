import type { MiddlewareHandler } from 'hono';
import { bytesToHex } from '../../_shared/encoding.ts';
import type { AppEnv, RequestTransaction } from './context.ts';
import { serviceTx } from './context.ts';
import type { Database } from '../db/database.ts';
import { claimKey, markKeyApplied, releaseKey, settleLostAnswer, storeAnswer } from '../db/idempotency-keys.ts';
import { badRequest, conflict, HttpError } from './http-error.ts';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A signed-in user's mutation carrying an Idempotency-Key runs once: the first response (status
 * and body) is stored and replayed for any repeat of that key, with `Idempotent-Replayed: true`.
 * Server errors (5xx) and 429 (try again later: decision 168) release the key so the client may retry it. The key is bound to the request's method,
 * path and body (a SHA-256 of them): the same key with a different body is 422 (decision 086).
 *
 * Crashes (decision 175): a running request holds its key for a lease (config idempotencyLeaseSeconds); a repeat
 * meanwhile is 409 "still in progress" with Retry-After. A key still in progress after its lease was left by a
 * process that died: a repeat takes it over. Every transaction the request commits marks the key applied in the
 * same transaction when it wrote something (private.idempotency_mark_applied), so the taker knows whether the dead
 * request's work was saved: not saved → the work is done now; saved → it is not done again, and the answer says so
 * (200, `Idempotent-Replayed: true`, `{applied: true, answerLost: true, message}`).
 */
export const IDEMPOTENCY_BODY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used with a different request body';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still in progress';
export const ANSWER_LOST_MESSAGE =
  'This was already saved, but the server restarted before it could answer. Refresh to see the result.';

/** SHA-256 of what makes the request: method, path and the exact body bytes (already size-limited). */
async function requestHash(request: Request, method: string, path: string): Promise<string> {
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const head = new TextEncoder().encode(`${method} ${path}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(body, head.byteLength);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', all));
  return bytesToHex(digest);
}

/**
 * The request's database, with every committed transaction marking the key applied (only if it wrote: the SQL
 * function checks) as its last statement, in the same transaction as the work.
 */
function markingDatabase(db: Database, userId: string, key: string): Database {
  return {
    ...db,
    transaction: (claims, work) => db.transaction(claims, async (q) => {
      const result = await work(q);
      await markKeyApplied(q, userId, key);
      return result;
    }),
  };
}

function markingRequestTx(pinned: RequestTransaction | null, userId: string, key: string): void {
  if (!pinned || pinned.state !== 'idle' || pinned.tx.ahead) return;
  const { tx } = pinned;
  pinned.tx = {
    ...tx,
    end: async (commit) => {
      if (commit) {
        try {
          await markKeyApplied(tx.query, userId, key);
        } catch (error) {
          await tx.end(false);
          throw error;
        }
      }
      await tx.end(commit);
    },
  };
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const user = c.var.user;
  if (!key || !user || !mutating.has(c.req.method)) return next();
  if (key.length > 100) throw badRequest('Idempotency-Key must be at most 100 characters');

  const hash = await requestHash(c.req.raw, c.req.method, c.req.path);
  const claimed = await serviceTx(c, (q) => claimKey(q, {
    userId: user.id, key, method: c.req.method, path: c.req.path, hash, leaseSeconds: c.var.deps.config.idempotencyLeaseSeconds,
  }));

  if (claimed) {
    if (claimed.method !== c.req.method || claimed.path !== c.req.path) {
      throw conflict('This Idempotency-Key was already used for a different request');
    }
    // As payment APIs do: a key names one request; reusing it for another body is a client bug, not a replay.
    if (claimed.request_hash !== null && claimed.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_BODY_MISMATCH_MESSAGE);
    if (claimed.status === null && claimed.applied && claimed.lease_over) {
      // Its request died after saving its work and before storing its answer: settle the key with this answer.
      const body = JSON.stringify({ applied: true, answerLost: true, message: ANSWER_LOST_MESSAGE });
      await serviceTx(c, (q) => settleLostAnswer(q, user.id, key, body));
      return c.body(body, 200, { 'content-type': 'application/json', 'Idempotent-Replayed': 'true' });
    }
    if (claimed.status === null) {
      c.header('Retry-After', String(claimed.lease_seconds_left));
      throw conflict(IN_PROGRESS_MESSAGE);
    }
    return c.body(claimed.body ?? '', claimed.status as 200, {
      'content-type': 'application/json',
      'Idempotent-Replayed': 'true',
    });
  }

  const deps = c.var.deps;
  c.set('deps', { ...deps, db: markingDatabase(deps.db, user.id, key) });
  markingRequestTx(c.var.requestTx, user.id, key);
  let status = 500;
  let body = '';
  try {
    await next();
    status = c.res.status;
    body = await c.res.clone().text();
  } finally {
    c.set('deps', deps);
    // A retryable answer releases the key, unless the work was saved before it (then a retry must not redo it).
    await serviceTx(c, (q) =>
      status >= 500 || status === 429
        ? releaseKey(q, user.id, key, JSON.stringify({ applied: true, answerLost: true, message: ANSWER_LOST_MESSAGE }))
        : storeAnswer(q, user.id, key, status, body),
    );
  }
};
