
// The one database port the API uses. Adapters: postgres.js (Edge Function, any Postgres) and
// PGlite (the embedded default, in local/). Every request's SQL runs inside a transaction as a
// Supabase role with request.jwt.claims set, exactly like Supabase's Data API, so RLS decides.

/** Time limits of every transaction the API opens (PostgreSQL; PGlite ignores them). Decision 175. */
export const TRANSACTION_LIMITS = { statementTimeout: '10s', idleInTransactionTimeout: '15s' } as const;

/**
 * Connections per API instance when DB_POOL_MAX is unset: 2, sized to the pooler's client limit (decision 181). A
 * request holds one connection at a time; the second lets a request run while another's COMMIT is on the wire.
 */
export const DEFAULT_POOL_MAX = 2;

type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface Claims {
  role: DbRole;
  sub?: string;
  email?: string;
}

type Row = Record<string, unknown>;
export type Query = <T = Row>(text: string, params?: readonly unknown[]) => Promise<T[]>;

/** One statement and its parameters. */
export interface Statement {
  text: string;
  params: readonly unknown[];
}

/** Runs one statement built elsewhere (a route's AheadStatement when nothing was sent ahead: context.ts aheadRows). */
export const runStatement = <R>(query: Query, { text, params }: Statement): Promise<R[]> => query<R>(text, params);

/** What a statement sent ahead (`Database.open`'s third argument) answered: its rows, or its error. */
export type AheadResult = { rows: Row[] } | { error: unknown };

/** A transaction left open by `Database.open` (one connection held until `end`). */
export interface OpenTransaction<R> {
  /** The rows of the statement the transaction was opened with. */
  rows: R[];
  query: Query;
  /** Commits (true) or rolls back (false) and gives the connection back. */
  end(commit: boolean): Promise<void>;
  /**
   * With a statement sent ahead: what it answered. The transaction is then already over (committed,
   * or rolled back by the error) and `query` answers only that statement (decision 130).
   */
  ahead?: AheadResult;
}

export interface Database {
  /** Runs `work` in one transaction as `claims.role`; rolls back if it throws. */
  transaction<T>(claims: Claims, work: (query: Query) => Promise<T>): Promise<T>;
  /**
   * Begins a transaction whose first statement is `first` (sent in the same round trip as BEGIN)
   * and leaves it open: the session middleware opens each signed-in request's transaction with the
   * session lookup, which also sets the role and claims (sessions/sessions.ts `openSessionTransaction`).
   * With `ahead`, that statement and COMMIT leave in the same round trip, so a request whose one
   * statement is known before routing (GET /api/deals) costs one round trip in all (decision 130).
   */
  open<R = Row>(first: string, params: readonly unknown[], ahead?: Statement): Promise<OpenTransaction<R>>;
  /**
   * A read-only transaction on a streaming replica (decision 181): the first statement leaves with BEGIN and the
   * claims in one round trip. With `atLeast` (a primary WAL position the caller wrote at), the replica first tells
   * whether it has replayed that far, in that same round trip; when it has not, this throws `ReplicaBehind` and
   * the caller reads on the primary. Only a replica's adapter has it.
   */
  read?<T>(claims: Claims, work: (query: Query) => Promise<T>, atLeast?: string): Promise<T>;
  /** The primary's current WAL position (pg_current_wal_lsn), after a write that later reads must see. */
  walPosition?(): Promise<string>;
  /** Subscribes to NOTIFY on a channel (embedded realtime). */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Sets the role, the claims and the time limits for the rest of the transaction (set_config(..., true) = SET
 * LOCAL). The limits are per transaction because a role's own settings do not apply after set_config('role')
 * (decision 175); the session lookup (private.session_claims) sets the same ones.
 */
export const claimsSetupSql =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), " +
  `set_config('statement_timeout', '${TRANSACTION_LIMITS.statementTimeout}', true), ` +
  `set_config('idle_in_transaction_session_timeout', '${TRANSACTION_LIMITS.idleInTransactionTimeout}', true)`;

export const claimsSetupParams = (claims: Claims): [string, string] => [claims.role, JSON.stringify(claims)];

export const serviceClaims: Claims = { role: 'service_role' };
export const anonClaims: Claims = { role: 'anon' };

/**
 * The query function of a transaction that already ran its one statement ahead: the transaction is over.
 * Its answer is `OpenTransaction.ahead`, which the session middleware hands to the route through the
 * request context (`c.var.sentAhead`, read with `aheadRows` in context.ts; decision 179): nothing runs here.
 */
export const endedQuery: Query = (async () => {
  throw new Error('This request\'s transaction ended with the statement sent ahead; its answer is c.var.sentAhead (aheadRows), and other statements need a transaction of their own');
}) as Query;

/** A replica has not yet replayed the caller's last write (`Database.read` with `atLeast`): read on the primary. */
export class ReplicaBehind extends Error {
  constructor() {
    super('The read replica has not replayed this caller\'s last write yet');
    this.name = 'ReplicaBehind';
  }
}

/** A WAL position as PostgreSQL prints it (pg_lsn: two hex numbers); anything else in a cookie is ignored. */
export const isWalPosition = (value: string | undefined): value is string => !!value && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(value);

// ---------------------------------------------------------------- timestamps in answers
/** Timestamps come back as Date (postgres.js, PGlite) or text; answers carry ISO 8601 strings. */
export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(value as string)).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

// ---------------------------------------------------------------- SQL literals (decision 130)
// SQL text with its values written in as literals, for statements that must leave in the same
// round trip as others (decision 130). postgres.js, with `prepare: false` (the transaction
// pooler), first asks the server to describe every statement that has bind parameters: one more
// round trip each, which also stops it from sending the next statement before the answer. A
// statement without parameters goes as one simple-protocol message and several of them leave in
// one write.
/**
 * One value as an SQL literal of unknown type, like an untyped bind parameter: `E'...'` (escapes
 * interpreted the same whatever standard_conforming_strings says), `null`, or a number or boolean
 * in quotes. Anything else (objects, arrays, dates, bytes) is refused: pass those as parameters.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('sqlLiteral: a number must be finite');
    return `'${value}'`;
  }
  if (typeof value === 'boolean') return value ? `'true'` : `'false'`;
  if (typeof value !== 'string') throw new TypeError(`sqlLiteral: cannot write a ${typeof value} as a literal`);
  if (value.includes('\0')) throw new TypeError('sqlLiteral: text cannot hold NUL');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * `text` with $1..$n replaced by the literals of `params`. Only for statements whose text holds no
 * other `$<digits>` (no dollar-quoted bodies): the statements of this API's pipelined requests.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (whole, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`inlineParams: no value for ${whole}`);
    return sqlLiteral(params[index]);
  });
}
