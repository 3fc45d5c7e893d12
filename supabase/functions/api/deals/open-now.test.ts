// The open-now rule (decision 209, private.location_open_state) on one fixture week of hours in Lyons' time
// (America/Denver): interval edges, an interval past midnight, back-to-back intervals read as one, dated exceptions
// (a short day, a closed day), both DST changes of 2026, and a location without published hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { asUser, openTestDatabase } from '../../../../tests/support/test-database.ts';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import type { Query } from '../db/database.ts';

let database: OpenedDatabase;
let placed: string;
let bare: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [first] = await database.admin.query<{ id: string }>(
    `insert into public.business_locations (merchant_id, address) values ($1, '1 Hours Street') returning id`, [SEED.activeMerchantId]);
  const [second] = await database.admin.query<{ id: string }>(
    `insert into public.business_locations (merchant_id, address) values ($1, '2 No Hours Street') returning id`, [SEED.activeMerchantId]);
  placed = first!.id;
  bare = second!.id;
  // Mon–Fri 09:00–18:00; Friday also 20:00–02:00; Saturday 22:00–00:00 running on into Sunday 00:00–03:00; Sunday
  // also 11:00–15:00. Christmas Eve (a Thursday) 09:00–13:00 only; Christmas Day closed.
  await database.admin.query(
    `insert into public.location_hours (location_id, weekday, opens_at, closes_at)
     select $1, w, '09:00', '18:00' from generate_series(1, 5) w
     union all values ($1::uuid, 5, '20:00'::time, '02:00'::time), ($1, 6, '22:00', '00:00'), ($1, 7, '00:00', '03:00'),
                      ($1, 7, '11:00', '15:00')`, [placed]);
  await database.admin.query(
    `insert into public.location_exceptions (location_id, on_date, opens_at, closes_at, note)
     values ($1, '2026-12-24', '09:00', '13:00', 'Christmas Eve'), ($1, '2026-12-25', null, null, 'Christmas Day')`, [placed]);
});
afterAll(() => database.close());

async function openState(location: string, at: string) {
  const rows = await database.admin.query<{ open_now: boolean; changes_at: Date | null; open_text: string }>(
    `select open_now, changes_at, open_text from private.location_open_state($1, $2::timestamptz)`, [location, at]);
  return rows[0] ? { open: rows[0].open_now, text: rows[0].open_text, changesAt: rows[0].changes_at?.toISOString() ?? null } : null;
}

describe('private.location_open_state', () => {
  it.each([
    ['Thursday noon', '2026-11-26T19:00:00Z', true, 'Open now · closes 18:00', '2026-11-27T01:00:00.000Z'],
    ['Thursday 08:59, before opening', '2026-11-26T15:59:00Z', false, 'Opens 09:00', '2026-11-26T16:00:00.000Z'],
    ['Thursday 09:00, the opening minute', '2026-11-26T16:00:00Z', true, 'Open now · closes 18:00', '2026-11-27T01:00:00.000Z'],
    ['Thursday 18:00, the closing minute is closed', '2026-11-27T01:00:00Z', false, 'Opens Fri 09:00', '2026-11-27T16:00:00.000Z'],
    ['Friday 23:30, in an interval passing midnight', '2026-11-28T06:30:00Z', true, 'Open now · closes 02:00', '2026-11-28T09:00:00.000Z'],
    ['Saturday 01:30, Friday\'s interval after midnight', '2026-11-28T08:30:00Z', true, 'Open now · closes 02:00', '2026-11-28T09:00:00.000Z'],
    ['Saturday 02:00, Friday\'s interval over', '2026-11-28T09:00:00Z', false, 'Opens 22:00', '2026-11-29T05:00:00.000Z'],
    ['Saturday 23:00, back-to-back into Sunday', '2026-11-29T06:00:00Z', true, 'Open now · closes 03:00', '2026-11-29T10:00:00.000Z'],
    ['Christmas Eve noon, the short day', '2026-12-24T19:00:00Z', true, 'Open now · closes 13:00', '2026-12-24T20:00:00.000Z'],
    ['Christmas Eve 14:00, Christmas Day closed', '2026-12-24T21:00:00Z', false, 'Opens Sat 22:00', '2026-12-27T05:00:00.000Z'],
    ['Christmas Day', '2026-12-25T17:00:00Z', false, 'Closed today · opens Sat 22:00', '2026-12-27T05:00:00.000Z'],
    ['spring forward: Sunday 01:30 MST', '2026-03-08T08:30:00Z', true, 'Open now · closes 03:00', '2026-03-08T09:00:00.000Z'],
    ['spring forward: 03:00 MDT closes', '2026-03-08T09:00:00Z', false, 'Opens 11:00', '2026-03-08T17:00:00.000Z'],
    ['fall back: Sunday 02:30 MST, an hour longer', '2026-11-01T09:30:00Z', true, 'Open now · closes 03:00', '2026-11-01T10:00:00.000Z'],
    ['fall back: 03:00 MST closes', '2026-11-01T10:00:00Z', false, 'Opens 11:00', '2026-11-01T18:00:00.000Z'],
  ])('%s', async (_name, at, open, text, changesAt) => {
    expect(await openState(placed, at)).toEqual({ open, text, changesAt });
  });

  it('says nothing for a location without published hours', async () => {
    expect(await openState(bare, '2026-11-26T19:00:00Z')).toBeNull();
  });

  it('says "Closed" when a week of exceptions leaves no opening', async () => {
    await database.admin.query(
      `insert into public.location_hours (location_id, weekday, opens_at, closes_at) values ($1, 3, '10:00', '12:00')`, [bare]);
    await database.admin.query(
      `insert into public.location_exceptions (location_id, on_date, note) select $1, d::date, 'Renovation'
         from generate_series('2027-01-05'::date, '2027-01-20'::date, interval '1 day') d`, [bare]);
    expect(await openState(bare, '2027-01-06T18:00:00Z')).toEqual({ open: false, text: 'Closed', changesAt: null });
  });
});

// Decision 212: cards read the rule's answer kept per location (private.location_open_states) while the moment is
// inside its span; anything else is computed by the rule, so the two never differ.
describe('kept open-now answers', () => {
  // Each case starts from no kept answers (a later refresh only replaces what expired, as time runs forward).
  const refresh = async (at: string, fresh = true) => {
    if (fresh) await database.admin.exec(`delete from private.location_open_states`);
    return database.admin.query(`select private.refresh_location_open_states($1::timestamptz, 5000)`, [at]);
  };
  const kept = async (location: string) => (await database.admin.query<{ computed_at: Date; valid_until: Date; open_text: string | null }>(
    `select computed_at, valid_until, open_text from private.location_open_states where location_id = $1`, [location]))[0];
  const live = async (location: string, at: string) => {
    const rows = await database.admin.query<{ open_now: boolean; changes_at: Date | null; open_text: string }>(
      `select open_now, changes_at, open_text from private.locations_open_state_live(array[$1::uuid], $2::timestamptz)`, [location, at]);
    return rows[0] ? { open: rows[0].open_now, text: rows[0].open_text, changesAt: rows[0].changes_at?.toISOString() ?? null } : null;
  };

  it.each([
    '2026-11-26T19:00:00Z', '2026-11-26T15:59:00Z', '2026-11-27T01:00:00Z', '2026-11-28T06:30:00Z', '2026-11-28T09:00:00Z',
    '2026-12-24T21:00:00Z', '2026-12-25T17:00:00Z', '2026-03-08T08:30:00Z', '2026-11-01T09:30:00Z',
  ])('at %s answers as the rule does, from the start of its span to its last second', async (at) => {
    await refresh(at);
    const row = (await kept(placed))!;
    expect(row.computed_at.toISOString()).toBe(new Date(at).toISOString());
    const lastSecond = new Date(row.valid_until.getTime() - 1000).toISOString();
    expect(await openState(placed, at)).toEqual(await live(placed, at));
    expect(await openState(placed, lastSecond)).toEqual(await live(placed, lastSecond));
    // The words hold no longer than the local day ("Opens Tue 11:00" turns into "Opens 11:00" at midnight).
    const localMidnight = (await database.admin.query<{ at: Date }>(
      `select (($1::timestamptz at time zone 'America/Denver')::date + 1)::timestamp at time zone 'America/Denver' as at`, [at]))[0]!.at;
    expect(row.valid_until.getTime()).toBeLessThanOrEqual(localMidnight.getTime());
  });

  it('reads the kept answer inside its span and computes outside it', async () => {
    await refresh('2026-11-26T19:00:00Z');
    // Marked by hand: only a read of the kept row can answer these words.
    await database.admin.query(`update private.location_open_states set open_text = 'Kept words' where location_id = $1`, [placed]);
    expect((await openState(placed, '2026-11-26T19:30:00Z'))!.text).toBe('Kept words');
    expect((await openState(placed, '2026-11-26T18:59:00Z'))!.text).toBe('Open now · closes 18:00');
    expect((await openState(placed, '2026-11-27T01:00:00Z'))!.text).toBe('Opens Fri 09:00');
  });

  it('forgets a location\'s answer when its hours or exceptions change, and the next read has the new hours', async () => {
    await refresh('2026-11-26T19:00:00Z');
    expect(await kept(placed)).toBeDefined();
    await database.admin.query(
      `insert into public.location_exceptions (location_id, on_date, note) values ($1, '2026-11-26', 'Closed for a funeral')`, [placed]);
    expect(await kept(placed)).toBeUndefined();
    expect((await openState(placed, '2026-11-26T19:30:00Z'))!.text).toBe('Closed today · opens Fri 09:00');
    await database.admin.query(`delete from public.location_exceptions where location_id = $1 and on_date = '2026-11-26'`, [placed]);
    await refresh('2026-11-26T19:00:00Z');
    await database.admin.query(`update public.location_hours set closes_at = '17:00' where location_id = $1 and weekday = 4 and opens_at = '09:00'`, [placed]);
    expect(await kept(placed)).toBeUndefined();
    expect((await openState(placed, '2026-11-26T19:30:00Z'))!.text).toBe('Open now · closes 17:00');
    await database.admin.query(`update public.location_hours set closes_at = '18:00' where location_id = $1 and weekday = 4 and opens_at = '09:00'`, [placed]);
  });

  it('keeps "nothing to say" for a location without hours for an hour, and refreshes what expired', async () => {
    const [none] = await database.admin.query<{ id: string }>(
      `insert into public.business_locations (merchant_id, address) values ($1, '3 Quiet Street') returning id`, [SEED.activeMerchantId]);
    const written = (await refresh('2026-11-26T19:00:00Z'))[0] as { refresh_location_open_states: number };
    expect(written.refresh_location_open_states).toBeGreaterThan(0);
    const row = (await kept(none!.id))!;
    expect(row.open_text).toBeNull();
    expect(row.valid_until.toISOString()).toBe('2026-11-26T20:00:00.000Z');
    expect(await openState(none!.id, '2026-11-26T19:30:00Z')).toBeNull();
    // Nothing expired a minute later: nothing written; past the placed location's 18:00, it is computed again.
    expect(((await refresh('2026-11-26T19:01:00Z', false))[0] as { refresh_location_open_states: number }).refresh_location_open_states).toBe(0);
    await refresh('2026-11-27T01:00:00Z', false);
    expect((await kept(placed))!.open_text).toBe('Opens Fri 09:00');
  });

  it('answers nothing of a business that is not approved to a member, even with a kept answer', async () => {
    const [pending] = await database.admin.query<{ id: string }>(
      `insert into public.business_locations (merchant_id, address) values ($1, '4 Pending Street') returning id`, [SEED.pendingMerchantId]);
    await database.admin.query(
      `insert into public.location_hours (location_id, weekday, opens_at, closes_at) select $1, w, '09:00', '18:00' from generate_series(1, 7) w`, [pending!.id]);
    await refresh('2026-11-26T19:00:00Z');
    expect((await kept(pending!.id))!.open_text).toBe('Open now · closes 18:00');
    const read = (q: Query) =>
      q(`select open_text from private.locations_open_state(array[$1::uuid], '2026-11-26T19:30:00Z')`, [pending!.id]);
    expect(await asUser(database, SEED.member.id, read)).toEqual([]);
    // Its owner reads it (the same read policy as the hours themselves).
    expect(await asUser(database, SEED.pendingOwner.id, read)).toEqual([{ open_text: 'Open now · closes 18:00' }]);
  });
});
