import postgres from 'postgres';
import { claimsSetupParams, claimsSetupSql, type Database } from './database.ts';

/**
 * Database on a Postgres server through postgres.js. `prepare: false` because Supabase's
 * transaction pooler allows no prepared statements; claims use set_config(..., true) per transaction.
 */
export function postgresDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, { prepare: false, max: options.max ?? 10, onnotice: () => {} });
  return {
    transaction(claims, work) {
      return sql.begin(async (tx) => {
        await tx.unsafe(claimsSetupSql, claimsSetupParams(claims));
        // deno-lint-ignore no-explicit-any
        return work((text, params = []) => tx.unsafe(text, params as any[]) as any);
      }) as ReturnType<typeof work>;
    },
    async open(first, params) {
      const reserved = await sql.reserve();
      // deno-lint-ignore no-explicit-any
      const query = (text: string, args: readonly unknown[] = []) => reserved.unsafe(text, args as any[]) as any;
      try {
        // Pipelined: BEGIN and the first statement leave in one write, one round trip.
        const begun = reserved.unsafe('begin');
        const rows = query(first, params);
        await begun;
        const result = { rows: await rows, query, end: async (commit: boolean) => {
          try { await reserved.unsafe(commit ? 'commit' : 'rollback'); } finally { reserved.release(); }
        } };
        return result;
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
