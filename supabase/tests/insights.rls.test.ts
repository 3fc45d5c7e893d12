// The insight figures (private.insight_days and its kin in supabase/schemas/insights.sql, decision 120): aggregated in SQL, zero-filled per UTC day or
// month, and limited by row-level security both ways: a merchant counts only their own business's rows, a
// member or visitor gets nothing, and only the designated admin gets the platform picture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../tests/support/constants.ts';
import { DEALS_SEED } from '../../tests/support/deals-seed.ts';
import { asAnon, asService, asUser, openTestDatabase } from '../../tests/support/test-database.ts';

let db: OpenedDatabase;
const ROSA = SEED.merchantOwner.id;
const ROSA_SHOP = SEED.activeMerchantId;
const OTHER = DEALS_SEED.otherMerchant.ownerId;
const OTHER_SHOP = DEALS_SEED.otherMerchant.merchantId;
const OTHER_ADMIN = 'a0000000-0000-4000-8000-0000000000ad';
const denied = expect.objectContaining({ code: '42501' });

interface DayRow { day: string | Date; deal_id: string; deal_title: string; redemptions: number }
const dayText = (day: string | Date) => (typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10));
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Redemptions at `daysAgo` (noon UTC of that day, so "today" never lands in the future). */
async function redeem(dealId: string, merchantId: string, daysAgo: number, count: number, undone = false) {
  await asService(db, (q) => q(
    `insert into public.deal_redemptions (deal_id, merchant_id, code_step, created_at, undone_at)
     select $1, $2, g, ((now() at time zone 'UTC')::date - $3::integer)::timestamp at time zone 'UTC' + interval '1 second', case when $5 then now() end
       from generate_series(1, $4::integer) g`,
    [dealId, merchantId, daysAgo, count, undone]));
}

beforeAll(async () => {
  db = await openTestDatabase();
  await asService(db, async (q) => {
    await q(`insert into public.profiles (id, email, name, role) values ($1, 'second-admin@example.com', 'Second Admin', 'ADMIN')`, [OTHER_ADMIN]);
  });
  await redeem(DEALS_SEED.rosaPercentDealId, ROSA_SHOP, 0, 3);
  await redeem(DEALS_SEED.rosaPercentDealId, ROSA_SHOP, 5, 2);
  await redeem(DEALS_SEED.rosaPercentDealId, ROSA_SHOP, 5, 4, true); // undone: never counted
  await redeem(DEALS_SEED.rosaAmountDealId, ROSA_SHOP, 45, 7); // only in the 90-day window
  await redeem(DEALS_SEED.otherMerchantDealId, OTHER_SHOP, 1, 9);
});
afterAll(() => db.close());

const redemptionDays = (userId: string, merchantId: string, days: number) => asUser(db, userId, (q) => q<DayRow>(
  `select * from private.merchant_redemption_days($1, $2)`, [merchantId, days]));

describe('merchant redemptions per day', () => {
  it('counts the owner\'s accepted codes per deal and UTC day, zero-filled over 30 or 90 days', async () => {
    const month = await redemptionDays(ROSA, ROSA_SHOP, 30);
    expect(new Set(month.map((r) => r.deal_id))).toEqual(new Set([DEALS_SEED.rosaPercentDealId]));
    expect(month).toHaveLength(30);
    expect(dayText(month[0].day)).toBe(utcDay(29));
    expect(dayText(month[29].day)).toBe(utcDay(0));
    const byDay = new Map(month.map((r) => [dayText(r.day), r.redemptions]));
    expect(byDay.get(utcDay(0))).toBe(3);
    expect(byDay.get(utcDay(5))).toBe(2);
    expect(month.reduce((sum, r) => sum + r.redemptions, 0)).toBe(5);
    expect(month.filter((r) => r.redemptions === 0)).toHaveLength(28);
    expect(month[0].deal_title).toBe('20% Off Breakfast Burritos');

    const quarter = await redemptionDays(ROSA, ROSA_SHOP, 90);
    expect(quarter).toHaveLength(180);
    const amount = quarter.filter((r) => r.deal_id === DEALS_SEED.rosaAmountDealId);
    expect(amount.find((r) => dayText(r.day) === utcDay(45))?.redemptions).toBe(7);
  });

  it('gives a merchant nothing of another business, and members and visitors nothing at all', async () => {
    expect(await redemptionDays(ROSA, OTHER_SHOP, 90)).toEqual([]);
    expect(await redemptionDays(OTHER, ROSA_SHOP, 90)).toEqual([]);
    expect((await redemptionDays(OTHER, OTHER_SHOP, 30)).reduce((s, r) => s + r.redemptions, 0)).toBe(9);
    expect(await redemptionDays(SEED.member.id, ROSA_SHOP, 90)).toEqual([]);
    await expect(asAnon(db, (q) => q(`select * from private.merchant_redemption_days($1, 30)`, [ROSA_SHOP]))).rejects.toEqual(denied);
    // The second ADMIN-role account is not the designated admin: nothing either.
    expect(await redemptionDays(OTHER_ADMIN, ROSA_SHOP, 90)).toEqual([]);
  });
});

describe('merchant points per day', () => {
  it('sums earned and redeemed points net of undos, and shows other businesses\' ledgers to no one else', async () => {
    await asService(db, async (q) => {
      const [earn] = await q<{ id: string }>(
        `insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents) values
           ($1, $2, 'accrual', 400, 8000), ($1, $2, 'accrual', 100, 2000) returning id`, [ROSA_SHOP, SEED.member.id]);
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points, reverses_id) values ($1, $2, 'reversal', -400, $3)`,
        [ROSA_SHOP, SEED.member.id, earn.id]);
      const [spend] = await q<{ id: string }>(
        `insert into public.point_ledger (merchant_id, member_id, kind, points) values ($1, $2, 'redemption', -300), ($1, $2, 'redemption', -50) returning id`,
        [ROSA_SHOP, SEED.member.id]);
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points, reverses_id) values ($1, $2, 'reversal', 300, $3)`,
        [ROSA_SHOP, SEED.member.id, spend.id]);
      await q(`insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents) values ($1, $2, 'accrual', 999, 20000)`,
        [OTHER_SHOP, SEED.member.id]);
    });
    const points = (userId: string, merchantId: string) => asUser(db, userId, (q) => q<{ day: string; earned: string; redeemed: string }>(
      `select * from private.merchant_point_days($1, 30)`, [merchantId]));
    const rosa = await points(ROSA, ROSA_SHOP);
    expect(rosa).toHaveLength(30);
    const today = rosa[29];
    // The seed's 250-point accrual happened today too.
    expect([Number(today.earned), Number(today.redeemed)]).toEqual([250 + 100, 50]);
    expect(rosa.slice(0, 29).every((r) => Number(r.earned) === 0 && Number(r.redeemed) === 0)).toBe(true);

    const sums = (rows: { earned: string; redeemed: string }[]) => rows.reduce((s, r) => s + Number(r.earned) + Number(r.redeemed), 0);
    expect(sums(await points(ROSA, OTHER_SHOP))).toBe(0);
    expect(sums(await points(OTHER, ROSA_SHOP))).toBe(0);
    expect(sums(await points(OTHER, OTHER_SHOP))).toBe(999);
    // The member reads their own ledger rows, but this figure is the business's: through RLS they see only theirs.
    await expect(asAnon(db, (q) => q(`select * from private.merchant_point_days($1, 30)`, [ROSA_SHOP]))).rejects.toEqual(denied);
  });
});

describe('followers per day', () => {
  it('counts only the caller\'s own business, with the running total of current followers', async () => {
    const [extra] = await asService(db, (q) => q<{ id: string }>(
      `insert into public.profiles (email, name) values ('fan@example.com', 'Fan') returning id`));
    await asService(db, (q) => q(
      `insert into public.follows (user_id, merchant_id, created_at) values ($1, $2, now() - interval '2 days'), ($1, $3, now())`,
      [extra.id, ROSA_SHOP, OTHER_SHOP]));
    const followers = (userId: string) => asUser(db, userId, (q) => q<{ day: string | Date; new_followers: number; followers: number }>(
      `select * from private.my_follower_days(30)`));
    const rosa = await followers(ROSA);
    expect(rosa).toHaveLength(30);
    // Seed: the demo member followed Rosa's 21 days ago.
    expect(rosa.map((r) => r.new_followers).reduce((a, b) => a + b, 0)).toBe(2);
    expect(rosa[0].followers).toBe(0);
    expect(rosa[29].followers).toBe(2);
    expect(rosa.find((r) => dayText(r.day) === utcDay(21))?.new_followers).toBe(1);
    // Counted before the window: a 7-day window starts with the member who followed 21 days ago.
    const week = await asUser(db, ROSA, (q) => q<{ followers: number }>(`select * from private.my_follower_days(7)`));
    expect(week[0].followers).toBe(1);

    const other = await followers(OTHER);
    expect(other[29]).toMatchObject({ new_followers: 1, followers: 1 });
    for (const who of [SEED.member.id, TEST_ADMIN.id]) {
      expect((await followers(who)).every((r) => r.followers === 0 && r.new_followers === 0)).toBe(true);
    }
    await expect(asAnon(db, (q) => q(`select * from private.my_follower_days(30)`))).rejects.toEqual(denied);
  });
});

describe('the platform per month', () => {
  const months = (userId: string) => asUser(db, userId, (q) => q<{
    month: string | Date; signups: number; active_memberships: number; payment_volume_cents: string; charity_share_cents: string;
  }>(`select * from private.admin_platform_months(12)`));

  it('answers only the designated admin', async () => {
    for (const who of [SEED.member.id, ROSA, OTHER_ADMIN]) {
      await expect(months(who)).rejects.toEqual(denied);
    }
    await expect(asAnon(db, (q) => q(`select * from private.admin_platform_months(12)`))).rejects.toEqual(denied);
  });

  it('counts signups, running memberships, volume and charity share per UTC month, zero-filled', async () => {
    const before = await months(TEST_ADMIN.id);
    expect(before).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(dayText(before[11].month).slice(0, 7)).toBe(thisMonth);

    await asService(db, async (q) => {
      const [old] = await q<{ id: string }>(
        `insert into public.profiles (email, name, created_at) values ('old@example.com', 'Old', now() - interval '3 months') returning id`);
      const [sub] = await q<{ id: string }>(
        `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                           current_period_start, current_period_end, created_at, canceled_at)
         values ($1, 'monthly', 'canceled', 'test', 'cus_x', 'sub_x', now() - interval '3 months', now() - interval '2 months',
                 now() - interval '3 months', now() - interval '1 month') returning id`, [old.id]);
      // Before the window: one still running (counts in every month), one canceled before the window (in none).
      await q(`insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                                 current_period_start, current_period_end, created_at, canceled_at)
               values ($1, 'yearly', 'active', 'test', 'cus_y', 'sub_y', now() - interval '2 months', now() + interval '10 months',
                       now() - interval '14 months', null),
                      ($1, 'monthly', 'canceled', 'test', 'cus_z', 'sub_z', now() - interval '15 months', now() - interval '14 months',
                       now() - interval '15 months', now() - interval '13 months')`, [old.id]);
      await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents, paid_at)
               values ($1, $2, 'test', 'in_x1', 2000, 1000, 200, now() - interval '3 months'), ($1, $2, 'test', 'in_x2', 999, 1000, 100, now())`,
      [old.id, sub.id]);
    });
    const after = await months(TEST_ADMIN.id);
    const diff = after.map((row, i) => ({
      signups: row.signups - before[i].signups,
      active: row.active_memberships - before[i].active_memberships,
      volume: Number(row.payment_volume_cents) - Number(before[i].payment_volume_cents),
      share: Number(row.charity_share_cents) - Number(before[i].charity_share_cents),
    }));
    const monthOf = (ago: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - ago, 1)).toISOString().slice(0, 7);
    };
    const at = (ago: number) => diff[after.findIndex((r) => dayText(r.month).slice(0, 7) === monthOf(ago))];
    expect(at(3)).toEqual({ signups: 1, active: 2, volume: 2000, share: 200 });
    expect(at(2)).toEqual({ signups: 0, active: 2, volume: 0, share: 0 });
    // Canceled a month ago: not running at the end of last month, nor now.
    expect(at(1)).toEqual({ signups: 0, active: 1, volume: 0, share: 0 });
    expect(at(0)).toEqual({ signups: 0, active: 1, volume: 999, share: 100 });
    expect(diff.map((d) => d.active).filter((n, i) => n !== 1 && ![8, 9].includes(i))).toEqual([]);
    // The seeded month shows the seed's accounts, its one running membership and its payment.
    expect(after[11].active_memberships).toBeGreaterThanOrEqual(1);
    expect(after[11].signups).toBeGreaterThan(0);
  });
});
