import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Role } from '../../_shared/constants.ts';
import type { AppContext, AppEnv, AuthUser } from '../context.ts';
import { serviceTx } from '../context.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { sha256Hex } from '../lib/tokens.ts';

export const SESSION_COOKIE = 'pl_session';

/** Resolves the session cookie to a user (or null) once per request. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const tokenHash = await sha256Hex(token);
    const [row] = await serviceTx(c, (q) =>
      q<{ id: string; email: string; role: Role }>(
        `select p.id, p.email, p.role
           from private.sessions s join public.profiles p on p.id = s.user_id
          where s.token_hash = $1 and s.expires_at > now()`,
        [tokenHash],
      ),
    );
    if (row) c.set('user', { ...row, sessionTokenHash: tokenHash });
  }
  await next();
};

export function requireUser(c: AppContext, ...roles: Role[]): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (roles.length > 0 && !roles.includes(user.role)) throw forbidden('Your account cannot do that');
  return user;
}

/** The admin rule (spec section 6): role ADMIN and the one designated admin account. */
export function requireAdmin(c: AppContext): AuthUser {
  const user = requireUser(c);
  if (user.role !== 'ADMIN' || user.email !== c.var.deps.config.adminEmail) {
    throw forbidden("You don't have permission to access this page.");
  }
  return user;
}
