// The Idempotency-Key table (decisions 086 and 175): claiming a key for a request, marking it applied in the
// transactions that wrote, and storing or releasing its answer. HTTP (the header, the request's hash, the replayed
// answer) stays in http/idempotency.ts; these run as service_role, except markKeyApplied, which runs last in
// each of the request's own transactions.
import type { Query } from './database.ts';

/** A key already held by an earlier request with that key (claimKey's answer when it was not free). */
export interface HeldKey {
  status: number | null; body: string | null; method: string; path: string; request_hash: string | null;
  applied: boolean; lease_over: boolean; lease_seconds_left: number;
}

/** What a request is, for its key. */
export interface KeyedRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of the method, path and body. */
  hash: string;
  leaseSeconds: number;
}

/**
 * Takes the key for this request: a new key, or one whose request died (in progress past its lease, same request).
 * Null when it is ours now; else the row as the earlier request left it.
 */
export async function claimKey(q: Query, r: KeyedRequest): Promise<HeldKey | null> {
  const claimed = await q(
    `insert into private.idempotency_keys as k (user_id, key, method, path, request_hash, lease_until)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::int))
     on conflict (user_id, key) do update set lease_until = excluded.lease_until
      where k.status is null and k.applied_at is null and coalesce(k.lease_until, '-infinity') <= now()
        and k.method = excluded.method and k.path = excluded.path
        and coalesce(k.request_hash, excluded.request_hash) = excluded.request_hash
     returning key`,
    [r.userId, r.key, r.method, r.path, r.hash, r.leaseSeconds],
  );
  if (claimed.length) return null;
  const [row] = await q<HeldKey>(
    `select status, body, method, path, request_hash, applied_at is not null as applied,
            coalesce(lease_until, '-infinity') <= now() as lease_over,
            greatest(1, ceil(extract(epoch from lease_until - now())))::int as lease_seconds_left
       from private.idempotency_keys where user_id = $1 and key = $2`,
    [r.userId, r.key],
  );
  return row;
}

/** Marks the key applied if this transaction wrote something (the SQL function checks); its last statement. */
export async function markKeyApplied(q: Query, userId: string, key: string): Promise<void> {
  await q('select private.idempotency_mark_applied($1::uuid, $2)', [userId, key]);
}

/** Settles a key whose request died after saving its work: `body` (200) becomes its answer, unless one was stored. */
export async function settleLostAnswer(q: Query, userId: string, key: string, body: string): Promise<void> {
  await q(`update private.idempotency_keys set status = 200, body = $3 where user_id = $1 and key = $2 and status is null`,
    [userId, key, body]);
}

/** Stores the request's answer for every repeat of its key. */
export async function storeAnswer(q: Query, userId: string, key: string, status: number, body: string): Promise<void> {
  await q(`update private.idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2`, [userId, key, status, body]);
}

/**
 * After a retryable answer: frees the key so the client may retry, unless the work was saved before it; then a
 * retry must not redo it, and `lostBody` (200) is its answer.
 */
export async function releaseKey(q: Query, userId: string, key: string, lostBody: string): Promise<void> {
  await q(`with released as (delete from private.idempotency_keys where user_id = $1 and key = $2 and applied_at is null)
           update private.idempotency_keys set status = 200, body = $3 where user_id = $1 and key = $2 and applied_at is not null`,
    [userId, key, lostBody]);
}
