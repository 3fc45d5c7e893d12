import type { PGlite } from '@electric-sql/pglite';
import {
  claimsSetupParams, claimsSetupSql, endedQuery, type AheadResult, type Database,
} from '../supabase/functions/api/db/database.ts';

/** The API's database port on embedded PGlite: one connection, transactions run one at a time. */
export function pgliteDatabase(pg: PGlite): Database {
  return {
    transaction(claims, work) {
      return pg.transaction(async (tx) => {
        await tx.query(claimsSetupSql, claimsSetupParams(claims));
        return work(async (text, params = []) => (await tx.query(text, params as unknown[])).rows as never);
      });
    },
    async open(first, params, ahead) {
      if (ahead) {
        // The whole request in one go: the lookup, the statement sent ahead, COMMIT (or ROLLBACK
        // after its error), without holding the one connection between awaits of the request.
        let result: AheadResult = { rows: [] };
        const rows = await pg.transaction(async (tx) => {
          // The lookup may refresh the session's last use (decision 176); then read only: the statement ahead
          // is sent before the route looked at the caller.
          const opened = (await tx.query(first, params as unknown[])).rows as never[];
          await tx.query('set transaction read only');
          try {
            result = { rows: (await tx.query(ahead.text, ahead.params as unknown[])).rows as never[] };
          } catch (error) {
            result = { error };
            await tx.rollback();
          }
          return opened;
        });
        return { rows, query: endedQuery, end: async () => {}, ahead: result };
      }
      // PGlite has one connection: the open transaction holds it (other requests queue) until end().
      return new Promise((resolve, reject) => {
        let finish!: (commit: boolean) => void;
        const finished = new Promise<boolean>((r) => { finish = r; });
        let opened = false;
        const done = pg.transaction(async (tx) => {
          const rows = (await tx.query(first, params as unknown[])).rows as never[];
          opened = true;
          resolve({
            rows,
            query: async (text, args = []) => (await tx.query(text, args as unknown[])).rows as never,
            end: async (commit) => { finish(commit); await done.catch(() => {}); },
          });
          if (!(await finished)) await tx.rollback();
        });
        done.catch((error) => { if (!opened) reject(error); });
      });
    },
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: () => pg.close(),
  };
}
