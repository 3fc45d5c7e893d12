// Staff on the counter (issue 26, decision 166): invites, the staff list, pairing a tablet, and PIN switching on it.
// The owner's calls run as the owner (userTx), so the SQL functions check ownership themselves (PL403 for staff);
// the tablet's calls have no session yet and run as the service role, keyed by the device token's hash.
import {
  type CounterDevice, type CounterDeviceAnswer, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, type StaffMember,
} from '../../_shared/contract/staff.ts';
import { type Query, iso } from '../db/database.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';

// ---------------------------------------------------------------- the owner's side (run as the owner)

type StaffRow = { id: string; name: string; email: string; accepted: boolean; pin_set: boolean; created_at: Date };
const toStaffMember = (r: StaffRow): StaffMember => ({
  id: r.id, name: r.name, email: r.email, status: r.accepted ? 'active' : 'invited', pinSet: r.pin_set, createdAt: iso(r.created_at),
});

/** Creates the invited staff member; returns them and the invite token (only ever put in the mail). */
export async function inviteStaff(q: Query, name: string, email: string) {
  const token = randomToken(32);
  const [row] = await q<{ id: string; name: string; email: string; created_at: Date; business_name: string }>(
    `select s.id, s.name, s.email, s.created_at, (private.owner_merchant()).name as business_name
       from private.invite_staff($1, $2, $3) s`,
    [name, email, await sha256Hex(token)],
  );
  const member: StaffMember = { id: row.id, name: row.name, email: row.email, status: 'invited', pinSet: false, createdAt: iso(row.created_at) };
  return { member, token, businessName: row.business_name };
}

export async function listStaff(q: Query): Promise<StaffMember[]> {
  const rows = await q<StaffRow>(`select id, name, email, accepted, pin_set, created_at from private.list_staff()`);
  return rows.map(toStaffMember);
}

/** Removes a staff member: their sessions end in the same transaction (private.remove_staff). */
export async function removeStaff(q: Query, staffId: string): Promise<void> {
  await q(`select private.remove_staff($1)`, [staffId]);
}

/** A pairing code from an unambiguous alphabet, without modulo bias. */
export function newPairingCode(): string {
  let code = '';
  while (code.length < PAIRING_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && code.length < PAIRING_CODE_LENGTH) code += PAIRING_CODE_ALPHABET[byte % PAIRING_CODE_ALPHABET.length];
    }
  }
  return code;
}

export async function createPairingCode(q: Query, locationId: string | null = null): Promise<{ code: string; expiresAt: string }> {
  const code = newPairingCode();
  const [row] = await q<{ expires_at: Date }>(`select private.create_pairing_code($1, $2) as expires_at`, [await sha256Hex(code), locationId]);
  return { code, expiresAt: iso(row.expires_at) };
}

export async function listCounterDevices(q: Query): Promise<CounterDevice[]> {
  const rows = await q<{ id: string; label: string; created_at: Date; last_seen_at: Date; location_id: string | null }>(
    `select id, label, created_at, last_seen_at, location_id from private.list_counter_devices()`);
  return rows.map((r) => ({ id: r.id, label: r.label, createdAt: iso(r.created_at), lastSeenAt: iso(r.last_seen_at), locationId: r.location_id }));
}

/** Moves a paired tablet to one of the owner's locations (issue 40): its next redemptions count there. */
export async function placeCounterDevice(q: Query, deviceId: string, locationId: string): Promise<void> {
  await q(`select private.place_counter_device($1, $2)`, [deviceId, locationId]);
}

export async function unpairCounterDevice(q: Query, deviceId: string): Promise<void> {
  await q(`select private.unpair_counter_device($1)`, [deviceId]);
}

// ---------------------------------------------------------------- invites (run as the service role)

export interface InviteRow { staff_id: string; user_id: string; name: string; email: string; business_name: string }

/** The pending invite a token belongs to (not accepted, not removed, not expired), or null. With `lock`, for update. */
export async function findInvite(q: Query, token: string, lock = false): Promise<InviteRow | null> {
  const [row] = await q<InviteRow>(
    `select s.id as staff_id, s.user_id, s.name, s.email, m.name as business_name
       from private.staff_secrets x
       join public.merchant_staff s on s.id = x.staff_id
       join public.merchants m on m.id = s.merchant_id
      where x.invite_token_hash = $1 and x.invite_expires_at > now() and s.accepted_at is null and s.removed_at is null
      ${lock ? 'for update of x, s' : ''}`,
    [await sha256Hex(token)],
  );
  return row ?? null;
}

/** Accepts the invite: password, PIN, address verified (the link reached it); the link stops working. */
export async function acceptInvite(q: Query, invite: InviteRow, passwordHash: string, pinHash: string): Promise<void> {
  await q(`insert into private.credentials (user_id, password_hash) values ($1, $2)
           on conflict (user_id) do update set password_hash = excluded.password_hash, updated_at = now()`, [invite.user_id, passwordHash]);
  await q(`update private.staff_secrets set invite_token_hash = null, invite_expires_at = null, pin_hash = $2,
                  pin_failures = 0, pin_locked_until = null
            where staff_id = $1`, [invite.staff_id, pinHash]);
  await q(`update public.merchant_staff set accepted_at = now() where id = $1`, [invite.staff_id]);
  await q(`update public.profiles set email_verified_at = coalesce(email_verified_at, now()) where id = $1`, [invite.user_id]);
}

// ---------------------------------------------------------------- the paired tablet (run as the service role)

/** Uses a pairing code once (inside its 10 minutes) and pairs a new device; returns its token, or null. */
export async function pairDevice(q: Query, code: string): Promise<{ token: string; businessName: string } | null> {
  const [used] = await q<{ merchant_id: string; business_name: string; location_id: string | null }>(
    `update private.counter_pairing_codes c set used_at = now()
       from public.merchants m
      where c.code_hash = $1 and c.used_at is null and c.expires_at > now() and m.id = c.merchant_id and m.active
      returning c.merchant_id, m.name as business_name, c.location_id`,
    [await sha256Hex(code)],
  );
  if (!used) return null;
  const token = randomToken(32);
  // The location the owner chose with the code (issue 40).
  await q(`insert into private.counter_devices (merchant_id, token_hash, location_id) values ($1, $2, $3)`,
    [used.merchant_id, await sha256Hex(token), used.location_id]);
  return { token, businessName: used.business_name };
}

export interface PairedDevice { id: string; merchantId: string; businessName: string }

/** The paired tablet of this device token (from its cookie: http/session.ts), or null. */
export async function findPairedDevice(q: Query, token: string): Promise<PairedDevice | null> {
  const [row] = await q<{ id: string; merchant_id: string; business_name: string }>(
    `update private.counter_devices d set last_seen_at = now()
       from public.merchants m
      where d.token_hash = $1 and m.id = d.merchant_id and m.active
      returning d.id, d.merchant_id, m.name as business_name`,
    [await sha256Hex(token)],
  );
  if (!row) return null;
  return { id: row.id, merchantId: row.merchant_id, businessName: row.business_name };
}

/** What the tablet's switcher shows: the business and its active staff with a PIN. */
export async function deviceView(q: Query, device: PairedDevice, sessionTokenHash: string | null): Promise<CounterDeviceAnswer> {
  const staff = await q<{ id: string; name: string }>(
    `select s.id, s.name from public.merchant_staff s join private.staff_secrets x on x.staff_id = s.id
      where s.merchant_id = $1 and s.accepted_at is not null and s.removed_at is null and x.pin_hash is not null
      order by s.name, s.id`,
    [device.merchantId],
  );
  const [signedIn] = sessionTokenHash ? await q<{ id: string }>(
    `select s.id from private.sessions ss join public.merchant_staff s on s.user_id = ss.user_id
      where ss.token_hash = $1 and ss.counter_device_id = $2 and ss.expires_at > now()`,
    [sessionTokenHash, device.id],
  ) : [];
  return { businessName: device.businessName, staff, signedInStaffId: signedIn?.id ?? null };
}

export type PinClaim =
  | { ok: true; staff: { id: string; userId: string; email: string }; pinHash: string; failures: number }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'locked'; lockedUntil: Date };

/** Claims one PIN try for a staff member of the device's business (counted before the PIN is compared). */
export async function claimPinTry(q: Query, device: PairedDevice, staffId: string): Promise<PinClaim> {
  const [staff] = await q<{ id: string; user_id: string; email: string }>(
    `select s.id, s.user_id, s.email from public.merchant_staff s
      where s.id = $1 and s.merchant_id = $2 and s.accepted_at is not null and s.removed_at is null`,
    [staffId, device.merchantId],
  );
  if (!staff) return { ok: false, reason: 'unknown' };
  const [claim] = await q<{ pin_hash: string | null; failures: number | null; locked_until: Date | null }>(
    `select pin_hash, failures, locked_until from private.claim_pin_attempt($1)`, [staffId]);
  if (!claim?.pin_hash) {
    return claim?.locked_until ? { ok: false, reason: 'locked', lockedUntil: new Date(claim.locked_until) } : { ok: false, reason: 'unknown' };
  }
  return { ok: true, staff: { id: staff.id, userId: staff.user_id, email: staff.email }, pinHash: claim.pin_hash, failures: claim.failures ?? 0 };
}

/** When a locked PIN works again (ms), now when it is not locked. */
export async function pinLockedUntil(q: Query, staffId: string): Promise<number> {
  const [row] = await q<{ pin_locked_until: Date | null }>(`select pin_locked_until from private.staff_secrets where staff_id = $1`, [staffId]);
  return row?.pin_locked_until ? new Date(row.pin_locked_until).getTime() : Date.now();
}

/** The PIN was right: tries reset and the device's previous staff session ends (the caller starts the new one). */
export async function acceptPin(q: Query, device: PairedDevice, staffId: string): Promise<void> {
  await q(`select private.pin_accepted($1)`, [staffId]);
  await q(`delete from private.sessions where counter_device_id = $1`, [device.id]);
}

/** "Switch staff" / lock the tablet: the staff session on this device ends; the pairing stays. */
export async function endDeviceSession(q: Query, device: PairedDevice): Promise<void> {
  await q(`delete from private.sessions where counter_device_id = $1`, [device.id]);
}

/** The signed-in staff member's password hash (to check before a PIN change), or null. */
export async function staffPasswordHash(q: Query, userId: string): Promise<{ staffId: string; hash: string } | null> {
  const [row] = await q<{ staff_id: string; password_hash: string }>(
    `select s.id as staff_id, cr.password_hash from public.merchant_staff s join private.credentials cr on cr.user_id = s.user_id
      where s.user_id = $1 and s.removed_at is null and s.accepted_at is not null`,
    [userId],
  );
  return row ? { staffId: row.staff_id, hash: row.password_hash } : null;
}

/** A new PIN: its tries and lock start again. */
export async function setStaffPin(q: Query, staffId: string, pinHash: string): Promise<void> {
  await q(`update private.staff_secrets set pin_hash = $2, pin_failures = 0, pin_locked_until = null where staff_id = $1`, [staffId, pinHash]);
}
