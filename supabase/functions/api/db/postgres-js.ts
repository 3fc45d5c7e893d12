import postgres from 'postgres';
import {
  claimsSetupParams, claimsSetupSql, DEFAULT_POOL_MAX, endedQuery, isWalPosition, ReplicaBehind, type AheadResult, type Database,
  type OpenTransaction, type Query,
} from './database.ts';
import { inlineParams } from './database.ts';

/**
 * Ends a reserved transaction idle for this long ourselves, before the server's idle_in_transaction_session_timeout
 * (TRANSACTION_LIMITS, 15 s) closes its connection: postgres.js 3.4 crashes the process on a write to a reserved
 * connection the server closed (its socket is gone), where sql.begin() answers CONNECTION_CLOSED. Decision 175.
 */
const RESERVED_IDLE_LIMIT_MS = 12_000;
export const HELD_TOO_LONG_MESSAGE = 'This request\'s transaction was idle too long and was rolled back';

type Reserved = Awaited<ReturnType<ReturnType<typeof postgres>['reserve']>>;

/**
 * Sends a statement without bind parameters on a reserved connection as a simple-protocol message (no describe round
 * trip, sqlLiteral in database.ts); statements sent in one tick, postgres.js writes together: one round trip. Await the answers.
 */
const sender = (reserved: Reserved) => (text: string) => {
  const pending = reserved.unsafe(text).execute();
  pending.catch(() => {}); // awaited by the caller; never an unhandled rejection
  return pending;
};

function heldOpen<R>(reserved: Reserved, rows: R[], idleLimitMs = RESERVED_IDLE_LIMIT_MS): OpenTransaction<R> {
  let state: 'open' | 'busy' | 'ended' = 'open';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = async (commit: boolean) => {
    clearTimeout(timer);
    if (state === 'ended') return;
    state = 'ended';
    try { await reserved.unsafe(commit ? 'commit' : 'rollback'); } finally { reserved.release(); }
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => { if (state === 'open') finish(false).catch(() => {}); }, idleLimitMs);
  };
  arm();
  return {
    rows,
    query: (async (text: string, args: readonly unknown[] = []) => {
      if (state === 'ended') throw new Error(HELD_TOO_LONG_MESSAGE);
      state = 'busy';
      clearTimeout(timer);
      try {
        // deno-lint-ignore no-explicit-any
        return await reserved.unsafe(text, args as any[]);
      } finally {
        if (state === 'busy') { state = 'open'; arm(); }
      }
    }) as Query,
    end: finish,
  };
}

/**
 * Database on a Postgres server through postgres.js. `prepare: false` because Supabase's
 * transaction pooler allows no prepared statements; claims use set_config(..., true) per transaction.
 */
export function postgresDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, { prepare: false, max: options.max ?? DEFAULT_POOL_MAX, onnotice: () => {} });
  return {
    transaction(claims, work) {
      return sql.begin(async (tx) => {
        await tx.unsafe(inlineParams(claimsSetupSql, claimsSetupParams(claims))); // no describe round trip
        // deno-lint-ignore no-explicit-any
        return work((text, params = []) => tx.unsafe(text, params as any[]) as any);
      }) as ReturnType<typeof work>;
    },
    async open(first, params, ahead) {
      const reserved = await sql.reserve();
      const send = sender(reserved);
      try {
        // Sent ahead = read before the route looked at the caller: read only after the session lookup, which
        // may refresh the session's last use (decision 176). Still one round trip: all sent in one tick.
        const begun = send('begin');
        const rows = send(inlineParams(first, params));
        const readOnly = ahead ? send('set transaction read only') : null;
        const sentAhead = ahead ? send(inlineParams(ahead.text, ahead.params)) : null;
        const committed = ahead ? send('commit') : null;
        await begun;
        const opened = await rows;
        await readOnly;
        if (!ahead || !sentAhead || !committed) return heldOpen(reserved, opened as unknown as never[]);
        // After an error, COMMIT ends the transaction as ROLLBACK does (no error of its own).
        let result: AheadResult;
        try { result = { rows: await sentAhead }; } catch (error) { result = { error }; }
        await committed;
        reserved.release();
        return { rows: opened as unknown as never[], query: endedQuery, end: async () => {}, ahead: result };
      } catch (error) {
        await reserved.unsafe('rollback').catch(() => {});
        reserved.release();
        throw error;
      }
    },
    async read(claims, work, atLeast) {
      const reserved = await sql.reserve();
      const send = sender(reserved);
      let begun = false;
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        try { if (begun) await reserved.unsafe(commit ? 'commit' : 'rollback'); } finally { reserved.release(); }
      };
      const query = (async (text: string, params: readonly unknown[] = []) => {
        if (ended) throw new Error('This read transaction is over');
        const statement = inlineParams(text, params);
        if (begun) return await reserved.unsafe(statement);
        // The first statement leaves with BEGIN, the claims and the replay check: one round trip (sqlLiteral in database.ts).
        begun = true;
        const start = send('begin transaction isolation level repeatable read read only');
        const setup = send(inlineParams(claimsSetupSql, claimsSetupParams(claims)));
        const check = isWalPosition(atLeast)
          ? send(`select coalesce(pg_last_wal_replay_lsn() >= '${atLeast}'::pg_lsn, true) as caught_up`)
          : null;
        const rows = send(statement);
        await start;
        await setup;
        const caughtUp = check ? (await check as unknown as { caught_up: boolean }[])[0].caught_up : true;
        const answer = await rows;
        if (!caughtUp) throw new ReplicaBehind();
        return answer;
      }) as Query;
      try {
        const result = await work(query);
        await end(true);
        return result;
      } catch (error) {
        await end(false).catch(() => {});
        throw error;
      }
    },
    async walPosition() {
      const [row] = await sql.unsafe<{ lsn: string }[]>('select pg_current_wal_lsn()::text as lsn');
      return row.lsn;
    },
    async listen(channel, onPayload) {
      const { unlisten } = await sql.listen(channel, onPayload);
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
