// RLS and privileges of the deals tables, both ways, for anon, a member, a merchant, a second
// merchant, a second ADMIN-role account that is not the designated admin, and the admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { activateMembership } from '../../tests/support/membership.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const ROSA = SEED.merchantOwner.id;
const OTHER = DEALS_SEED.otherMerchant.ownerId;
let memberNumber: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await activateMembership(db, SEED.member.id);
  await asService(db, (q) => q(
    `insert into public.profiles (id, email, name, role) values ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN')`, [OTHER_ADMIN]));
  [{ member_number: memberNumber }] = await asService(db, (q) => q<{ member_number: number }>(
    `select member_number from public.profiles where id = $1`, [SEED.member.id]));
  await seenAtRosa(SEED.member.id);
});

/** The counter takes a member number only once the member has shown a pass or code there (decision 165). */
const seenAtRosa = (memberId: string) => asService(db, (q) => q(
  `insert into private.counter_members_seen (merchant_id, member_id) values ($1, $2) on conflict do nothing`, [SEED.activeMerchantId, memberId]));
afterAll(() => db.close());

const denied = expect.objectContaining({ code: '42501' });
const dealIds = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('deals: reading', () => {
  it('anon, members, other merchants and the second admin read live deals of approved businesses only', async () => {
    const [paused] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent, active) values ($1, 'Paused', 'P', 5, false) returning id`, [SEED.activeMerchantId]));
    const [pending] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Pending biz', 'P', 5) returning id`, [SEED.pendingMerchantId]));
    const [expired] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent, valid_to) values ($1, 'Old', 'O', 5, now() - interval '1 day') returning id`, [SEED.activeMerchantId]));
    const hidden = [paused.id, pending.id, expired.id];

    const readers = [
      () => asAnon(db, (q) => q<{ id: string }>(`select id from public.deals`)),
      () => asUser(db, SEED.member.id, (q) => q<{ id: string }>(`select id from public.deals`)),
      () => asUser(db, OTHER, (q) => q<{ id: string }>(`select id from public.deals`)),
      () => asUser(db, OTHER_ADMIN, (q) => q<{ id: string }>(`select id from public.deals`)),
    ];
    for (const read of readers) {
      const ids = dealIds(await read());
      expect(ids).toContain(DEALS_SEED.rosaPercentDealId);
      for (const id of hidden) expect(ids).not.toContain(id);
    }
    const owner = dealIds(await asUser(db, ROSA, (q) => q<{ id: string }>(`select id from public.deals`)));
    expect(owner).toEqual(expect.arrayContaining([paused.id, expired.id]));
    expect(owner).not.toContain(pending.id);
    const pendingOwner = dealIds(await asUser(db, SEED.pendingOwner.id, (q) => q<{ id: string }>(`select id from public.deals`)));
    expect(pendingOwner).toContain(pending.id);
    const admin = dealIds(await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(`select id from public.deals`)));
    expect(admin).toEqual(expect.arrayContaining(hidden));
    await asService(db, (q) => q(`delete from public.deals where id = any($1::uuid[])`, [`{${hidden.join(',')}}`]));
  });
});

describe('deals: writing', () => {
  it('an approved owner inserts for their own business only; pending owners, members, anon and admins do not', async () => {
    const insert = (merchantId: string) =>
      `insert into public.deals (merchant_id, title, description, discount_percent) values ('${merchantId}', 'T', 'D', 10) returning id`;
    const [mine] = await asUser(db, ROSA, (q) => q<{ id: string }>(insert(SEED.activeMerchantId)));
    expect(mine.id).toBeTruthy();
    await expect(asUser(db, ROSA, (q) => q(insert(DEALS_SEED.otherMerchant.merchantId)))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.pendingOwner.id, (q) => q(insert(SEED.pendingMerchantId)))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(insert(SEED.activeMerchantId)))).rejects.toEqual(denied);
    await expect(asUser(db, OTHER_ADMIN, (q) => q(insert(SEED.activeMerchantId)))).rejects.toEqual(denied);
    await expect(asUser(db, TEST_ADMIN.id, (q) => q(insert(SEED.activeMerchantId)))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(insert(SEED.activeMerchantId)))).rejects.toEqual(denied);
  });

  it('only the owner updates and deletes; nobody writes used_count directly', async () => {
    const deal = DEALS_SEED.rosaRetailDealId;
    for (const who of [OTHER, SEED.member.id, OTHER_ADMIN, TEST_ADMIN.id]) {
      expect(await asUser(db, who, (q) => q(`update public.deals set title = 'Hacked' where id = $1 returning id`, [deal]))).toHaveLength(0);
      expect(await asUser(db, who, (q) => q(`delete from public.deals where id = $1 returning id`, [deal]))).toHaveLength(0);
    }
    await expect(asAnon(db, (q) => q(`update public.deals set title = 'Hacked'`))).rejects.toEqual(denied);
    await expect(asAnon(db, (q) => q(`delete from public.deals`))).rejects.toEqual(denied);
    expect(await asUser(db, ROSA, (q) => q(`update public.deals set title = 'Renamed' where id = $1 returning id`, [deal]))).toHaveLength(1);
    await expect(asUser(db, ROSA, (q) => q(`update public.deals set used_count = 0 where id = $1`, [deal]))).rejects.toEqual(denied);
    await expect(asUser(db, ROSA, (q) => q(`update public.deals set merchant_id = $2 where id = $1`, [deal, DEALS_SEED.otherMerchant.merchantId]))).rejects.toEqual(denied);
    await expect(asUser(db, ROSA, (q) => q(
      `insert into public.deals (merchant_id, title, description, discount_percent, used_count) values ($1, 'T', 'D', 1, 99)`, [SEED.activeMerchantId]))).rejects.toEqual(denied);
  });

  it('the table keeps the rules: one discount kind, ranges, validity order, uses within max', async () => {
    const bad = [
      `discount_percent, discount_amount_cents) values ($1, 'T', 'D', 10, 100)`,
      `discount_percent, discount_amount_cents) values ($1, 'T', 'D', null, null)`,
      `discount_percent, discount_amount_cents) values ($1, 'T', 'D', 101, null)`,
      `discount_percent, discount_amount_cents) values ($1, 'T', 'D', null, 0)`,
      `discount_percent, category) values ($1, 'T', 'D', 10, 'weapons')`,
      `discount_percent, valid_from, valid_to) values ($1, 'T', 'D', 10, now(), now() - interval '1 second')`,
      `discount_percent, max_uses) values ($1, 'T', 'D', 10, 0)`,
    ];
    for (const tail of bad) {
      await expect(asUser(db, ROSA, (q) => q(`insert into public.deals (merchant_id, title, description, ${tail}`, [SEED.activeMerchantId])))
        .rejects.toEqual(expect.objectContaining({ code: '23514' }));
    }
    await expect(asUser(db, ROSA, (q) => q(`insert into public.deals (merchant_id, title, description, discount_percent) values ($1, ${"'" + 'x'.repeat(101) + "'"}, 'D', 1)`, [SEED.activeMerchantId])))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });
});

describe('code secrets', () => {
  it('the secrets table is out of reach of every API role', async () => {
    await expect(asAnon(db, (q) => q(`select * from private.deal_secrets`))).rejects.toEqual(denied);
    for (const who of [SEED.member.id, ROSA, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(`select * from private.deal_secrets`))).rejects.toEqual(denied);
    }
    await expect(asService(db, (q) => q(`select * from private.deal_secrets`))).rejects.toEqual(denied);
  });

  it('deal_code_secrets: owners get their own, active members live ones, everyone else nothing', async () => {
    const ids = `{${DEALS_SEED.rosaPercentDealId},${DEALS_SEED.otherMerchantDealId}}`;
    const sql = `select deal_id from private.deal_code_secrets($1::uuid[]) order by deal_id`;
    const rows = (who: string) => asUser(db, who, (q) => q<{ deal_id: string }>(sql, [ids])).then((r) => r.map((x) => x.deal_id));
    expect(await rows(ROSA)).toEqual([DEALS_SEED.rosaPercentDealId]);
    expect(await rows(OTHER)).toEqual([DEALS_SEED.otherMerchantDealId]);
    expect(await rows(SEED.member.id)).toEqual([DEALS_SEED.rosaPercentDealId, DEALS_SEED.otherMerchantDealId]);
    expect(await rows(OTHER_ADMIN)).toEqual([]);
    expect(await rows(TEST_ADMIN.id)).toEqual([]);
    expect(await rows(SEED.pendingOwner.id)).toEqual([]);
    await expect(asAnon(db, (q) => q(sql, [ids]))).rejects.toEqual(denied);
  });
});

describe('redemptions and points', () => {
  it('nobody writes redemptions, ledger or balances directly', async () => {
    for (const who of [ROSA, SEED.member.id, TEST_ADMIN.id]) {
      await expect(asUser(db, who, (q) => q(
        `insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents) values ($1, $2, 'accrual', 1000, 1)`,
        [SEED.activeMerchantId, SEED.member.id]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`update public.point_balances set points = 1000000`))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(
        `insert into public.deal_redemptions (deal_id, merchant_id, code_step) values ($1, $2, 1)`,
        [DEALS_SEED.rosaPercentDealId, SEED.activeMerchantId]))).rejects.toEqual(denied);
      await expect(asUser(db, who, (q) => q(`delete from public.point_ledger`))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`select * from public.point_ledger`))).rejects.toEqual(denied);
  });

  it('members read their own points, owners their business’s, the admin all; others nothing', async () => {
    await asUser(db, ROSA, (q) => q(`select * from private.earn_points($1, 1000)`, [memberNumber]));
    const ledger = (who: string) => asUser(db, who, (q) => q<{ merchant_id: string }>(`select merchant_id from public.point_ledger`));
    const balances = (who: string) => asUser(db, who, (q) => q<{ points: number }>(`select points from public.point_balances`));
    expect((await ledger(SEED.member.id)).length).toBeGreaterThanOrEqual(2);
    expect((await ledger(ROSA)).every((r) => r.merchant_id === SEED.activeMerchantId)).toBe(true);
    expect(await ledger(OTHER)).toEqual([]);
    expect(await ledger(OTHER_ADMIN)).toEqual([]);
    expect((await ledger(TEST_ADMIN.id)).length).toBeGreaterThanOrEqual(2);
    expect(await balances(SEED.member.id)).toEqual([{ points: DEALS_SEED.memberRosaPoints + 50 }]);
    expect(await balances(OTHER)).toEqual([]);
    expect(await balances(OTHER_ADMIN)).toEqual([]);
  });

  it('counter functions refuse members, pending merchants and anon', async () => {
    for (const who of [SEED.member.id, SEED.pendingOwner.id, OTHER_ADMIN]) {
      await expect(asUser(db, who, (q) => q(`select * from private.earn_points($1, 1000)`, [memberNumber])))
        .rejects.toEqual(expect.objectContaining({ code: 'PL403' }));
    }
    await expect(asAnon(db, (q) => q(`select * from private.earn_points($1, 1000)`, [memberNumber]))).rejects.toEqual(denied);
  });

  it('the ledger keeps its shape: signs, purchases on accruals only, one reversal per entry', async () => {
    const insert = (values: string) => asService(db, (q) => q(
      `insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents, reverses_id) values ${values}`));
    const m = `'${SEED.activeMerchantId}'`;
    const u = `'${SEED.member.id}'`;
    await expect(insert(`(${m}, ${u}, 'accrual', -5, 100, null)`)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
    await expect(insert(`(${m}, ${u}, 'redemption', 5, null, null)`)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
    await expect(insert(`(${m}, ${u}, 'accrual', 5, null, null)`)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
    await expect(insert(`(${m}, ${u}, 'reversal', 5, null, null)`)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
    // A balance can never go negative, even through a direct service write.
    await expect(insert(`(${m}, ${u}, 'redemption', -1000000, null, null)`)).rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });

  it('a deleted member leaves an anonymised ledger and no balance', async () => {
    const [user] = await asService(db, (q) => q<{ id: string; member_number: number }>(
      `insert into public.profiles (email, name, role) values ('gone@example.com', 'Gone', 'USER') returning id, member_number`));
    await activateMembership(db, user.id);
    await seenAtRosa(user.id);
    await asUser(db, ROSA, (q) => q(`select * from private.earn_points($1, 2000)`, [user.member_number]));
    await asService(db, (q) => q(`delete from public.profiles where id = $1`, [user.id]));
    const rows = await asUser(db, TEST_ADMIN.id, (q) => q<{ member_id: string | null; points: number }>(
      `select member_id, points from public.point_ledger where purchase_amount_cents = 2000`));
    expect(rows).toEqual([{ member_id: null, points: 100 }]);
  });
});

describe('merchants.category', () => {
  it('is derived from the business type and checked', async () => {
    const [m] = await asService(db, (q) => q<{ category: string }>(
      `insert into public.merchants (owner_user_id, name, address, business_type)
       values ($1, 'Second', 'Addr', 'dispensaries') returning category`, [OTHER_ADMIN]));
    expect(m.category).toBe('dispensaries');
    await expect(asService(db, (q) => q(`update public.merchants set category = 'weapons' where owner_user_id = $1`, [OTHER_ADMIN])))
      .rejects.toEqual(expect.objectContaining({ code: '23514' }));
  });
});

// deals.city_id (decision 140) is a copy of the business's city that lists a city's deals in page order:
// kept by triggers, never written by a client, and the member list reads it.
describe('deals.city_id: the business\'s city, kept by the database', () => {
  const cityOf = async (dealId: string) => (await asService(db, (q) => q<{ city_id: string | null }>(
    `select city_id from public.deals where id = $1`, [dealId])))[0].city_id;
  const memberPageIds = async (cityId: string) => dealIds(await asUser(db, SEED.member.id, (q) => q<{ id: string }>(
    `select id from private.member_deals($1, null, null, null, null, 100)`, [cityId])));

  it('a new deal takes its business\'s city; clients cannot write the copy', async () => {
    const [deal] = await asUser(db, ROSA, (q) => q<{ id: string; city_id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'City copy', 'D', 5) returning id, city_id`,
      [SEED.activeMerchantId]));
    expect(deal.city_id).toBe(SEED.lyonsId);
    await expect(asUser(db, ROSA, (q) => q(
      `insert into public.deals (merchant_id, title, description, discount_percent, city_id) values ($1, 'T', 'D', 5, $2)`,
      [SEED.activeMerchantId, SEED.longmontId]))).rejects.toEqual(denied);
    await expect(asUser(db, ROSA, (q) => q(`update public.deals set city_id = $2 where id = $1`, [deal.id, SEED.longmontId])))
      .rejects.toEqual(denied);
    // Even a writer with every privilege gets the business's city, whatever it sends.
    const [forced] = await asService(db, (q) => q<{ city_id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent, city_id) values ($1, 'T', 'D', 5, $2) returning city_id`,
      [SEED.activeMerchantId, SEED.longmontId]));
    expect(forced.city_id).toBe(SEED.lyonsId);
    await asService(db, (q) => q(`update public.deals set title = 'Still Lyons', city_id = $2 where id = $1`, [deal.id, SEED.longmontId]));
    expect(await cityOf(deal.id)).toBe(SEED.lyonsId);
    await asService(db, (q) => q(`delete from public.deals where title in ('Still Lyons', 'T') and merchant_id = $1`, [SEED.activeMerchantId]));
  });

  it('when a business moves, its deals follow, and the member list with them', async () => {
    const [city] = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(
      `insert into public.cities (name, state) values ('Hygiene', 'Colorado') returning id`));
    const otherMerchant = DEALS_SEED.otherMerchant.merchantId;
    const deal = DEALS_SEED.otherMerchantDealId;
    expect(await memberPageIds(SEED.lyonsId)).toContain(deal);

    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set city_id = $2 where id = $1`, [otherMerchant, city.id]));
    expect(await cityOf(deal)).toBe(city.id);
    expect(await memberPageIds(city.id)).toContain(deal);
    expect(await memberPageIds(SEED.lyonsId)).not.toContain(deal);

    await asService(db, (q) => q(`update public.merchants set city_id = null where id = $1`, [otherMerchant]));
    expect(await cityOf(deal)).toBeNull();
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set city_id = $2 where id = $1`, [otherMerchant, SEED.lyonsId]));
    expect(await cityOf(deal)).toBe(SEED.lyonsId);
    expect(await memberPageIds(SEED.lyonsId)).toContain(deal);
  });
});

// deals.merchant_listed (decision 150): public.merchant_is_listed of the deal's business and city, kept
// by triggers so the deals policies read a column instead of a sub-plan over every business.
describe('deals.merchant_listed: whether the business is listed, kept by the database', () => {
  const listedOf = async (dealId: string) => (await asService(db, (q) => q<{ merchant_listed: boolean }>(
    `select merchant_listed from public.deals where id = $1`, [dealId])))[0].merchant_listed;
  const seenBy = async (dealId: string) => ({
    anon: (await asAnon(db, (q) => q(`select id from public.deals where id = $1`, [dealId]))).length === 1,
    member: (await asUser(db, SEED.member.id, (q) => q(`select id from public.deals where id = $1`, [dealId]))).length === 1,
    owner: (await asUser(db, OTHER, (q) => q(`select id from public.deals where id = $1`, [dealId]))).length === 1,
    admin: (await asUser(db, TEST_ADMIN.id, (q) => q(`select id from public.deals where id = $1`, [dealId]))).length === 1,
  });
  const everyone = { anon: true, member: true, owner: true, admin: true };
  const ownerAndAdmin = { anon: false, member: false, owner: true, admin: true };
  const otherMerchant = DEALS_SEED.otherMerchant.merchantId;
  const deal = DEALS_SEED.otherMerchantDealId;

  it('follows the business being paused and approved again', async () => {
    expect(await listedOf(deal)).toBe(true);
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set active = false where id = $1`, [otherMerchant]));
    expect(await listedOf(deal)).toBe(false);
    expect(await seenBy(deal)).toEqual(ownerAndAdmin);
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set active = true where id = $1`, [otherMerchant]));
    expect(await listedOf(deal)).toBe(true);
    expect(await seenBy(deal)).toEqual(everyone);
  });

  it('follows the city closing and opening, and the business moving into a closed city', async () => {
    const [closed] = await asUser(db, TEST_ADMIN.id, (q) => q<{ id: string }>(
      `insert into public.cities (name, state) values ('Niwot', 'Colorado') returning id`));
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.merchants set city_id = $2 where id = $1`, [otherMerchant, closed.id]));
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.cities set active = false where id = $1`, [closed.id]));
    expect(await listedOf(deal)).toBe(false);
    expect(await seenBy(deal)).toEqual(ownerAndAdmin);
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.cities set active = true where id = $1`, [closed.id]));
    expect(await seenBy(deal)).toEqual(everyone);
    await asUser(db, TEST_ADMIN.id, (q) => q(`update public.cities set active = false where id = $1`, [closed.id]));
    // Moving back to an open city lists it again.
    await asService(db, (q) => q(`update public.merchants set city_id = $2 where id = $1`, [otherMerchant, SEED.lyonsId]));
    expect(await listedOf(deal)).toBe(true);
    expect(await seenBy(deal)).toEqual(everyone);
  });

  it('a new deal of a business not yet approved is not listed; clients cannot write the flag, and no writer can set it wrong', async () => {
    const [pending] = await asService(db, (q) => q<{ id: string; merchant_listed: boolean }>(
      `insert into public.deals (merchant_id, title, description, discount_percent, merchant_listed) values ($1, 'Listed?', 'D', 5, true) returning id, merchant_listed`,
      [SEED.pendingMerchantId]));
    expect(pending.merchant_listed).toBe(false);
    await asService(db, (q) => q(`update public.deals set merchant_listed = true where id = $1`, [pending.id]));
    expect(await listedOf(pending.id)).toBe(false);
    await expect(asUser(db, SEED.pendingOwner.id, (q) => q(`update public.deals set merchant_listed = true where id = $1`, [pending.id])))
      .rejects.toEqual(denied);
    await expect(asUser(db, ROSA, (q) => q(
      `insert into public.deals (merchant_id, title, description, discount_percent, merchant_listed) values ($1, 'T', 'D', 5, false)`,
      [SEED.activeMerchantId]))).rejects.toEqual(denied);
    await asService(db, (q) => q(`delete from public.deals where id = $1`, [pending.id]));
  });
});
