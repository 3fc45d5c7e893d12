// Near me, open now and valid now on GET /api/deals (decision 209): nearest first by a business's nearest placed
// location, unplaced businesses after; the filters; the position refused when half given and never in a log line;
// the plain list's cards placed by the same rule without a position; another business's unpublished data not
// readable through the new reads; and the GiST index answering the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { asUser } from '../../../../tests/support/test-database.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import type { MemberDeal } from '../../_shared/contract/deals.ts';

let t: TestApp;
let member: Agent;
const logLines: string[] = [];
// The member stands in Lyons, a few metres from Rosa's second location.
const HERE = { latitude: 40.2247, longitude: -105.2713 };
let rosaFirst: string;
let rosaSecond: string;
let marketLocation: string;
let pendingLocation: string;

const rosaDeals = [DEALS_SEED.rosaPercentDealId, DEALS_SEED.rosaAmountDealId, DEALS_SEED.rosaRetailDealId];
const list = (query: Record<string, string | number>) =>
  member.get(`/api/deals?${new URLSearchParams({ cityId: SEED.lyonsId, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);

beforeAll(async () => {
  t = await createTestApp({}, (deps) => ({ ...deps, requestLog: (line) => { logLines.push(JSON.stringify(line)); } }));
  await activateMembership(t.database, SEED.member.id);
  member = t.agent();
  await member.login(SEED.member.email, SEED.member.password);
  const q = t.database.admin.query.bind(t.database.admin);
  // Rosa's first location (from her address) is placed 2 km north; her second 10 m away; St. Vrain Market's 600 m
  // east; Redstone Sauna House places none.
  [{ id: rosaFirst }] = await q<{ id: string }>(
    `update public.business_locations set latitude = $2, longitude = $3 where merchant_id = $1 returning id`,
    [SEED.activeMerchantId, HERE.latitude + 0.018, HERE.longitude]);
  [{ id: rosaSecond }] = await q<{ id: string }>(
    `insert into public.business_locations (merchant_id, name, address, latitude, longitude)
     values ($1, 'Riverside', '2 River Rd, Lyons, CO', $2, $3) returning id`,
    [SEED.activeMerchantId, HERE.latitude + 0.00009, HERE.longitude]);
  [{ id: marketLocation }] = await q<{ id: string }>(
    `update public.business_locations set latitude = $2, longitude = $3 where merchant_id = $1 returning id`,
    [DEALS_SEED.otherMerchant.merchantId, HERE.latitude, HERE.longitude + 0.00707]);
  // Rosa's second location is open round the clock; St. Vrain Market publishes hours that are never open now
  // (a closed-all-day exception on each of the next days).
  await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at)
           select $1, w, t.opens, t.closes from generate_series(1, 7) w, (values ('00:00'::time, '12:00'::time), ('12:00', '00:00')) t (opens, closes)`,
  [rosaSecond]);
  await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at) select $1, w, '09:00', '17:00' from generate_series(1, 7) w`, [marketLocation]);
  await q(`insert into public.location_exceptions (location_id, on_date, note)
           select $1, d::date, 'Stocktake' from generate_series(current_date - 2, current_date + 2, interval '1 day') d`, [marketLocation]);
  // Pete's Hardware is pending: its placed location right here and its deal must not show.
  [{ id: pendingLocation }] = await q<{ id: string }>(
    `update public.business_locations set latitude = $2, longitude = $3 where merchant_id = $1 returning id`,
    [SEED.pendingMerchantId, HERE.latitude, HERE.longitude]);
  await q(`insert into public.location_hours (location_id, weekday, opens_at, closes_at) select $1, w, '00:00', '12:00' from generate_series(1, 7) w`, [pendingLocation]);
});
afterAll(() => t.close());

describe('GET /api/deals near me', () => {
  it('lists the nearest business first, as near as its nearest location, then the farther, then the unplaced', async () => {
    const res = await list(HERE);
    expect(res.status).toBe(200);
    const deals = res.body as MemberDeal[];
    expect(deals).toHaveLength(DEALS_SEED.lyonsDealCount);
    expect(new Set(deals.slice(0, 3).map((d) => d.id))).toEqual(new Set(rosaDeals));
    for (const deal of deals.slice(0, 3)) {
      expect(deal.location).toMatchObject({ id: rosaSecond, distanceMeters: 10, openNow: true, openText: 'Open now' });
    }
    // Rosa's first location, 2 km off, stands for none of her deals: her nearest does.
    expect(deals.map((d) => d.location?.id)).not.toContain(rosaFirst);
    expect(deals.slice(3, 5).map((d) => d.merchantId)).toEqual([DEALS_SEED.otherMerchant.merchantId, DEALS_SEED.otherMerchant.merchantId]);
    expect(deals[3]!.location).toMatchObject({ id: marketLocation, distanceMeters: 600, openNow: false });
    expect(deals[5]!.location).toMatchObject({ latitude: null, distanceMeters: null, openNow: null, openText: null });
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  it('filters "open now": only deals at a location open now, nearest first', async () => {
    const deals = (await list({ ...HERE, openNow: 'true' })).body as MemberDeal[];
    expect(deals.map((d) => d.id).sort()).toEqual([...rosaDeals].sort());
    const newest = (await list({ openNow: 'true' })).body as MemberDeal[];
    expect(newest.map((d) => d.id).sort()).toEqual([...rosaDeals].sort());
    expect(newest[0]!.location).toMatchObject({ id: rosaSecond, openNow: true, distanceMeters: null });
  });

  it('filters "valid now": a deal whose offer rules refuse this hour is left out', async () => {
    const [{ hour }] = await t.database.admin.query<{ hour: number }>(
      `select extract(hour from now() at time zone 'America/Denver')::int as hour`);
    const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await t.database.admin.query(`update public.deals set rules = $2::text::jsonb where id = $1`,
      [DEALS_SEED.rosaAmountDealId, JSON.stringify({ weekdays: null, startTime: at(hour + 2), endTime: at(hour + 3), minSpendCents: null, excludedDates: [], note: null })]);
    try {
      const res = await list({ ...HERE, validNow: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const near = res.body as MemberDeal[];
      expect(near.map((d) => d.id)).not.toContain(DEALS_SEED.rosaAmountDealId);
      expect(near).toHaveLength(DEALS_SEED.lyonsDealCount - 1);
      const newest = (await list({ validNow: 'true' })).body as MemberDeal[];
      expect(newest.map((d) => d.id)).not.toContain(DEALS_SEED.rosaAmountDealId);
      expect(newest).toHaveLength(DEALS_SEED.lyonsDealCount - 1);
    } finally {
      await t.database.admin.query(`update public.deals set rules = null where id = $1`, [DEALS_SEED.rosaAmountDealId]);
    }
  });

  it('gives the plain list\'s cards their location and open state, as the filtered list places them', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    const deals = res.body as MemberDeal[];
    expect(deals).toHaveLength(DEALS_SEED.lyonsDealCount);
    const byId = new Map(deals.map((d) => [d.id, d]));
    // Rosa's cards stand at her location open now (her first publishes no hours); no position, so no distance.
    for (const id of rosaDeals) {
      expect(byId.get(id)!.location).toEqual({
        id: rosaSecond, latitude: HERE.latitude + 0.00009, longitude: HERE.longitude, distanceMeters: null, openNow: true, openText: 'Open now',
      });
    }
    const market = deals.filter((d) => d.merchantId === DEALS_SEED.otherMerchant.merchantId);
    expect(market.length).toBeGreaterThan(0);
    for (const deal of market) {
      expect(deal.location).toMatchObject({ id: marketLocation, openNow: false, distanceMeters: null });
      expect(deal.location!.openText).toMatch(/^(Closed today · opens|Opens) /);
    }
    // A business that publishes no hours: its card names its location and says nothing of opening.
    const quiet = deals.find((d) => d.location?.id !== rosaSecond && d.location?.id !== marketLocation);
    expect(quiet?.location).toMatchObject({ openNow: null, openText: null });
    // The same rule as the filtered list (private.deal_place, one card at a time there): the same places and words,
    // computed (nothing kept yet) and read from the kept answers (decision 212) alike.
    const filtered = (await list({ validNow: 'true' })).body as MemberDeal[];
    expect(filtered.map((d) => [d.id, d.location])).toEqual(deals.map((d) => [d.id, d.location]));
    const [{ kept }] = await t.database.admin.query<{ kept: number }>(`select private.refresh_location_open_states(now(), 5000) as kept`);
    expect(kept).toBeGreaterThan(0);
    const fromKept = (await list({})).body as MemberDeal[];
    expect(fromKept.map((d) => [d.id, d.location])).toEqual(deals.map((d) => [d.id, d.location]));
    expect(res.headers.get('x-next-cursor')).toBeNull();
  });

  it('stands a deal limited to one location there, even when another of the business is open', async () => {
    await t.database.admin.query(`insert into public.deal_locations (deal_id, location_id) values ($1, $2)`, [DEALS_SEED.rosaRetailDealId, rosaFirst]);
    try {
      const deals = (await list({})).body as MemberDeal[];
      expect(deals.find((d) => d.id === DEALS_SEED.rosaRetailDealId)!.location).toMatchObject({ id: rosaFirst, openNow: null, openText: null });
      expect(deals.find((d) => d.id === DEALS_SEED.rosaPercentDealId)!.location).toMatchObject({ id: rosaSecond, openNow: true });
    } finally {
      await t.database.admin.query(`delete from public.deal_locations where deal_id = $1`, [DEALS_SEED.rosaRetailDealId]);
    }
  });

  it('refuses half a position, one off the globe, and a cursor with a position', async () => {
    expect((await list({ latitude: HERE.latitude })).status).toBe(400);
    expect((await list({ latitude: 95, longitude: 0 })).status).toBe(400);
    expect((await list({ ...HERE, cursor: 'abc' })).status).toBe(400);
    expect((await list({ ...HERE, openNow: 'yes' })).status).toBe(400);
  });

  it('keeps the position out of every log line', async () => {
    await list(HERE);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(String(HERE.latitude));
      expect(line).not.toContain(String(HERE.longitude));
    }
  });

  it('needs an active membership', async () => {
    const visitor = t.agent();
    expect((await visitor.get(`/api/deals?cityId=${SEED.lyonsId}&latitude=40&longitude=-105`)).status).toBe(401);
  });
});

describe('the new reads keep to RLS', () => {
  it('a member reads no open state, hours or pin of a pending business; the admin does', async () => {
    const asMember = await asUser(t.database, SEED.member.id, async (q) => ({
      state: await q(`select * from private.location_open_state($1, now())`, [pendingLocation]),
      hours: await q(`select * from public.location_hours where location_id = $1`, [pendingLocation]),
      place: await q(`select * from private.deal_place(gen_random_uuid(), $1, now())`, [SEED.pendingMerchantId]),
    }));
    expect(asMember).toEqual({ state: [], hours: [], place: [] });
    // The set-based rule drops the pending business's location and answers for the approved one beside it.
    const states = await asUser(t.database, SEED.member.id, (q) => q<{ location_id: string }>(
      `select location_id from private.locations_open_state($1::uuid[], now())`, [[pendingLocation, rosaSecond]]));
    expect(states.map((r) => r.location_id)).toEqual([rosaSecond]);
    const asAdmin = await asUser(t.database, TEST_ADMIN.id, (q) => q(`select * from private.location_open_state($1, now())`, [pendingLocation]));
    expect(asAdmin).toHaveLength(1);
  });

  it('private.deal_places answers a pending business\'s deal to no one but its owner and the admin', async () => {
    const [{ id: pendingDeal }] = await t.database.admin.query<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, category, discount_percent)
       select $1, 'Pending place', 'Not yet', category, 10 from public.deals where id = $2 returning id`,
      [SEED.pendingMerchantId, DEALS_SEED.rosaRetailDealId]);
    try {
      const places = (userId: string) => asUser(t.database, userId, (q) => q<{ deal_id: string; location_id: string; open_now: boolean | null }>(
        `select deal_id, location_id, open_now from private.deal_places($1::uuid[], now())`, [[pendingDeal, DEALS_SEED.rosaPercentDealId]]));
      expect(await places(SEED.member.id)).toEqual([{ deal_id: DEALS_SEED.rosaPercentDealId, location_id: rosaSecond, open_now: true }]);
      expect((await places(TEST_ADMIN.id)).map((r) => r.deal_id).sort()).toEqual([pendingDeal, DEALS_SEED.rosaPercentDealId].sort());
      const [{ owner }] = await t.database.admin.query<{ owner: string }>(`select owner_user_id as owner from public.merchants where id = $1`, [SEED.pendingMerchantId]);
      // Its hours (00:00–12:00) may be open or not as the test runs: only where it stands is fixed.
      expect((await places(owner)).map((r) => [r.deal_id, r.location_id])).toContainEqual([pendingDeal, pendingLocation]);
    } finally {
      await t.database.admin.query(`delete from public.deals where id = $1`, [pendingDeal]);
    }
  });

  // member_deals_near is security definer: these prove its written-out rules keep to what member_deals (RLS) lists.
  it('lists exactly what the plain list lists: the city\'s live deals of listed businesses, no other city\'s', async () => {
    const q = t.database.admin.query.bind(t.database.admin);
    // A Longmont business placed at the member's feet with one of its deals hidden, and one of Rosa's deals hidden.
    await q(`update public.business_locations set latitude = $2, longitude = $3 where merchant_id = $1`,
      [DEALS_SEED.longmontMerchantId, HERE.latitude, HERE.longitude]);
    const hidden = [DEALS_SEED.longmontDealId, DEALS_SEED.rosaPercentDealId];
    await q(`update public.deals set active = false where id = any ($1::uuid[])`, [hidden]);
    try {
      const ids = (deals: MemberDeal[]) => deals.map((d) => d.id).sort();
      const near = (await list(HERE)).body as MemberDeal[];
      const plain = (await list({})).body as MemberDeal[];
      expect(ids(near)).toEqual(ids(plain));
      expect(near).toHaveLength(DEALS_SEED.lyonsDealCount - 1);
      expect(ids(near)).not.toContain(DEALS_SEED.rosaPercentDealId);
      expect(near.map((d) => d.merchantId)).not.toContain(DEALS_SEED.longmontMerchantId);
      const longmont = await asUser(t.database, SEED.member.id, (m) => m<{ id: string }>(
        `select id from private.member_deals_near($1, null, null, $2, $3, false, false, null, null, 20)`,
        [SEED.longmontId, HERE.latitude, HERE.longitude]));
      expect(longmont).toHaveLength(DEALS_SEED.longmontDealCount - 1);
      expect(longmont.map((r) => r.id)).not.toContain(DEALS_SEED.longmontDealId);
    } finally {
      await q(`update public.deals set active = true where id = any ($1::uuid[])`, [hidden]);
      await q(`update public.business_locations set latitude = null, longitude = null where merchant_id = $1`, [DEALS_SEED.longmontMerchantId]);
    }
  });

  it('refuses a caller without an active membership before reading anything (PL403)', async () => {
    await expect(asUser(t.database, SEED.merchantOwner.id, (q) => q(
      `select * from private.member_deals_near($1, null, null, $2, $3, false, false, null, null, 20)`,
      [SEED.lyonsId, HERE.latitude, HERE.longitude]))).rejects.toThrow(/active membership/);
  });

  it('a pending business\'s deal at the member\'s feet is not listed', async () => {
    const [{ id }] = await t.database.admin.query<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, category, discount_percent)
       select $1, 'Pending deal', 'Not yet', category, 10 from public.deals where id = $2 returning id`,
      [SEED.pendingMerchantId, DEALS_SEED.rosaRetailDealId]);
    const deals = (await list(HERE)).body as MemberDeal[];
    expect(deals.map((d) => d.id)).not.toContain(id);
  });
});

describe('the distance order comes from the index', () => {
  it('orders placed locations by the GiST index (KNN) and reads the page circle from it', async () => {
    await t.database.admin.query(
      `insert into public.business_locations (merchant_id, address, latitude, longitude)
       select $1, 'Bench ' || n, 40 + (n % 100) * 0.001, -105 - (n / 100) * 0.001 from generate_series(1, 3000) n`,
      [DEALS_SEED.otherMerchant.merchantId]);
    await t.database.admin.query('analyze public.business_locations');
    const plan = async (sql: string) => (await t.database.admin.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
    const knn = await plan(`select l.id from public.business_locations l where l.latitude is not null
                             order by point(l.longitude, l.latitude) <-> point(-105.27, 40.22) limit 20`);
    expect(knn).toMatch(/Index Scan using business_locations_pin_idx/);
    const circle = await plan(`select l.id from public.business_locations l where l.latitude is not null
                                and point(l.longitude, l.latitude) <@ circle(point(-105.27, 40.22), 0.01)`);
    expect(circle).toMatch(/business_locations_pin_idx/);
  });
});
