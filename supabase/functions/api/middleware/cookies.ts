// The API's cookies (decision 177): the session cookie and the paired counter tablet's device cookie. Reading and
// setting them is HTTP, so it lives here; what a token means is the domain's (domain/sessions.ts,
// domain/counter-staff.ts), which only ever sees the token or its hash.
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../context.ts';
import type { Query } from '../db/database.ts';
import {
  acceptPin, COUNTER_DEVICE_COOKIE, DEVICE_COOKIE_DAYS, findPairedDevice, type PairedDevice,
} from '../domain/counter-staff.ts';
import { COUNTER_DEVICE_HEADER, counterDeviceKey } from '../domain/limiter.ts';
import { createSession } from '../domain/sessions.ts';
import { deviceLabel } from '../lib/device-label.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { secureCookies, SESSION_COOKIE } from './session.ts';

export function cookieOptions(c: AppContext) {
  return { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: secureCookies(c) };
}

/**
 * Creates a session row (hash only) inside the caller's service_role transaction and sets the cookie
 * (domain/sessions.ts createSession: the kind's idle timeout and lifetime, at most config.sessionsPerAccount per
 * account, decision 176). `counterDeviceId` marks a staff session opened by PIN on a paired tablet (decision 166).
 */
export async function startSession(c: AppContext, query: Query, userId: string, counterDeviceId: string | null = null): Promise<void> {
  const token = randomToken();
  const expiresAt = await createSession(
    query, userId, await sha256Hex(token), counterDeviceId, deviceLabel(c.req.header('user-agent')), c.var.deps.config.sessionsPerAccount,
  );
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

// ---------------------------------------------------------------- the paired counter tablet (decision 166)

export function setDeviceCookie(c: AppContext, token: string) {
  setCookie(c, COUNTER_DEVICE_COOKIE, token, { ...cookieOptions(c), maxAge: DEVICE_COOKIE_DAYS * 86400 });
}

/** The paired tablet this request comes from (its device cookie), or null; a cookie that pairs nothing is cleared. */
export async function pairedDevice(c: AppContext, q: Query): Promise<PairedDevice | null> {
  const token = getCookie(c, COUNTER_DEVICE_COOKIE);
  if (!token) return null;
  const device = await findPairedDevice(q, token);
  if (!device) deleteCookie(c, COUNTER_DEVICE_COOKIE, cookieOptions(c));
  return device;
}

/** The PIN was right: tries reset, the device's previous staff session ends and this one starts (cookie set). */
export async function startDeviceSession(c: AppContext, q: Query, device: PairedDevice, staff: { id: string; userId: string }) {
  await acceptPin(q, device, staff.id);
  // A counter session: 4 hours idle, 12 at most (private.session_policy, decision 176).
  await startSession(c, q, staff.userId, device.id);
}

/** The counter's limiter key for this request: its paired-device cookie, else its X-Counter-Device header. */
export const counterDeviceKeyOf = (c: AppContext): Promise<string> =>
  counterDeviceKey(getCookie(c, COUNTER_DEVICE_COOKIE), c.req.header(COUNTER_DEVICE_HEADER));
