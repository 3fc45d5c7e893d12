import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Role } from '../../_shared/constants.ts';
import type { AppContext, AppEnv, AuthUser } from '../context.ts';
import { serviceClaims, type Database } from '../db/database.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { sha256Hex } from '../lib/tokens.ts';

export const SESSION_COOKIE = 'pl_session';

/**
 * The user a session token belongs to, or null when it is unknown or expired. Shared by the
 * session middleware and the local runner's realtime stream, which must authenticate the same way.
 */
export async function findSessionUser(db: Database, token: string): Promise<AuthUser | null> {
  const tokenHash = await sha256Hex(token);
  const [row] = await db.transaction(serviceClaims, (q) =>
    q<{ id: string; email: string; role: Role }>(
      `select p.id, p.email, p.role
         from private.sessions s join public.profiles p on p.id = s.user_id
        where s.token_hash = $1 and s.expires_at > now()`,
      [tokenHash],
    ),
  );
  return row ? { ...row, sessionTokenHash: tokenHash } : null;
}

/** Resolves the session cookie to a user (or null) once per request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  c.set('user', token ? await findSessionUser(c.var.deps.db, token) : null);
  await next();
};

export function requireUser(c: AppContext, ...roles: Role[]): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (roles.length > 0 && !roles.includes(user.role)) throw forbidden('Your account cannot do that');
  return user;
}

/** The admin rule (docs/spec.md section 6): role ADMIN and the one designated admin account. */
export function requireAdmin(c: AppContext): AuthUser {
  const user = requireUser(c);
  if (user.role !== 'ADMIN' || user.email !== c.var.deps.config.adminEmail) {
    throw forbidden("You don't have permission to access this page.");
  }
  return user;
}
