import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Role } from '../../_shared/constants.ts';
import {
  endRequestTx, WROTE_AT_COOKIE, type AppContext, type AppEnv, type AuthUser, type RequestTransaction,
} from './context.ts';
import { anonClaims, claimsSetupParams, claimsSetupSql, type Query, type Statement } from '../db/database.ts';
import { COUNTER_DEVICE_HEADER, counterDeviceKey } from '../limits/index.ts';
import { createSession, openSessionTransaction } from '../sessions/index.ts';
import { deviceLabel } from './device-label.ts';
import { forbidden, unauthorized } from './http-error.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';

export const SESSION_COOKIE = 'pl_session';

const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
/** Whether the API's cookies go out Secure: everywhere but plain-http localhost, where browsers would drop them. */
export function secureCookies(c: AppContext): boolean {
  const url = new URL(c.req.url);
  return url.protocol === 'https:' || !isLocalHost(url.hostname);
}

/**
 * A statement a route will send first, known from the request alone (method, path, query), so it
 * can leave with the session lookup: the whole request in one round trip (decision 130). Returns
 * null when it cannot tell (bad input: the route answers that as usual). The statement runs with
 * the claims the lookup set, whoever the caller is; the route still checks the caller first, then
 * takes the answer from the request context with `aheadRows` (context.ts): built once, never matched.
 */
export interface AheadStatement {
  method: string;
  path: string;
  statement(c: AppContext): Statement | null;
  /** Also for requests without a session cookie (run as anon): only for what visitors may read. */
  forVisitors?: boolean;
}

/**
 * Resolves the session cookie to a user (or null) once per request. With a cookie, the lookup is
 * the first statement of the request's one transaction (it also sets the claims), which the
 * route's first userTx continues; every other transaction of the request ends it first (the
 * request's `deps.db` does that), so no request waits on itself for a second connection.
 */
export function sessionLoader(aheadStatements: readonly AheadStatement[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const deps = c.var.deps;
    const found = aheadStatements.find((a) => a.method === c.req.method && a.path === c.req.path);
    c.set('sentAhead', null);
    c.set('requestTx', null);
    if (!token) {
      c.set('user', null);
      // A visitor's statement sent ahead runs as anon, in the same one round trip; on the replica when there is
      // one (what visitors may read lags the primary harmlessly; decision 181).
      const ahead = found?.forVisitors ? found.statement(c) : null;
      const target = deps.readDb ?? deps.db;
      if (ahead) c.set('sentAhead', (await target.open(claimsSetupSql, claimsSetupParams(anonClaims), ahead)).ahead ?? null);
      return next();
    }
    const ahead = found?.statement(c) ?? undefined;
    const tokenHash = await sha256Hex(token);
    const { user, tx } = await openSessionTransaction(deps.db, tokenHash, ahead);
    c.set('user', user);
    // Sent ahead: the transaction is over and its answer goes to the route through the context.
    if (tx.ahead) {
      c.set('sentAhead', tx.ahead);
      return next();
    }
    const pinned: RequestTransaction = { tx, state: 'idle' };
    c.set('requestTx', pinned);
    c.set('deps', {
      ...deps,
      db: {
        ...deps.db,
        transaction: async (claims, work) => {
          await endRequestTx(pinned);
          return deps.db.transaction(claims, work);
        },
        open: deps.db.open,
        close: deps.db.close,
      },
    });
    try {
      await next();
    } finally {
      await endRequestTx(pinned);
    }
    await rememberWrite(c, deps);
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long reads check the replica against the caller's last write: longer than any lag worth serving. */
const WROTE_AT_SECONDS = 300;

/**
 * With a replica: after a signed-in caller's successful write, the primary's WAL position goes in a cookie, so
 * the caller's reads on the replica wait for nothing and miss nothing: readTx reads on the primary until the
 * replica has replayed that far (decision 181). One short statement, only on writes, only with a replica.
 */
async function rememberWrite(c: AppContext, deps: AppEnv['Variables']['deps']) {
  if (!deps.readDb || !deps.db.walPosition || READ_METHODS.has(c.req.method) || c.res.status >= 400) return;
  // The write is committed: a failure here must not turn its answer into an error. Without the cookie, the caller's
  // next replica read may lag their write by the replica's delay, nothing worse.
  const position = await deps.db.walPosition().catch(() => null);
  if (!position) return;
  setCookie(c, WROTE_AT_COOKIE, position, {
    path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: WROTE_AT_SECONDS, secure: secureCookies(c),
  });
}

/** Who may work a counter: the owner, or the business's staff (decision 166). Every other merchant route is MERCHANT only. */
export const COUNTER_ROLES: readonly Role[] = ['MERCHANT', 'STAFF'];

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

// ---------------------------------------------------------------- the session and counter-device cookies
// The API's cookies (decision 177): the session cookie and the paired counter tablet's device cookie. Reading and
// setting them is HTTP, so it lives here; what a token means is the domain's (sessions/sessions.ts, staff/staff.ts),
// which only ever sees the token or its hash. Pairing a tablet and switching staff on it are staff/router.ts's.
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

/** The sha-256 of this request's paired-tablet token (its cookie), or null: where a counter check happens (issue 40). */
export const pairedDeviceHashOf = async (c: AppContext): Promise<string | null> => {
  const token = getCookie(c, COUNTER_DEVICE_COOKIE);
  return token ? sha256Hex(token) : null;
};

/** The counter's limiter key for this request: its paired-device cookie, else its X-Counter-Device header. */
export const counterDeviceKeyOf = (c: AppContext): Promise<string> =>
  counterDeviceKey(getCookie(c, COUNTER_DEVICE_COOKIE), c.req.header(COUNTER_DEVICE_HEADER));
