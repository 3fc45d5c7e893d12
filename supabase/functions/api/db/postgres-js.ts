import postgres from 'postgres';
import { answeredQuery, claimsSetupParams, claimsSetupSql, type AheadResult, type Database } from './database.ts';
import { inlineParams } from './sql-literal.ts';

/**
 * Database on a Postgres server through postgres.js. `prepare: false` because Supabase's
 * transaction pooler allows no prepared statements; claims use set_config(..., true) per transaction.
 */
export function postgresDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, { prepare: false, max: options.max ?? 10, onnotice: () => {} });
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
      // deno-lint-ignore no-explicit-any
      const query = (text: string, args: readonly unknown[] = []) => reserved.unsafe(text, args as any[]) as any;
      // Statements without bind parameters go as simple-protocol messages (no describe round trip,
      // sql-literal.ts); issued in one tick, postgres.js writes them together: one round trip.
      const send = (text: string) => {
        const pending = reserved.unsafe(text).execute();
        pending.catch(() => {}); // awaited below; never an unhandled rejection
        return pending;
      };
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
        if (!ahead || !sentAhead || !committed) {
          return { rows: opened as unknown as never[], query, end: async (commit: boolean) => {
            try { await reserved.unsafe(commit ? 'commit' : 'rollback'); } finally { reserved.release(); }
          } };
        }
        // After an error, COMMIT ends the transaction as ROLLBACK does (no error of its own).
        let result: AheadResult;
        try { result = { rows: await sentAhead }; } catch (error) { result = { error }; }
        await committed;
        reserved.release();
        return { rows: opened as unknown as never[], query: answeredQuery(ahead, result), end: async () => {}, ahead: result };
      } catch (error) {
        await reserved.unsafe('rollback').catch(() => {});
        reserved.release();
        throw error;
      }
    },
    async listen(channel, onPayload) {
      const { unlisten } = await sql.listen(channel, onPayload);
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
