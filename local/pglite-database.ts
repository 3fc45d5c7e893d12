import type { PGlite } from '@electric-sql/pglite';
import { claimsSetupParams, claimsSetupSql, type Database } from '../supabase/functions/api/db/database.ts';

/** The API's database port on embedded PGlite: one connection, transactions run one at a time. */
export function pgliteDatabase(pg: PGlite): Database {
  return {
    transaction(claims, work) {
      return pg.transaction(async (tx) => {
        await tx.query(claimsSetupSql, claimsSetupParams(claims));
        return work(async (text, params = []) => (await tx.query(text, params as unknown[])).rows as never);
      });
    },
    open(first, params) {
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
