// A deal's page tells where its business is (issue 40): each location with its open state (the one rule, decision
// 209), weekly hours and the next dated change within 14 days, to visitors and members alike; and no more than RLS
// lets a visitor read (an approved business's locations, hours and exceptions; a pending one's not at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicLocation } from '../../_shared/contract/locations.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { asAnon, asUser } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { publicLocationsOfBusiness } from '../locations/index.ts';

let t: TestApp;
let member: Agent;
let first: string;
let riverside: string;
let pendingLocation: string;
let inThreeDays: string;
const BURRITO = DEALS_SEED.rosaPercentDealId;

beforeAll(async () => {
  ({ t, member } = await startMemberTestApp());
  const q = t.database.admin.query.bind(t.database.admin);
  [{ id: first }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1`, [SEED.activeMerchantId]);
  [{ id: riverside }] = await q<{ id: string }>(
    `insert into public.business_locations (merchant_id, name, address) values ($1, 'Riverside', '2 River Rd, Lyons, CO') returning id`,
    [SEED.activeMerchantId]);
  // Rosa's first location is open round the clock but closed for training in three days (Lyons' date) and for a
  // holiday in twenty; Riverside publishes no weekly hours, only a short day in three days.
  await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at)
           select $1, w, t.opens, t.closes from generate_series(1, 7) w, (values ('00:00'::time, '12:00'::time), ('12:00', '00:00')) t (opens, closes)`,
  [first]);
  [{ day: inThreeDays }] = await q<{ day: string }>(`select ((now() at time zone 'America/Denver')::date + 3)::text as day`);
  await q(`insert into public.location_exceptions (location_id, on_date, note) values ($1, $2::date, 'Staff training'), ($1, $2::date + 17, 'Holiday')`, [first, inThreeDays]);
  await q(`insert into public.location_exceptions (location_id, on_date, opens_at, closes_at, note) values ($1, $2::date, '10:00', '14:00', 'Short day')`, [riverside, inThreeDays]);
  [{ id: pendingLocation }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1`, [SEED.pendingMerchantId]);
  await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at) select $1, w, '09:00', '17:00' from generate_series(1, 7) w`, [pendingLocation]);
});
afterAll(() => t.close());

const expectRosasLocations = (locations: PublicLocation[]) => {
  expect(locations.map((l) => l.id)).toEqual([first, riverside]);
  const [main, second] = locations as [PublicLocation, PublicLocation];
  expect(main).toMatchObject({ name: null, openNow: true, nextException: { date: inThreeDays, note: 'Staff training', hours: [] } });
  // Open round the clock until the closed day: the rule's words, the closing time in Lyons' time.
  expect(main.openText).toBe('Open now · closes 00:00');
  expect(main.hours).toHaveLength(14);
  expect(main.hours[0]).toEqual({ weekday: 1, opensAt: '00:00', closesAt: '12:00' });
  expect(second).toMatchObject({
    id: riverside, name: 'Riverside', address: '2 River Rd, Lyons, CO', openNow: false, hours: [],
    nextException: { date: inThreeDays, note: 'Short day', hours: [{ opensAt: '10:00', closesAt: '14:00' }] },
  });
  expect(second.openText).toMatch(/^Closed today · opens [A-Z][a-z]{2} 10:00$/);
};

describe('the business\'s locations on a deal\'s page', () => {
  it('a visitor reads each location, its open state, its hours and the next change within 14 days', async () => {
    const res = await t.agent().get(`/api/deals/public/${BURRITO}`);
    expect(res.status).toBe(200);
    expectRosasLocations(res.body.locations);
  });

  it('a member reads the same beside the deal\'s code', async () => {
    const res = await member.get(`/api/deals/member/${BURRITO}`);
    expect(res.status).toBe(200);
    expect(res.body.currentCode).toMatch(/^\d{6}$/);
    expectRosasLocations(res.body.locations);
  });

  it('tells of a change only when it falls within 14 days', async () => {
    await t.database.admin.query(`delete from public.location_exceptions where location_id = $1 and note = 'Staff training'`, [first]);
    try {
      const res = await t.agent().get(`/api/deals/public/${BURRITO}`);
      expect(res.body.locations[0]).toMatchObject({ id: first, nextException: null, openText: 'Open now' });
    } finally {
      await t.database.admin.query(`insert into public.location_exceptions (location_id, on_date, note) values ($1, $2::date, 'Staff training')`, [first, inThreeDays]);
    }
  });
});

describe('what a visitor may read of locations (RLS both ways)', () => {
  it('reads an approved business\'s hours and exceptions, none of a pending business\'s', async () => {
    const read = (location: string) => asAnon(t.database, async (q) => ({
      location: (await q(`select id from public.business_locations where id = $1`, [location])).length,
      hours: (await q(`select 1 from public.location_hours where location_id = $1`, [location])).length,
      exceptions: (await q(`select 1 from public.location_exceptions where location_id = $1`, [location])).length,
    }));
    expect(await read(first)).toEqual({ location: 1, hours: 14, exceptions: 2 });
    expect(await read(pendingLocation)).toEqual({ location: 0, hours: 0, exceptions: 0 });
    // Nor through the page's function, nor the rule itself (no usage on private).
    await expect(asAnon(t.database, (q) => q(`select 1 from private.locations_open_state(array[$1::uuid], now())`, [pendingLocation]))).rejects.toThrow(/permission denied/);
    expect(await asAnon(t.database, (q) => publicLocationsOfBusiness(q, SEED.pendingMerchantId))).toEqual([]);
    // Its owner reads them.
    const [{ owner }] = await t.database.admin.query<{ owner: string }>(`select owner_user_id as owner from public.merchants where id = $1`, [SEED.pendingMerchantId]);
    const own = await asUser(t.database, owner, (q) => publicLocationsOfBusiness(q, SEED.pendingMerchantId));
    expect(own.map((l) => l.id)).toEqual([pendingLocation]);
    expect(own[0]!.hours).toHaveLength(7);
  });

  it('writes no hours, exceptions or locations', async () => {
    await expect(asAnon(t.database, (q) => q(
      `insert into public.location_hours (location_id, weekday, opens_at, closes_at) values ($1, 1, '06:00', '07:00')`, [first]))).rejects.toThrow();
    await expect(asAnon(t.database, (q) => q(
      `insert into public.location_exceptions (location_id, on_date, note) values ($1, current_date, 'x')`, [first]))).rejects.toThrow();
    const changed = await asAnon(t.database, (q) => q(`update public.business_locations set address = 'Elsewhere' where id = $1 returning id`, [first]))
      .catch(() => []);
    expect(changed).toEqual([]);
    const [{ address }] = await t.database.admin.query<{ address: string }>(`select address from public.business_locations where id = $1`, [first]);
    expect(address).not.toBe('Elsewhere');
  });
});
