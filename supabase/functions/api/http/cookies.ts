// The API's cookies (decision 177): the session cookie and the paired counter tablet's device cookie. Reading and
// setting them is HTTP, so it lives here; what a token means is the domain's (sessions/sessions.ts, staff/staff.ts),
// which only ever sees the token or its hash. Pairing a tablet and switching staff on it are staff/router.ts's.
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from './context.ts';
import type { Query } from '../db/database.ts';
import { COUNTER_DEVICE_HEADER, counterDeviceKey } from '../limits/index.ts';
import { createSession } from '../sessions/index.ts';
import { deviceLabel } from './device-label.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';
import { secureCookies, SESSION_COOKIE } from './session.ts';

export function cookieOptions(c: AppContext) {
  return { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: secureCookies(c) };
}

/**
 * Creates a session row (hash only) inside the caller's service_role transaction and sets the cookie
 * (sessions/sessions.ts createSession: the kind's idle timeout and lifetime, at most config.sessionsPerAccount per
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

/** The paired tablet's cookie: a long-lived device token (only its sha-256 is stored). */
export const COUNTER_DEVICE_COOKIE = 'pl_counter_device';
export const DEVICE_COOKIE_DAYS = 400;

/** The counter's limiter key for this request: its paired-device cookie, else its X-Counter-Device header. */
export const counterDeviceKeyOf = (c: AppContext): Promise<string> =>
  counterDeviceKey(getCookie(c, COUNTER_DEVICE_COOKIE), c.req.header(COUNTER_DEVICE_HEADER));
