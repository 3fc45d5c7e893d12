// Live deal changes on city topics are coalesced per city (decision 180): the triggers send the first change of a
// quiet city at once; this sends one message for each city whose later changes waited past the window.
import { type Database, serviceClaims } from '../db/database.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';

/** Sends the waiting deal_changed messages; returns how many cities were told. */
export async function flushCityChanges(db: Database): Promise<number> {
  return db.transaction(serviceClaims, async (q) => (await q<{ sent: number }>(`select private.flush_city_changes() as sent`))[0]!.sent);
}

/**
 * The open-states job (decision 212): the kept open-now answers that expired, and those of locations without one,
 * computed again, `batch` at a time until none is left (hosted: Supabase Cron runs the SQL every minute). Returns how
 * many were written.
 */
export async function refreshOpenStates(db: Database, batch = 5000, maxBatches = 10): Promise<number> {
  let written = 0;
  for (let i = 0; i < maxBatches; i++) {
    const count = await db.transaction(serviceClaims, async (q) =>
      (await q<{ written: number }>(`select private.refresh_location_open_states(now(), $1) as written`, [batch]))[0]!.written);
    written += count;
    if (count < batch) break;
  }
  return written;
}

/** The local runner's open-states job: once at start (cards read kept answers from the first request), then every
 * `intervalMs`, noted under the hosted Cron job's name. Returns its stop. */
export function startOpenStatesLoop(db: Database, intervalMs = 60_000, jobs?: JobRuns): () => void {
  return everyInterval('open-states', intervalMs, () => refreshOpenStates(db), jobs, { atStart: true });
}
