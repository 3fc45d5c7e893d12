// The signed-in devices of an account (decision 176). Sessions live in schema private: these run in a
// service_role transaction and always filter by the caller's own user id.
import type { SignedInDevice } from '../../_shared/contract/sessions.ts';
import type { Query } from '../db/database.ts';
import { iso } from '../lib/iso.ts';

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
