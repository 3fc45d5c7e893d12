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
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: () => pg.close(),
  };
}
