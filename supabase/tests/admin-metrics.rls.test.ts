// The admin metrics aggregates: readable only by the designated admin, and always equal to a
// recount of the tables, whatever inserts, updates, deletes and cascades happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const denied = expect.objectContaining({ code: '42501' });

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, (q) => q(
    `insert into public.profiles (id, email, name, role) values ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN')`, [OTHER_ADMIN]));
});
afterAll(() => db.close());

const metrics = () => asUser(db, TEST_ADMIN.id, (q) => q<Record<string, string | number>>(`select * from private.admin_metrics()`))
  .then(([row]) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])));

const recount = () => asService(db, (q) => q<Record<string, string | number>>(`
  select (select count(*) from public.profiles) as total_users,
         (select count(*) from public.merchants where active) as active_merchants,
         (select coalesce(sum(purchase_amount_cents), 0) from public.point_ledger where kind = 'accrual') as total_volume_cents,
         (select coalesce(sum(points), 0) from public.point_balances) as points_outstanding`))
  .then(([row]) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])));

describe('private.admin_metrics()', () => {
  it('answers only the designated admin', async () => {
    for (const who of [SEED.member.id, SEED.merchantOwner.id, OTHER_ADMIN]) {
      await expect(asUser(db, who, (q) => q(`select * from private.admin_metrics()`))).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`select * from private.admin_metrics()`))).rejects.toEqual(denied);
    await expect(asUser(db, SEED.member.id, (q) => q(`select * from private.platform_counters`))).rejects.toEqual(denied);
    expect(await metrics()).toEqual(await recount());
  });

  it('follows accounts, approvals, ledger entries and deletions exactly', async () => {
    const before = await metrics();
    const ids = await asService(db, async (q) => {
      const members = await q<{ id: string }>(
        `insert into public.profiles (email, name) select 'm' || i || '@example.com', 'M' || i from generate_series(1, 3) i returning id`);
      const [owner] = await q<{ id: string }>(`insert into public.profiles (email, name, role) values ('o@example.com', 'O', 'MERCHANT') returning id`);
      const [shop] = await q<{ id: string }>(`insert into public.merchants (owner_user_id, name, address) values ($1, 'Shop', '1 St') returning id`, [owner.id]);
      await q(`update public.merchants set active = true where id = $1`, [shop.id]);
      return { members: members.map((m) => m.id), owner: owner.id, shop: shop.id };
    });
    expect(await metrics()).toMatchObject({ total_users: before.total_users + 4, active_merchants: before.active_merchants + 1 });

    await asService(db, async (q) => {
      // Earn at two businesses, redeem, reverse one earn, in one multi-row statement and singly.
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents) values
        ($1, $3, 'accrual', 500, 10000), ($1, $4, 'accrual', 250, 5000), ($2, $3, 'accrual', 100, 2000)`,
      [ids.shop, SEED.activeMerchantId, ids.members[0], ids.members[1]]);
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points) values ($1, $2, 'redemption', -200)`, [ids.shop, ids.members[0]]);
      const [earn] = await q<{ id: string }>(`select id from public.point_ledger where member_id = $1 and merchant_id = $2 and kind = 'accrual'`, [ids.members[1], ids.shop]);
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points, reverses_id) values ($1, $2, 'reversal', -250, $3)`, [ids.shop, ids.members[1], earn.id]);
    });
    const afterLedger = await metrics();
    expect(afterLedger).toMatchObject({
      total_volume_cents: before.total_volume_cents + 17000,
      points_outstanding: before.points_outstanding + 500 + 250 + 100 - 200 - 250,
    });
    expect(afterLedger).toEqual(await recount());

    // Deleting a member anonymises their entries: volume stays, their points are no longer outstanding.
    await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.profiles where id = $1`, [ids.members[0]]));
    expect(await metrics()).toMatchObject({
      total_users: afterLedger.total_users - 1, total_volume_cents: afterLedger.total_volume_cents,
      points_outstanding: afterLedger.points_outstanding - 400,
    });
    // Deleting the owner takes the business (cascade) and its members' points there.
    await asUser(db, TEST_ADMIN.id, (q) => q(`delete from public.profiles where id = $1`, [ids.owner]));
    const end = await metrics();
    expect(end).toMatchObject({ active_merchants: before.active_merchants, total_volume_cents: afterLedger.total_volume_cents });
    expect(end).toEqual(await recount());
  });

  it('recounting gives the same totals as the triggers kept', async () => {
    const kept = await metrics();
    await asService(db, (q) => q(`select private.recount_platform_counters()`));
    expect(await metrics()).toEqual(kept);
  });
});
