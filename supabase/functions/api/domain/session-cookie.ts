import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../context.ts';
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

/** Creates a session row (hash only) inside the caller's service_role transaction and sets the cookie. */
export async function startSession(c: AppContext, query: Query, userId: string): Promise<void> {
  const token = randomToken();
  const ttlDays = c.var.deps.config.sessionTtlDays;
  await query(
    `insert into private.sessions (user_id, token_hash, expires_at)
     values ($1, $2, now() + make_interval(days => $3::int))`,
    [userId, await sha256Hex(token), ttlDays],
  );
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: ttlDays * 86400 });
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}
