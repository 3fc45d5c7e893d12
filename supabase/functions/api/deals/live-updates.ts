// Live deal changes on city topics are coalesced per city (decision 180): the triggers send the first change of a
// quiet city at once; this sends one message for each city whose later changes waited past the window.
import { type Database, serviceClaims } from '../db/database.ts';

/** Sends the waiting deal_changed messages; returns how many cities were told. */
export async function flushCityChanges(db: Database): Promise<number> {
  return db.transaction(serviceClaims, async (q) => (await q<{ sent: number }>(`select private.flush_city_changes() as sent`))[0]!.sent);
}
