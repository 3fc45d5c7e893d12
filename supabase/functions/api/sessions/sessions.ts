// Sessions: who a session token belongs to (the lookup that opens each signed-in request's transaction, and the
// local realtime stream's), and the signed-in devices of an account (decision 176). Sessions live in schema
// private: the devices' statements run in a service_role transaction and always filter by the caller's own user id.
import type { Role } from '../../_shared/constants.ts';
import type { SignedInDevice } from '../../_shared/contract/sessions.ts';
import type { AuthUser } from '../services.ts';
import { serviceClaims, type Database, type OpenTransaction, type Query, type Statement, iso } from '../db/database.ts';
import { sha256Hex } from '../../_shared/tokens.ts';

/**
 * The session lookup that opens a signed-in request's transaction: the user of a live session
 * token ($1: its sha-256 hex) and, in the same statement, the role and claims for the rest of the
 * transaction (authenticated with sub/email, or anon when the token is unknown or expired). It
 * runs as the connection's own role before any claims are set, which may read private.sessions.
 * A PL/pgSQL function, so its plan is made once per connection, not per request (decision 140).
 */
export const sessionClaimsSql = `select id, email, role, db_role, claims from private.session_claims($1)`;

/**
 * Opens a signed-in request's transaction with the session lookup as its first statement (it sets the claims) and,
 * with `ahead`, the route's one statement in the same round trip (decisions 130 and 179). `user` is null when the
 * token is unknown or expired: the transaction then runs as anon.
 */
export async function openSessionTransaction(
  db: Database, tokenHash: string, ahead?: Statement,
): Promise<{ user: AuthUser | null; tx: OpenTransaction<unknown> }> {
  const tx = await db.open<{ id: string | null; email: string; role: Role }>(sessionClaimsSql, [tokenHash], ahead);
  const [row] = tx.rows;
  return { user: row?.id ? { id: row.id, email: row.email, role: row.role, sessionTokenHash: tokenHash } : null, tx };
}

/** $1: the sha-256 hex of the session token. */
const sessionLookupSql = `select p.id, p.email, p.role
         from private.sessions s join public.profiles p on p.id = s.user_id
        where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at + s.idle_timeout > now()`;

/**
 * The user a session token belongs to, or null when it is unknown or expired, in a transaction of its own: the local
 * runner's realtime stream authenticates its connection with it (without refreshing the session's last use).
 */
export async function findSessionUser(db: Database, token: string): Promise<AuthUser | null> {
  const tokenHash = await sha256Hex(token);
  const [row] = await db.transaction(serviceClaims, (q) =>
    q<{ id: string; email: string; role: Role }>(sessionLookupSql, [tokenHash]),
  );
  return row ? { ...row, sessionTokenHash: tokenHash } : null;
}

/** The caller's live sessions, most recently used first; `current` marks the one with this token hash. */
export async function listSessions(q: Query, userId: string, currentTokenHash: string): Promise<SignedInDevice[]> {
  const rows = await q<{ id: string; device_label: string | null; kind: SignedInDevice['kind']; created_at: Date; last_seen_at: Date; current: boolean }>(
    `select id, device_label, kind, created_at, last_seen_at, token_hash = $2 as current
       from private.sessions
      where user_id = $1 and expires_at > now() and last_seen_at + idle_timeout > now()
      order by last_seen_at desc, created_at desc`,
    [userId, currentTokenHash],
  );
  return rows.map((r) => ({
    id: r.id, device: r.device_label ?? 'Unknown browser', kind: r.kind,
    signedInAt: iso(r.created_at), lastActiveAt: iso(r.last_seen_at), current: r.current,
  }));
}

/** Ends one of the caller's sessions: null when they have none with that id, else whether it was this one. */
export async function endSession(q: Query, userId: string, sessionId: string, currentTokenHash: string): Promise<{ current: boolean } | null> {
  const [row] = await q<{ current: boolean }>(
    `delete from private.sessions where id = $1 and user_id = $2 returning token_hash = $3 as current`,
    [sessionId, userId, currentTokenHash],
  );
  return row ?? null;
}

/**
 * Creates a session row (hash only; the caller sets the cookie) and answers when it expires. private.start_session
 * picks the kind's idle timeout and lifetime and keeps at most `perAccount` per account (decision 176);
 * `counterDeviceId` marks a staff session opened by PIN on a paired tablet (decision 166).
 */
export async function createSession(
  q: Query, userId: string, tokenHash: string, counterDeviceId: string | null, deviceLabel: string | null, perAccount: number,
): Promise<Date> {
  const [row] = await q<{ expires_at: Date | string }>(
    `select private.start_session($1, $2, $3, $4, $5) as expires_at`,
    [userId, tokenHash, counterDeviceId, deviceLabel, perAccount],
  );
  return new Date(row.expires_at);
}
