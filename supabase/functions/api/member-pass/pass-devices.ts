// Proof of the member at the till (decision 190): one-time challenges a device signs to get a pass certificate,
// the member's certified devices (at most 3), and the personal-code secret handed to them with the certificate
// and checked by the API when staff type it. The tables are service-role only: the caller's id comes from the
// session (Services.user), never from the request.
import type { PassChallengeAnswer, PassDevicesAnswer } from '../../_shared/contract/member-pass.ts';
import { base64UrlToBytes } from '../../_shared/encoding.ts';
import { verifyPassChallenge } from '../../_shared/member-pass.ts';
import { PERSONAL_SECRET_BYTES, matchPersonalCode } from '../../_shared/personal-code.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';
import { type Query, iso } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { Services } from '../services.ts';

/** How long a challenge can be signed and sent back. */
export const PASS_CHALLENGE_SECONDS = 120;
/** Certified devices per member: a fourth ends the oldest. */
export const PASS_DEVICES_MAX = 3;
/** Unused challenges kept per member (a new one beyond this ends the oldest). */
const OPEN_CHALLENGES_MAX = 5;

export const CHALLENGE_REFUSED = 'This pass key was not proven: ask for a new challenge and sign it with the same key.';

type Used = Pick<Services, 'tx' | 'user'>;

const callerId = (s: Pick<Services, 'user'>) => {
  if (!s.user) throw new DomainError('unauthenticated', 'Sign in first');
  return s.user.id;
};

/** A new one-time challenge for the caller, valid PASS_CHALLENGE_SECONDS; only its hash is stored. */
export async function issuePassChallenge(s: Used, nowMs: number): Promise<PassChallengeAnswer> {
  const memberId = callerId(s);
  const challenge = randomToken(32);
  const expiresAt = new Date(nowMs + PASS_CHALLENGE_SECONDS * 1000);
  await s.tx.asService(async (q) => {
    await q(`delete from private.pass_certificate_challenges c
              where c.member_id = $1 and (c.expires_at < now() or c.challenge_hash in (
                select o.challenge_hash from private.pass_certificate_challenges o where o.member_id = $1
                 order by o.created_at desc offset $2))`, [memberId, OPEN_CHALLENGES_MAX - 1]);
    await q(`insert into private.pass_certificate_challenges (challenge_hash, member_id, expires_at) values ($1, $2, $3)`,
      [await sha256Hex(challenge), memberId, expiresAt.toISOString()]);
  });
  return { challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * Proof that the caller holds the private half of (x, y): the point is on P-256, the challenge is the caller's,
 * unused and unexpired (used up by this call whatever follows), and the signature over it verifies with the point.
 */
export async function provePassKey(
  s: Used, key: { x: string; y: string; challenge: string; signature: string },
): Promise<void> {
  const memberId = callerId(s);
  const challengeHash = await sha256Hex(key.challenge);
  const [consumed] = await s.tx.asService((q) => q<{ live: boolean }>(
    `delete from private.pass_certificate_challenges c where c.challenge_hash = $1 and c.member_id = $2
     returning c.expires_at > now() as live`, [challengeHash, memberId]));
  if (!(await verifyPassChallenge(key, key.challenge, key.signature)) || !consumed?.live) {
    throw new DomainError('invalid', CHALLENGE_REFUSED);
  }
}

type DeviceRow = { id: string; name: string; created_at: Date; last_used_at: Date };

/** A new personal-code secret for the member: the codes of removed devices stop working. */
const rotateSecret = (q: Query, memberId: string) =>
  q(`insert into private.member_pass_secrets (member_id, secret) values ($1, $2)
     on conflict (member_id) do update set secret = excluded.secret, rotated_at = now()`,
  [memberId, randomToken(PERSONAL_SECRET_BYTES)]);

/**
 * Records the caller's certified device (a known key is renewed: last used now) and answers its id and the
 * member's personal-code secret (made on first use). A fourth device ends the oldest and makes a new secret.
 */
export async function recordPassDevice(
  s: Used, device: { x: string; y: string; name: string },
): Promise<{ deviceId: string; personalSecret: string }> {
  const memberId = callerId(s);
  return s.tx.asService(async (q) => {
    const [row] = await q<{ id: string }>(
      `insert into private.member_pass_devices as d (member_id, x, y, name) values ($1, $2, $3, $4)
       on conflict (member_id, x) do update set last_used_at = now(), name = excluded.name
       returning d.id::text`, [memberId, device.x, device.y, device.name]);
    const ended = await q(
      `delete from private.member_pass_devices d where d.member_id = $1 and d.id in (
         select o.id from private.member_pass_devices o where o.member_id = $1
          order by o.created_at desc, o.id desc offset $2)
       returning d.id`, [memberId, PASS_DEVICES_MAX]);
    if (ended.length > 0) await rotateSecret(q, memberId);
    else await q(`insert into private.member_pass_secrets (member_id, secret) values ($1, $2) on conflict (member_id) do nothing`,
      [memberId, randomToken(PERSONAL_SECRET_BYTES)]);
    const [{ secret }] = await q<{ secret: string }>(`select secret from private.member_pass_secrets where member_id = $1`, [memberId]);
    return { deviceId: row.id, personalSecret: secret };
  });
}

/** The caller's certified devices, oldest first. */
export async function listPassDevices(s: Used): Promise<PassDevicesAnswer> {
  const memberId = callerId(s);
  const rows = await s.tx.asService((q) => q<DeviceRow>(
    `select id::text, name, created_at, last_used_at from private.member_pass_devices
      where member_id = $1 order by created_at, id`, [memberId]));
  return { devices: rows.map((r) => ({ id: r.id, name: r.name, createdAt: iso(r.created_at), lastUsedAt: iso(r.last_used_at) })) };
}

/** Removes one of the caller's devices and makes a new personal-code secret; 404 for any other id. */
export async function removePassDevice(s: Used, id: string): Promise<PassDevicesAnswer> {
  const memberId = callerId(s);
  await s.tx.asService(async (q) => {
    const removed = await q(`delete from private.member_pass_devices where id = $1 and member_id = $2 returning id`, [id, memberId]);
    if (removed.length === 0) throw new DomainError('not-found', 'No such device');
    await rotateSecret(q, memberId);
  });
  return listPassDevices(s);
}

/** Stands in for a number with no secret, so every number costs the same HMACs (nothing told by the time taken). */
const NO_SECRET = new Uint8Array(PERSONAL_SECRET_BYTES);

/**
 * Whether a typed personal code proves the member with this number is at the till at `atMs` (the step of the
 * check, one either way). An unknown number, one with no certified device yet, a wrong or missing code, and
 * online an inactive membership are all the same `false`, reached by the same query and the same three HMACs.
 */
export async function provePersonalCode(
  s: Pick<Services, 'tx'>, memberNumber: number, code: string | undefined, atMs: number, online: boolean,
): Promise<boolean> {
  return (await personalCodeStep(s, memberNumber, code, atMs, online)) !== null;
}

/** The step a member's personal code proves (as provePersonalCode decides), or null. */
export async function personalCodeStep(
  s: Pick<Services, 'tx'>, memberNumber: number, code: string | undefined, atMs: number, online: boolean,
): Promise<number | null> {
  // Always one row, and the membership asked even for no one: the same plan and work for every number.
  const [row] = await s.tx.asService((q) => q<{ secret: string | null; active: boolean }>(
    `select s.secret, coalesce(private.has_active_subscription(p.id), false) as active
       from (select $1::integer as member_number) asked
       left join public.profiles p on p.member_number = asked.member_number and p.role = 'USER'
       left join private.member_pass_secrets s on s.member_id = p.id`, [memberNumber]));
  const matched = await matchPersonalCode(row.secret ? base64UrlToBytes(row.secret) : NO_SECRET, code ?? '', atMs);
  return row.secret !== null && matched !== null && (!online || row.active) ? matched : null;
}
