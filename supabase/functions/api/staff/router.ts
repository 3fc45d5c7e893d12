// Staff on the counter (issue 26, decision 166). Four routers, one per prefix:
// - /api/merchant/staff: the owner invites, lists and removes staff;
// - /api/merchant/counter-devices: the owner makes a pairing code, lists and unpairs tablets;
// - /api/auth/staff-invite: the invited staff member opens the mailed link and sets a password and a PIN;
// - /api/counter: the paired tablet (no owner session on it): pair with the code, see who can switch, switch by PIN;
//   and a staff member's own PIN change.
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  acceptStaffInviteBody, changePinBody, INVALID_INVITE_MESSAGE, INVALID_PAIRING_CODE_MESSAGE, inviteStaffBody, NOT_PAIRED_MESSAGE,
  pairBody, pairingCodeQuery, PIN_LOCKED_MESSAGE, PIN_MAX_TRIES, placeCounterDeviceBody, staffInviteQuery, switchStaffBody, WRONG_PIN_MESSAGE,
} from '../../_shared/contract/staff.ts';
import { type AppContext, type AppEnv, serviceTx, siteUrlOf, userTx, servicesOf } from '../http/context.ts';
import type { Query } from '../db/database.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../http/http-error.ts';
import { uuidParam } from '../http/params.ts';
import { hashPassword, verifyPassword, loadSessionUser } from '../auth/index.ts';
import { assertAcceptablePassword } from '../http/password-policy.ts';
import { parseJson, parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { enqueueMail, staffInviteMail } from '../mail/index.ts';
import {
  acceptInvite, acceptPin, claimPinTry, findPairedDevice, type PairedDevice, createPairingCode, deviceView, endDeviceSession, findInvite, inviteStaff, listCounterDevices,
  listStaff, pairDevice, pinLockedUntil, placeCounterDevice, removeStaff, setStaffPin, staffPasswordHash, unpairCounterDevice,
} from './staff.ts';
import { clientIp } from '../http/request-guards.ts';
import { checkPasswordLimited, countAccountAttempt } from '../limits/index.ts';
import {
  clearSessionCookie, cookieOptions, COUNTER_DEVICE_COOKIE, DEVICE_COOKIE_DAYS, startSession,
} from '../http/session.ts';

// ---------------------------------------------------------------- /api/merchant/staff (owner only)
export const merchantStaffRoutes = new Hono<AppEnv>();

/** POST /api/merchant/staff {name, email}: creates the staff member and mails the invite link. */
merchantStaffRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, inviteStaffBody);
  const invited = await userTx(c, (q) => inviteStaff(q, body.name, body.email));
  // The owner may not write mail to another address (private.enqueue_mail): the service role sends it.
  await serviceTx(c, (q) => enqueueMail(q, invited.member.email, staffInviteMail({
    name: invited.member.name, businessName: invited.businessName, siteUrl: siteUrlOf(c), token: invited.token,
  })));
  return c.json(invited.member, 201);
});

merchantStaffRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  return c.json(await userTx(c, listStaff));
});

/** DELETE /api/merchant/staff/{id}: removed at once; every session of theirs ends. */
merchantStaffRoutes.delete('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', 'No such staff member');
  await userTx(c, (q) => removeStaff(q, id));
  return c.json({ success: true });
});

// ---------------------------------------------------------------- /api/merchant/counter-devices (owner only)
export const counterDeviceAdminRoutes = new Hono<AppEnv>();

/** POST /api/merchant/counter-devices: a one-time pairing code (8 characters, 10 minutes). */
counterDeviceAdminRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { locationId } = parseQuery(c, pairingCodeQuery);
  return c.json(await userTx(c, (q) => createPairingCode(q, locationId ?? null)), 201);
});

/** PATCH /api/merchant/counter-devices/{id} {locationId}: the tablet now stands at that location (issue 40). */
counterDeviceAdminRoutes.patch('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', 'No such counter tablet');
  const { locationId } = await parseJson(c, placeCounterDeviceBody);
  await userTx(c, (q) => placeCounterDevice(q, id, locationId));
  return c.json({ success: true });
});

counterDeviceAdminRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  return c.json(await userTx(c, listCounterDevices));
});

/** DELETE /api/merchant/counter-devices/{id}: unpairs the tablet; the staff sessions on it end. */
counterDeviceAdminRoutes.delete('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', 'No such counter tablet');
  await userTx(c, (q) => unpairCounterDevice(q, id));
  return c.json({ success: true });
});

// ---------------------------------------------------------------- /api/auth/staff-invite (the mailed link)
export const staffInviteRoutes = new Hono<AppEnv>();

staffInviteRoutes.get('/', async (c) => {
  const { token } = parseQuery(c, staffInviteQuery);
  const invite = await serviceTx(c, (q) => findInvite(q, token));
  if (!invite) throw badRequest(INVALID_INVITE_MESSAGE);
  return c.json({ name: invite.name, email: invite.email, businessName: invite.business_name });
});

/** POST /api/auth/staff-invite/accept {token, password, pin}: the staff member's password and PIN; signed in. */
staffInviteRoutes.post('/accept', async (c) => {
  const body = await parseJson(c, acceptStaffInviteBody);
  assertAcceptablePassword(body.password);
  // Cheap checks first (decision 175): the attempt counts per address, the invite is looked up before any hash.
  await countAccountAttempt(servicesOf(c), 'staff-invite', { ip: clientIp(c) });
  if (!(await serviceTx(c, (q) => findInvite(q, body.token)))) throw badRequest(INVALID_INVITE_MESSAGE);
  const rounds = c.var.deps.config.bcryptRounds;
  const [passwordHash, pinHash] = await Promise.all([hashPassword(body.password, rounds), hashPassword(body.pin, rounds)]);
  const invite = await serviceTx(c, async (q) => {
    const found = await findInvite(q, body.token, true);
    if (!found) throw badRequest(INVALID_INVITE_MESSAGE);
    await acceptInvite(q, found, passwordHash, pinHash);
    await startSession(c, q, found.user_id);
    return found;
  });
  const user = await c.var.deps.db.transaction({ role: 'authenticated', sub: invite.user_id, email: invite.email }, loadSessionUser);
  return c.json({ user });
});

// ---------------------------------------------------------------- /api/counter (the paired tablet)
export const counterDeviceRoutes = new Hono<AppEnv>();

/** POST /api/counter/pair {code}: this device becomes the business's counter (HttpOnly device cookie). */
counterDeviceRoutes.post('/pair', async (c) => {
  const { code } = await parseJson(c, pairBody);
  const paired = await serviceTx(c, (q) => pairDevice(q, code));
  if (!paired) throw badRequest(INVALID_PAIRING_CODE_MESSAGE);
  setDeviceCookie(c, paired.token);
  return c.json({ businessName: paired.businessName }, 201);
});

/** GET /api/counter/device: the business and the staff who can switch to this tablet (404 when not paired). */
counterDeviceRoutes.get('/device', async (c) => {
  const sessionTokenHash = c.var.user?.sessionTokenHash ?? null;
  const view = await serviceTx(c, async (q) => {
    const device = await pairedDevice(c, q);
    return device ? deviceView(q, device, sessionTokenHash) : null;
  });
  if (!view) throw notFound(NOT_PAIRED_MESSAGE);
  return c.json(view);
});

/**
 * POST /api/counter/switch {staffId, pin}: a staff member of this tablet's business takes over the counter.
 * Each try is counted in SQL before the PIN is compared; the 5th wrong one locks that PIN for 5 minutes (429).
 */
counterDeviceRoutes.post('/switch', async (c) => {
  const body = await parseJson(c, switchStaffBody);
  const claim = await serviceTx(c, async (q) => {
    const device = await pairedDevice(c, q);
    if (!device) throw new HttpError(403, NOT_PAIRED_MESSAGE);
    return { device, pin: await claimPinTry(q, device, body.staffId) };
  });
  if (!claim.pin.ok) {
    if (claim.pin.reason === 'unknown') throw notFound('No such staff member on this counter');
    const seconds = Math.max(1, Math.ceil((claim.pin.lockedUntil.getTime() - Date.now()) / 1000));
    c.header('Retry-After', String(seconds));
    return c.json({ message: PIN_LOCKED_MESSAGE, retryAt: claim.pin.lockedUntil.toISOString() }, 429);
  }
  const pin = claim.pin;
  if (!(await verifyPassword(body.pin, pin.pinHash))) {
    const left = PIN_MAX_TRIES - pin.failures;
    if (left <= 0) {
      const seconds = Math.max(1, Math.ceil(((await serviceTx(c, (q) => pinLockedUntil(q, pin.staff.id))) - Date.now()) / 1000));
      c.header('Retry-After', String(seconds));
      return c.json({ message: PIN_LOCKED_MESSAGE, retryAt: new Date(Date.now() + seconds * 1000).toISOString() }, 429);
    }
    throw unauthorized(`${WRONG_PIN_MESSAGE}: ${left} ${left === 1 ? 'try' : 'tries'} left before it locks`);
  }
  await serviceTx(c, (q) => startDeviceSession(c, q, claim.device, pin.staff));
  const user = await c.var.deps.db.transaction({ role: 'authenticated', sub: pin.staff.userId, email: pin.staff.email }, loadSessionUser);
  return c.json({ user });
});

/** POST /api/counter/sign-out: the staff member leaves the tablet (back to the switcher); it stays paired. */
counterDeviceRoutes.post('/sign-out', async (c) => {
  await serviceTx(c, async (q) => {
    const device = await pairedDevice(c, q);
    if (!device) throw new HttpError(403, NOT_PAIRED_MESSAGE);
    await endDeviceSession(q, device);
  });
  clearSessionCookie(c);
  return c.json({ success: true });
});

/**
 * PUT /api/counter/pin {password, pin}: a signed-in staff member sets a new PIN. The password is asked (a colleague
 * at a tablet left signed in cannot change it) and counted like a sign-in (decision 085's limits).
 */
counterDeviceRoutes.put('/pin', async (c) => {
  const user = requireUser(c, 'STAFF');
  const body = await parseJson(c, changePinBody);
  const staff = await serviceTx(c, (q) => staffPasswordHash(q, user.id));
  if (!staff) throw new HttpError(403, 'You are not staff of a business any more');
  if (!(await checkPasswordLimited(servicesOf(c), user.email, () => verifyPassword(body.password, staff.hash)))) {
    throw badRequest('Your password is not right');
  }
  const pinHash = await hashPassword(body.pin, c.var.deps.config.bcryptRounds);
  await serviceTx(c, (q) => setStaffPin(q, staff.staffId, pinHash));
  return c.json({ success: true });
});

// ---------------------------------------------------------------- the paired counter tablet (decision 166)

function setDeviceCookie(c: AppContext, token: string) {
  setCookie(c, COUNTER_DEVICE_COOKIE, token, { ...cookieOptions(c), maxAge: DEVICE_COOKIE_DAYS * 86400 });
}

/** The paired tablet this request comes from (its device cookie), or null; a cookie that pairs nothing is cleared. */
async function pairedDevice(c: AppContext, q: Query): Promise<PairedDevice | null> {
  const token = getCookie(c, COUNTER_DEVICE_COOKIE);
  if (!token) return null;
  const device = await findPairedDevice(q, token);
  if (!device) deleteCookie(c, COUNTER_DEVICE_COOKIE, cookieOptions(c));
  return device;
}

/** The PIN was right: tries reset, the device's previous staff session ends and this one starts (cookie set). */
async function startDeviceSession(c: AppContext, q: Query, device: PairedDevice, staff: { id: string; userId: string }) {
  await acceptPin(q, device, staff.id);
  // A counter session: 4 hours idle, 12 at most (private.session_policy, decision 176).
  await startSession(c, q, staff.userId, device.id);
}
