import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_NOT_FOUND_MESSAGE, DEAL_UNAVAILABLE_MESSAGE } from '../../_shared/contract/deal-links.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { offlineCodeAt } from '../../_shared/offline-codes.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { insertAccount } from '../../../../tests/support/accounts.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';

// Deal links (decision 115): GET /api/deals/public/:id for everyone, GET /api/deals/member/:id for members.

let t: TestApp;
let member: Agent;
let merchant: Agent;
let lapsed: Agent;
let paused: string;
let pendingBusiness: string;
const UNKNOWN = 'd0000000-0000-4000-8000-0000000000ff';
const BURRITO = DEALS_SEED.rosaPercentDealId;

beforeAll(async () => {
  ({ t, member, rosa: merchant } = await startMemberTestApp());
  lapsed = await t.signIn(await insertAccount(t, { email: 'lapsed-link@example.com', name: 'Lapsed', role: 'USER' }));
  [{ id: paused }] = await asService(t.database, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent, active) values ($1, 'Paused link', 'Off for now', 5, false) returning id`,
    [SEED.activeMerchantId]));
  [{ id: pendingBusiness }] = await asService(t.database, (q) => q<{ id: string }>(
    `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Pending link', 'Not approved', 5) returning id`,
    [SEED.pendingMerchantId]));
});
afterAll(() => t.close());

describe('GET /api/deals/public/:id', () => {
  it('shows one live deal in the public view to visitors, members and merchants alike, never a code', async () => {
    const visitor = await t.agent().get(`/api/deals/public/${BURRITO}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({
      id: BURRITO, title: '20% Off Breakfast Burritos', merchantId: SEED.activeMerchantId, merchantName: "Rosa's River Cafe",
      discountPercent: 20, discountPercentage: 20, maxUses: 500,
      merchant: { businessName: "Rosa's River Cafe", city: { id: SEED.lyonsId, name: 'Lyons', state: 'Colorado' } },
    });
    // The same shape as the deal in the public list, and where the business is (issue 40).
    const listed = (await t.agent().get('/api/deals/public')).body.find((d: { id: string }) => d.id === BURRITO);
    const { locations, ...deal } = visitor.body;
    expect(deal).toEqual(listed);
    expect(locations).toEqual([expect.objectContaining({ address: expect.any(String), openNow: null, openText: null, hours: [] })]);
    for (const agent of [t.agent(), member, merchant, lapsed]) {
      const res = await agent.get(`/api/deals/public/${BURRITO}`);
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('currentCode');
      expect(res.body).not.toHaveProperty('offlineCodes');
      expect(JSON.stringify(res.body)).not.toMatch(/secret|code"/i);
    }
  });

  it('answers 410 for a deal that exists but is not live or not listed (even to its owner), 404 for an unknown or malformed id', async () => {
    for (const id of [paused, pendingBusiness]) {
      for (const agent of [t.agent(), merchant]) {
        const res = await agent.get(`/api/deals/public/${id}`);
        expect(res.status).toBe(410);
        expect(res.body).toEqual({ message: DEAL_UNAVAILABLE_MESSAGE });
      }
    }
    for (const id of [UNKNOWN, 'not-a-deal', '1%20or%201=1']) {
      const res = await t.agent().get(`/api/deals/public/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: DEAL_NOT_FOUND_MESSAGE });
    }
  });

  it('says "no longer available" once a live deal is deactivated', async () => {
    const [deal] = await asService(t.database, (q) => q<{ id: string }>(
      `insert into public.deals (merchant_id, title, description, discount_percent) values ($1, 'Brief', 'Soon gone', 5) returning id`, [SEED.activeMerchantId]));
    expect((await t.agent().get(`/api/deals/public/${deal.id}`)).status).toBe(200);
    await asService(t.database, (q) => q(`update public.deals set active = false where id = $1`, [deal.id]));
    expect((await t.agent().get(`/api/deals/public/${deal.id}`)).status).toBe(410);
    await asService(t.database, (q) => q(`delete from public.deals where id = $1`, [deal.id]));
    expect((await t.agent().get(`/api/deals/public/${deal.id}`)).status).toBe(404);
  });
});

describe('GET /api/deals/member/:id', () => {
  it('gives a member the deal with the same code as the member list, and an offline cover that computes it', async () => {
    const res = await member.get(`/api/deals/member/${BURRITO}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: BURRITO, title: '20% Off Breakfast Burritos', merchantName: "Rosa's River Cafe", merchantCategory: 'food-dining',
      merchantIsWomenOwned: true, discountPercent: 20, discountAmount: null, maxUses: 500,
    });
    expect(res.body.currentCode).toMatch(/^\d{6}$/);
    const list = (await member.get(`/api/deals?cityId=${SEED.lyonsId}`)).body.find((d: { id: string }) => d.id === BURRITO);
    const { offlineCodes, ...deal } = res.body;
    // The list's card also names the location it stands for (decision 209); the deal's page lists them all.
    const { location, ...card } = list;
    expect(location).toMatchObject({ distanceMeters: null });
    delete deal.locations;
    // Both reads fall in one 120 s step unless this test straddles a rotation.
    if (list.codeExpiresAt === deal.codeExpiresAt) expect(deal).toEqual(card);
    else expect(Date.parse(list.codeExpiresAt) - Date.parse(deal.codeExpiresAt)).toBe(120_000);

    expect(offlineCodes.dealId).toBe(BURRITO);
    const coverEnd = Date.parse(offlineCodes.validUntil);
    expect(coverEnd).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(coverEnd).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
    const fromCover = await offlineCodeAt(offlineCodes, Date.parse(deal.codeExpiresAt) - 60_000);
    expect(fromCover?.code).toBe(deal.currentCode);
    expect(await offlineCodeAt(offlineCodes, coverEnd + 1)).toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
  });

  it('ends the cover with the membership', async () => {
    const endsSoon = await insertAccount(t, { email: 'ends-soon@example.com', name: 'Ends Soon', role: 'USER' });
    await asService(t.database, (q) => q(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
       values ($1, 'monthly', 'active', 'test', 'cus_soon', 'sub_soon', now() - interval '29 days', now() + interval '3 hours')`, [endsSoon.id]));
    const agent = await t.signIn(endsSoon);
    const res = await agent.get(`/api/deals/member/${BURRITO}`);
    expect(res.status).toBe(200);
    const end = Date.parse(res.body.offlineCodes.validUntil);
    expect(end).toBeLessThanOrEqual(Date.now() + 3 * 3600_000);
    expect(end).toBeGreaterThan(Date.now() + 2.9 * 3600_000);
  });

  it('never gives a code to visitors, lapsed members, merchants or the admin', async () => {
    expect((await t.agent().get(`/api/deals/member/${BURRITO}`)).status).toBe(401);
    const lapsedRes = await lapsed.get(`/api/deals/member/${BURRITO}`);
    expect(lapsedRes.status).toBe(403);
    expect(lapsedRes.body).toEqual({ message: MEMBERSHIP_REQUIRED_MESSAGE });
    // Without a membership, not even whether an id exists.
    expect((await lapsed.get(`/api/deals/member/${UNKNOWN}`)).status).toBe(403);
    expect((await merchant.get(`/api/deals/member/${BURRITO}`)).status).toBe(403);
    const admin = await t.signIn(TEST_ADMIN);
    expect((await admin.get(`/api/deals/member/${BURRITO}`)).status).toBe(403);
  });

  it('answers a member 410 for a deal no longer live, 404 for an unknown or malformed id', async () => {
    for (const id of [paused, pendingBusiness]) {
      const res = await member.get(`/api/deals/member/${id}`);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message: DEAL_UNAVAILABLE_MESSAGE });
    }
    for (const id of [UNKNOWN, 'nope']) {
      const res = await member.get(`/api/deals/member/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: DEAL_NOT_FOUND_MESSAGE });
    }
  });
});
