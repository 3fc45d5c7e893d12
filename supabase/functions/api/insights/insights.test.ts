// GET /api/merchant/insights and GET /api/admin/insights through app.request(): each caller gets only
// their own figures, everyone else 401 or 403 (decision 120).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantInsights, platformInsights } from '../../_shared/contract/insights.ts';
import { signInSecondAdmin } from '../../../../tests/support/admin-accounts.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { registerMerchant } from '../../../../tests/support/merchant-accounts.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let rosa: Agent;
let market: Agent;
let admin: Agent;
let member: Agent;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  rosa = await t.signIn(SEED.merchantOwner);
  market = await t.signIn(DEALS_SEED.otherMerchant, '198.51.100.77');
  admin = await t.signIn(TEST_ADMIN, '198.51.100.78');
  member = await t.signIn(SEED.member, '198.51.100.79');
  await asService(t.database, async (q) => {
    // Rosa's: 4 codes for the burritos today, 1 latte 40 days ago; St. Vrain Market: 6 today.
    await q(`insert into public.deal_redemptions (deal_id, merchant_id, code_step) select $1, $2, g from generate_series(1, 4) g`,
      [DEALS_SEED.rosaPercentDealId, SEED.activeMerchantId]);
    await q(`insert into public.deal_redemptions (deal_id, merchant_id, code_step, created_at) values ($1, $2, 1, now() - interval '40 days')`,
      [DEALS_SEED.rosaAmountDealId, SEED.activeMerchantId]);
    await q(`insert into public.deal_redemptions (deal_id, merchant_id, code_step) select $1, $2, g from generate_series(1, 6) g`,
      [DEALS_SEED.otherMerchantDealId, DEALS_SEED.otherMerchant.merchantId]);
  });
});
afterAll(() => t.close());

describe('GET /api/merchant/insights', () => {
  it('answers the business its own figures, one value per UTC day, over 30 or 90 days', async () => {
    const res = await rosa.get('/api/merchant/insights');
    expect(res.status).toBe(200);
    const body = merchantInsights.parse(res.body);
    expect(body).toMatchObject({ days: 30, timeZone: 'UTC' });
    expect(body.dates).toHaveLength(30);
    expect(body.dates.at(-1)).toBe(today());
    expect(body.deals.map((d) => [d.dealId, d.total])).toEqual([[DEALS_SEED.rosaPercentDealId, 4]]);
    expect(body.deals[0].redemptions.at(-1)).toBe(4);
    expect(body.deals[0].redemptions.slice(0, -1).every((n) => n === 0)).toBe(true);
    expect(body.bestDeals).toEqual([{ dealId: DEALS_SEED.rosaPercentDealId, title: '20% Off Breakfast Burritos', total: 4 }]);
    // The seed: 250 points earned today by the demo member, who followed 21 days ago.
    expect(body.points).toMatchObject({ totalEarned: DEALS_SEED.memberRosaPoints, totalRedeemed: 0 });
    expect(body.points.earned.at(-1)).toBe(DEALS_SEED.memberRosaPoints);
    expect(body.followers.total.at(-1)).toBe(1);
    expect(body.followers.new.reduce((a, b) => a + b, 0)).toBe(1);

    const quarter = merchantInsights.parse((await rosa.get('/api/merchant/insights?days=90')).body);
    expect(quarter.dates).toHaveLength(90);
    expect(quarter.deals.map((d) => [d.dealId, d.total])).toEqual([[DEALS_SEED.rosaPercentDealId, 4], [DEALS_SEED.rosaAmountDealId, 1]]);
  });

  it('never shows a business another business\'s figures, whatever the query says', async () => {
    const res = await market.get(`/api/merchant/insights?days=30&merchantId=${SEED.activeMerchantId}`);
    expect(res.status).toBe(200);
    const body = merchantInsights.parse(res.body);
    expect(body.deals.map((d) => [d.dealId, d.total])).toEqual([[DEALS_SEED.otherMerchantDealId, 6]]);
    expect(body.points.totalEarned).toBe(0);
    expect(body.followers.total.at(-1)).toBe(0);
  });

  it('refuses visitors (401), members, the admin and businesses not yet approved (403), and other windows (400)', async () => {
    expect((await t.agent('198.51.100.80').get('/api/merchant/insights')).status).toBe(401);
    expect((await member.get('/api/merchant/insights')).status).toBe(403);
    expect((await admin.get('/api/merchant/insights')).status).toBe(403);
    const pending = await registerMerchant(t, { name: 'Not Yet Open', approved: false });
    expect((await pending.agent.get('/api/merchant/insights')).status).toBe(403);
    const bad = await rosa.get('/api/merchant/insights?days=365');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/days must be 30 or 90/);
  });
});

describe('GET /api/admin/insights', () => {
  it('answers the designated admin twelve UTC months, zero-filled', async () => {
    const res = await admin.get('/api/admin/insights');
    expect(res.status).toBe(200);
    const body = platformInsights.parse(res.body);
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toBe(today().slice(0, 7));
    for (const series of [body.signups, body.activeMemberships, body.paymentVolumeCents, body.charityShareCents]) {
      expect(series).toHaveLength(12);
    }
    // The seed: its accounts, the demo member's running membership and first payment ($9.99) this month.
    expect(body.signups.at(-1)).toBeGreaterThan(0);
    expect(body.activeMemberships.at(-1)).toBe(1);
    expect(body.paymentVolumeCents.at(-1)).toBe(999);
    expect(body.paymentVolumeCents.slice(0, -1).every((n) => n === 0)).toBe(true);
  });

  it('refuses visitors (401) and everyone but the designated admin (403)', async () => {
    expect((await t.agent('198.51.100.81').get('/api/admin/insights')).status).toBe(401);
    for (const agent of [member, rosa, await signInSecondAdmin(t)]) {
      expect((await agent.get('/api/admin/insights')).status).toBe(403);
    }
  });
});
