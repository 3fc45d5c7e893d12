import type { PGlite } from '@electric-sql/pglite';
import {
  claimsSetupParams, claimsSetupSql, endedQuery, type AheadResult, type Database,
} from '../supabase/functions/api/db/database.ts';

/**
 * Turns at PGlite's one connection: first come, first served, and the event loop goes round between two turns
 * (decision 203). PGlite runs SQL on this thread, and its own lock hands the connection to the next transaction
 * in a microtask: a backlog of transactions then runs in one go without Node polling its sockets once. Node
 * accepts one waiting connection per poll, so under load the members already connected were served round after
 * round while a member connecting waited many rounds. Handing over in a macrotask (setImmediate) lets every
 * poll in between accept, read and queue what arrived, in order.
 */
export function fairTurns() {
  const waiting: (() => void)[] = [];
  let held = false;
  const handOver = () => {
    const next = waiting.shift();
    if (next) next();
    else held = false;
  };
  /** Waits for this caller's turn; the function it resolves to ends the turn (once). */
  return function turn(): Promise<() => void> {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      setImmediate(handOver);
    };
    if (!held) {
      held = true;
      return Promise.resolve(end);
    }
    return new Promise((resolve) => waiting.push(() => resolve(end)));
  };
}

/** The API's database port on embedded PGlite: one connection, transactions run one at a time, in turns. */
export function pgliteDatabase(pg: PGlite): Database {
  const turn = fairTurns();
  return {
    async transaction(claims, work) {
      const end = await turn();
      try {
        return await pg.transaction(async (tx) => {
          await tx.query(claimsSetupSql, claimsSetupParams(claims));
          return await work(async (text, params = []) => (await tx.query(text, params as unknown[])).rows as never);
        });
      } finally {
        end();
      }
    },
    async open(first, params, ahead) {
      const end = await turn();
      if (ahead) {
        // The whole request in one go: the lookup, the statement sent ahead, COMMIT (or ROLLBACK
        // after its error), without holding the one connection between awaits of the request.
        let result: AheadResult = { rows: [] };
        try {
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
        } finally {
          end();
        }
      }
      // PGlite has one connection: the open transaction holds it, and the turn (other requests queue), until end().
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
        done.catch((error) => { if (!opened) reject(error); }).finally(end);
      });
    },
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: () => pg.close(),
  };
}
