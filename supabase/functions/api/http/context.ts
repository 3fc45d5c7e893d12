import type { Context } from 'hono';
import type { AppConfig } from '../config.ts';
import type { AuthUser, Services } from '../services.ts';
import { clientIp } from './request-guards.ts';
import type { RealtimePort } from '../ports/realtime/realtime-port.ts';
import type { ObjectStore } from '../ports/objects/object-store.ts';
import type { PaymentProvider } from '../ports/payments/payment-provider.ts';
import type { MailPort } from '../ports/mail/mail-port.ts';
import type { PushPort } from '../ports/push/push-port.ts';
import type { GoogleWallet } from '../ports/wallet/google-wallet.ts';
import type { AppleWallet } from '../ports/wallet/apple-wallet.ts';
import type { RequestLog } from '../ports/log.ts';
import type { SystemMonitor } from '../system/index.ts';
import { getCookie } from 'hono/cookie';
import {
  anonClaims, ReplicaBehind, runStatement, serviceClaims, type AheadResult, type Claims, type Database, type OpenTransaction, type Query, type Statement,
} from '../db/database.ts';

/** Everything the app needs from the outside world; adapters are chosen in adapters.ts. */
export interface AppDeps {
  db: Database;
  /**
   * A streaming replica (DATABASE_READ_URL) for the reads that may lag the primary by a moment: insights, impact,
   * a visitor's browse, business search, the admin's figures (readTx; decision 181). Unset: they run on `db`.
   */
  readDb?: Database;
  config: AppConfig;
  realtime: RealtimePort;
  payments: PaymentProvider;
  objects: ObjectStore;
  mail: MailPort;
  /** Web Push sender (decision 110). */
  push: PushPort;
  /** Google Wallet's API (decision 207); absent: the offer is not configured. */
  googleWallet?: GoogleWallet;
  /** Apple Wallet's pass signer (decision 207); absent: the offer is not configured. */
  appleWallet?: AppleWallet;
  /** Where the one line per request goes (ports/log.ts). */
  requestLog: RequestLog;
  /** This process's request figures and loop runs for the operator's console (system/, decision 195). */
  monitor: SystemMonitor;
}

export type { AuthUser } from '../services.ts';

/**
 * A signed-in request's transaction, opened by the session middleware with the session lookup
 * (which set the caller's claims). The request's first userTx runs in it; any other transaction
 * first ends it while it is idle, so a request never holds two connections.
 */
export interface RequestTransaction {
  tx: OpenTransaction<unknown>;
  state: 'idle' | 'busy' | 'ended';
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** This request's X-Request-Id (http/request-guards.ts, requestLogging): in its log line and its logged errors. */
    requestId: string;
    user: AuthUser | null;
    requestTx: RequestTransaction | null;
    /**
     * The answer of the route's one statement, sent ahead with the session lookup (decision 130): built once,
     * by the route's AheadStatement, in the session middleware; the handler takes it with `aheadRows`.
     */
    sentAhead: AheadResult | null;
  };
};

export type AppContext = Context<AppEnv>;

const claimsFor = (user: AuthUser | null): Claims =>
  user ? { role: 'authenticated', sub: user.id, email: user.email } : anonClaims;

/** Ends the request's transaction if it is open and idle (commits: it has only read so far). */
export async function endRequestTx(pinned: RequestTransaction | null | undefined): Promise<void> {
  if (!pinned || pinned.state !== 'idle') return;
  pinned.state = 'ended';
  await pinned.tx.end(true);
}

/**
 * SQL as the caller: RLS decides what it may see and change. The request's first call runs in
 * the transaction the session lookup opened (same claims: the caller's, or anon); later calls
 * open their own.
 */
export async function userTx<T>(c: AppContext, work: (query: Query) => Promise<T>): Promise<T> {
  const pinned = c.var.requestTx;
  if (pinned?.state === 'idle') {
    pinned.state = 'busy';
    let result: T;
    try {
      result = await work(pinned.tx.query);
    } catch (error) {
      pinned.state = 'ended';
      await pinned.tx.end(false);
      throw error;
    }
    pinned.state = 'ended';
    await pinned.tx.end(true);
    return result;
  }
  return c.var.deps.db.transaction(claimsFor(c.var.user), work);
}

/** The cookie holding the primary's WAL position after the caller's last write (decision 181). */
export const WROTE_AT_COOKIE = 'pl_wrote_at';

/**
 * A read that may be served by the replica (deps.readDb), as the caller: the session was looked up on the primary;
 * its transaction commits while the replica answers (no round trip added). When the caller wrote recently
 * (WROTE_AT_COOKIE) and the replica has not replayed that far, the read runs on the primary instead, so a caller
 * always sees their own writes. `work` must only read: it may run twice (replica behind, then primary).
 * Without a replica this is userTx.
 */
export async function readTx<T>(c: AppContext, work: (query: Query) => Promise<T>): Promise<T> {
  const replica = c.var.deps.readDb;
  if (!replica?.read) return userTx(c, work);
  const ending = endRequestTx(c.var.requestTx);
  ending.catch(() => {}); // awaited below
  try {
    return await replica.read(claimsFor(c.var.user), work, getCookie(c, WROTE_AT_COOKIE));
  } catch (error) {
    // Behind the caller's write, or the replica cancelled the read for a WAL record it had to replay (a recovery
    // conflict, 40001: a read-only replica transaction has no other serialization failure): read on the primary.
    if (!(error instanceof ReplicaBehind) && (error as { code?: unknown })?.code !== '40001') throw error;
    return await c.var.deps.db.transaction(claimsFor(c.var.user), work);
  } finally {
    await ending;
  }
}

/**
 * The rows of a route's one statement (decision 179). When the session middleware sent it ahead with the
 * session lookup, its answer waits in the request context and is handed over as it is (an error it met is
 * thrown here, as if it had just run): the statement was built once, from the request, by the route's
 * AheadStatement. Otherwise (no session cookie, or input the AheadStatement could not read) `build` makes it
 * now and it runs as the caller, in the request's transaction, or with `read`, through readTx (the replica when
 * there is one; such a route's AheadStatement sends nothing ahead then: see sendAheadUnlessReplica).
 */
export async function aheadRows<R>(c: AppContext, build: () => Statement, read = false): Promise<R[]> {
  const sent = c.var.sentAhead;
  if (sent) {
    c.set('sentAhead', null); // taken once
    if ('error' in sent) throw sent.error;
    return sent.rows as R[];
  }
  const statement = build();
  return (read ? readTx : userTx)(c, (q) => runStatement<R>(q, statement));
}

/**
 * For a read that belongs on the replica (readTx): sent ahead with the session lookup, on the primary, only when
 * there is no replica. With one, the read stays there (decision 181) and costs the lookup's round trip plus its own.
 */
export const sendAheadUnlessReplica = (c: AppContext, build: () => Statement | null): Statement | null =>
  c.var.deps.readDb ? null : build();

/** SQL as service_role: only for the auth layer and server-verified writes (payments). */
export const serviceTx = <T>(c: AppContext, work: (query: Query) => Promise<T>) =>
  c.var.deps.db.transaction(serviceClaims, work);

/** Base of links in mail: from configuration only (SITE_URL, else http://localhost:PORT), never a request header. */
export const siteUrlOf = (c: AppContext) => c.var.deps.config.linkOrigin;

/**
 * What the domain gets from this request (services.ts): its transactions (userTx and serviceTx, called when the
 * domain runs them, so the request's own transaction is still taken first), the adapters, the config, the caller.
 */
export function servicesOf(c: AppContext): Services {
  const { deps } = c.var;
  return {
    tx: { asCaller: (work) => userTx(c, work), asService: (work) => serviceTx(c, work) },
    db: deps.db,
    config: deps.config,
    payments: deps.payments,
    objects: deps.objects,
    googleWallet: deps.googleWallet ?? null,
    appleWallet: deps.appleWallet ?? null,
    siteUrl: siteUrlOf(c),
    user: c.var.user,
    get ip() {
      return clientIp(c);
    },
  };
}
