// Staff on the counter (issue 26, decision 166): the owner's staff list and invites, pairing a tablet as the
// business's counter, and staff switching on that tablet by PIN.
import { z } from 'zod';
import { NAME_MAX } from '../constants.ts';
import { email, newPassword, text, uuid } from './common.ts';

/** A pairing code's length (it works once, for 10 minutes), and how many wrong PINs lock a PIN for how long. */
export const PAIRING_CODE_LENGTH = 8;
/** Letters and digits that cannot be mistaken for one another when read off a screen (no 0/O, 1/I/L). */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PIN_MAX_TRIES = 5;
export const PIN_LOCK_MINUTES = 5;

export const WRONG_PIN_MESSAGE = 'Wrong PIN';
export const PIN_LOCKED_MESSAGE = `Too many wrong PINs: this PIN is locked for ${PIN_LOCK_MINUTES} minutes`;
export const INVALID_PAIRING_CODE_MESSAGE = 'That pairing code is not valid. Codes work once, for 10 minutes: ask the owner for a new one.';
export const NOT_PAIRED_MESSAGE = 'This device is not a paired counter. Pair it with a code from the owner\'s dashboard.';
export const INVALID_INVITE_MESSAGE = 'This invite link is not valid any more. Ask the owner to invite you again.';

/** A 4–6 digit PIN. */
export const pin = z.string({ error: 'is required' }).regex(/^\d{4,6}$/, 'must be 4 to 6 digits');

export const inviteStaffBody = z.object({
  name: text(NAME_MAX).trim().min(1, 'is required'),
  email,
});
export type InviteStaffBody = z.input<typeof inviteStaffBody>;

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
  pinSet: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** POST /api/merchant/counter-devices: a one-time code to type on the tablet. */
export const pairingCodeAnswer = z.object({ code: z.string(), expiresAt: z.string() });
export type PairingCodeAnswer = z.infer<typeof pairingCodeAnswer>;

/** POST /api/merchant/counter-devices?locationId=: the code pairs a tablet at that location (issue 40; none: the first). */
export const pairingCodeQuery = z.object({ locationId: z.uuid({ error: 'must be a valid id' }).optional() });

/** PATCH /api/merchant/counter-devices/{id} {locationId}: the tablet now stands at that location (issue 40). */
export const placeCounterDeviceBody = z.object({ locationId: z.uuid({ error: 'must be a valid id' }) });

/** A paired tablet; locationId null: it counts at the business's first location until placed. */
export const counterDevice = z.object({
  id: z.string(), label: z.string(), createdAt: z.string(), lastSeenAt: z.string(), locationId: z.string().nullable(),
});
export type CounterDevice = z.infer<typeof counterDevice>;

/** POST /api/counter/pair {code}: typed on the tablet; case and spaces do not matter. */
export const pairBody = z.object({
  code: z.string({ error: 'is required' }).transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(z.string().min(1, 'is required').max(32, 'is not a pairing code')),
});
export type PairBody = z.input<typeof pairBody>;

/** GET /api/counter/device: the paired tablet's business and the staff who can switch to it (PIN set). */
export const counterDeviceAnswer = z.object({
  businessName: z.string(),
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The staff member signed in on this tablet now, if any. */
  signedInStaffId: z.string().nullable(),
});
export type CounterDeviceAnswer = z.infer<typeof counterDeviceAnswer>;

export const switchStaffBody = z.object({ staffId: uuid, pin });
export type SwitchStaffBody = z.input<typeof switchStaffBody>;

/** GET /api/auth/staff-invite?token=: what the invite is for. */
export const staffInviteAnswer = z.object({ name: z.string(), email: z.string(), businessName: z.string() });
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswer>;

export const staffInviteQuery = z.object({ token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is not an invite') });

/** POST /api/auth/staff-invite/accept: a password for their own sign-in and the PIN for the tablet. */
export const acceptStaffInviteBody = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is not an invite'),
  password: newPassword,
  pin,
});
export type AcceptStaffInviteBody = z.input<typeof acceptStaffInviteBody>;

/** PUT /api/counter/pin {password, pin}: a signed-in staff member sets a new PIN; their password proves it is them. */
export const changePinBody = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1000, 'must be at most 1000 characters'),
  pin,
});
export type ChangePinBody = z.input<typeof changePinBody>;
