// Deal links (decision 115; private.member_deal and links.deal_exists in supabase/schemas/deals.sql), both ways: private.member_deal gives one
// live deal with its secret to an active member only (RLS and private.member_deal_secrets deciding), and
// links.deal_exists answers only yes or no, to anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import type { Query } from '../functions/api/db/database.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { activateMembership } from '../../tests/support/membership.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
let lapsed: string;
let paused: string;
let pendingBusiness: string;
let closedCity: string;
const BURRITO = DEALS_SEED.rosaPercentDealId;
const UNKNOWN = 'd0000000-0000-4000-8000-0000000000ff';
const denied = expect.objectContaining({ code: '42501' });
const noMembership = expect.objectContaining({ code: 'PL403' });

beforeAll(async () => {
  db = await openTestDatabase();
  await activateMembership(db, SEED.member.id);
  [{ id: lapsed }] = await asService(db, (q) => q<{ id: string }>(
    `insert into public.profiles (email, name, role) values ('lapsed-rls@example.com', 'Lapsed', 'USER') returning id`));
  [{ id: paused }] = await asService(db, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent, active) values ($1, 'Paused', 'P', 5, false) returning id`, [SEED.activeMerchantId]));
  [{ id: pendingBusiness }] = await asService(db, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Pending biz', 'P', 5) returning id`, [SEED.pendingMerchantId]));
  // A live deal of a business whose city is closed: not listed.
  [{ id: closedCity }] = await asService(db, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Closed city', 'C', 5) returning id`, [DEALS_SEED.longmontMerchantId]));
  await asService(db, (q) => q(`update public.cities set active = false where id = $1`, [SEED.longmontId]));
});
afterAll(() => db.close());

const memberDeal = (id: string) => (q: Query) =>
  q<{ id: string; secret: string; merchant_name: string }>(`select id, secret, merchant_name from private.member_deal($1::uuid)`, [id]);

describe('private.member_deal', () => {
  it('gives an active member one live deal of a listed business with its secret', async () => {
    const rows = await asUser(db, SEED.member.id, memberDeal(BURRITO));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: BURRITO, merchant_name: "Rosa's River Cafe" });
    expect(rows[0].secret).toMatch(/^[0-9a-f]{40}$/);
  });

  it('gives a member nothing for a deal that is not live, not listed or unknown', async () => {
    for (const id of [paused, pendingBusiness, closedCity, UNKNOWN]) {
      expect(await asUser(db, SEED.member.id, memberDeal(id))).toEqual([]);
    }
  });

  it('refuses callers without an active membership (PL403), the deal owner and the admin included; anon may not call it', async () => {
    for (const who of [lapsed, SEED.merchantOwner.id, TEST_ADMIN.id]) {
      await expect(asUser(db, who, memberDeal(BURRITO))).rejects.toEqual(noMembership);
      // An unknown id too: without a membership nothing tells ids apart.
      await expect(asUser(db, who, memberDeal(UNKNOWN))).rejects.toEqual(noMembership);
    }
    // The owner of a paused deal gets no secret of it through this function either.
    await expect(asUser(db, SEED.merchantOwner.id, memberDeal(paused))).rejects.toEqual(noMembership);
    await expect(asAnon(db, memberDeal(BURRITO))).rejects.toEqual(denied);
  });
});

describe('links.deal_exists', () => {
  const exists = (id: string) => (q: Query) =>
    q<{ exists: boolean }>(`select links.deal_exists($1::uuid) as exists`, [id]).then(([row]) => row.exists);

  it('answers yes for any deal, live or not, and no for an unknown id, to anon and signed-in users alike', async () => {
    for (const id of [BURRITO, paused, pendingBusiness, closedCity]) {
      expect(await asAnon(db, exists(id))).toBe(true);
      expect(await asUser(db, lapsed, exists(id))).toBe(true);
    }
    expect(await asAnon(db, exists(UNKNOWN))).toBe(false);
    expect(await asUser(db, SEED.member.id, exists(UNKNOWN))).toBe(false);
  });

  it('opens nothing else: anon has no way into schema private, may create nothing in links and execute only deal_exists and business_locations there', async () => {
    const [usage] = await db.admin.query<{ private: boolean; links: boolean }>(
      `select has_schema_privilege('anon', 'private', 'USAGE') as private, has_schema_privilege('anon', 'links', 'USAGE') as links`);
    expect(usage).toEqual({ private: false, links: true });
    await expect(asAnon(db, (q) => q(`select * from private.deal_secrets`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`create function links.probe() returns int language sql as 'select 1'`))).rejects.toEqual(denied);
    const executable = `
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'links' and has_function_privilege('anon', p.oid, 'EXECUTE') order by 1`;
    // business_locations: a deal's page tells where the business is (issue 40; deal-page-locations.test.ts).
    expect(await db.admin.query(executable)).toEqual([{ name: 'business_locations' }, { name: 'deal_exists' }]);
    // The check can fail: a function added without revoking execute from PUBLIC shows up.
    await db.admin.exec(`create function links.later_probe() returns int language sql as 'select 1'`);
    try {
      expect(await db.admin.query(executable)).toEqual([{ name: 'business_locations' }, { name: 'deal_exists' }, { name: 'later_probe' }]);
    } finally {
      await db.admin.exec('drop function links.later_probe()');
    }
  });
});
