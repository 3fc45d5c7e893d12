import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../context.ts';
import { deviceLabel } from '../lib/device-label.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { SESSION_COOKIE } from '../middleware/session.ts';
import type { Query } from '../db/database.ts';

const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

export function cookieOptions(c: AppContext) {
  const url = new URL(c.req.url);
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    // Secure everywhere but plain-http localhost, where browsers would drop it.
    secure: url.protocol === 'https:' || !isLocalHost(url.hostname),
  };
}

/**
 * Creates a session row (hash only) inside the caller's service_role transaction and sets the cookie.
 * private.start_session picks the kind's idle timeout and lifetime and keeps at most 10 per account (decision
 * 176); `counterDeviceId` marks a staff session opened by PIN on a paired tablet (decision 166).
 */
export async function startSession(c: AppContext, query: Query, userId: string, counterDeviceId: string | null = null): Promise<void> {
  const token = randomToken();
  const [row] = await query<{ expires_at: Date | string }>(
    `select private.start_session($1, $2, $3, $4, $5) as expires_at`,
    [userId, await sha256Hex(token), counterDeviceId, deviceLabel(c.req.header('user-agent')), c.var.deps.config.sessionsPerAccount],
  );
  const maxAge = Math.max(0, Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}
