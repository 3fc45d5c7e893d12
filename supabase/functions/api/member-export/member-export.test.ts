// GET /api/member/export (issue 41, decision 197): a member downloads their own data, and only theirs. Two members
// with the same kinds of rows (a paid membership, a follow, a redemption and its review); each file holds the
// member's own and nothing of the other's. The reads name no user for the tables whose RLS is "own rows": run as
// the service role, the export would list both members' payments, and this test would fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberExport } from '../../_shared/contract/member-export.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { MEMBER_EXPORTS_PER_HOUR } from './member-export.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ip = 0;
/** A member who subscribed through the checkout (a subscription and a payment), follows Rosa, and rated a visit there. */
async function member(email: string, name: string, comment: string, referralCode?: string) {
  const agent = t.agent(`198.51.100.${++ip}`);
  const account = { email, name, password: 'secret123', homeCityId: SEED.lyonsId, ...(referralCode ? { referralCode } : {}) };
  const done = (await subscribeThroughApi(agent, account)).completed!;
  expect(done.status).toBe(200);
  const id = done.body.user.id as string;
  expect((await agent.post(`/api/businesses/${SEED.activeMerchantId}/follow`)).status).toBeLessThan(300);
  await asService(t.database, async (q) => {
    const [redemption] = await q<{ id: string }>(
      `insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step) values ($1, $2, $3, 1) returning id::text`,
      [DEALS_SEED.rosaAmountDealId, SEED.activeMerchantId, id]);
    await q(
      `insert into public.business_reviews (merchant_id, member_id, redemption_id, author_name, rating, comment, visit_day)
       values ($1, $2, $3, $4, 4, $5, current_date)`,
      [SEED.activeMerchantId, id, redemption!.id, name, comment]);
  });
  return { agent, id, email };
}

const download = (agent: Agent) => agent.get('/api/member/export');

describe('GET /api/member/export', () => {
  let ana: Awaited<ReturnType<typeof member>>;
  let ben: Awaited<ReturnType<typeof member>>;
  let anaCode: string;
  beforeAll(async () => {
    ana = await member('ana-export@example.com', 'Ana Export', 'Ana liked the scones');
    // Ben came with Ana's invite; Ana has a credit, a gift she bought for a friend, and a post.
    anaCode = (await ana.agent.get('/api/member/referral')).body.code as string;
    ben = await member('ben-export@example.com', 'Ben Export', 'Ben found it too loud', anaCode);
    // Written as the owner: these tables are written only by their functions (credits, gifts) or a signed-in author.
    const admin = t.database.admin;
    await admin.query(`insert into public.account_credits (user_id, amount_cents, reason, source) values ($1, 500, 'offer_not_honoured', 'export-test')`, [ana.id]);
    await admin.query(
      `insert into public.gifts (months, amount_cents, buyer_user_id, buyer_email, buyer_name, recipient_email, message, deliver_on, provider, payment_intent_id)
       values (3, 2997, $1, $2, 'Ana Export', 'friend-export@example.com', 'Enjoy!', '2026-12-24', 'test', 'pi_export_gift')`,
      [ana.id, ana.email]);
    await admin.query(
      `insert into public.community_posts (city_id, author_id, author_name, body) values ($1, $2, 'Ana', 'Ana posted about the market')`,
      [SEED.lyonsId, ana.id]);
  });

  it('is a download of the member\'s own profile, membership, payments, redemptions, reviews, follows, credits, referrals, gifts and posts', async () => {
    const res = await download(ana.agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = memberExport.parse(res.body);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="pay-local-data-${data.profile.memberNumber}-${data.exportedAt.slice(0, 10)}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(data.profile).toMatchObject({ id: ana.id, email: ana.email, name: 'Ana Export', homeCity: 'Lyons' });
    expect(data.memberships).toEqual([expect.objectContaining({ plan: 'monthly', status: 'active' })]);
    expect(data.payments).toEqual([expect.objectContaining({ amountCents: 999, currency: 'usd', plan: 'monthly', refunds: [] })]);
    expect(data.redemptions).toEqual([expect.objectContaining({ business: "Rosa's River Cafe", undone: false })]);
    expect(data.reviews).toEqual([expect.objectContaining({ business: "Rosa's River Cafe", rating: 4, comment: 'Ana liked the scones', hidden: false })]);
    expect(data.follows).toEqual([expect.objectContaining({ businessId: SEED.activeMerchantId, business: "Rosa's River Cafe" })]);
    expect(data.credits).toEqual([expect.objectContaining({ amountCents: 500, reason: 'offer_not_honoured' })]);
    expect(data.referral).toEqual({ code: anaCode, referrals: [expect.objectContaining({ side: 'invited_someone', status: 'pending', settledAt: null })] });
    expect(data.gifts).toEqual([expect.objectContaining({
      side: 'bought', months: 3, amountCents: 2997, recipientEmail: 'friend-export@example.com', message: 'Enjoy!', deliverOn: '2026-12-24', paidAt: null,
    })]);
    expect(data.posts).toEqual([expect.objectContaining({ body: 'Ana posted about the market', photo: null, hidden: false })]);
  });

  it('shows the invited side of a referral without naming who invited', async () => {
    const data = memberExport.parse((await download(ben.agent)).body);
    expect(data.referral).toEqual({ code: null, referrals: [expect.objectContaining({ side: 'was_invited', status: 'pending' })] });
    expect(data.credits).toEqual([]);
    expect(data.gifts).toEqual([]);
    expect(data.posts).toEqual([]);
  });

  it('never holds another member\'s rows, though both have the same kinds', async () => {
    const [forAna, forBen] = await Promise.all([download(ana.agent), download(ben.agent)]);
    const anaText = JSON.stringify(forAna.body);
    const benText = JSON.stringify(forBen.body);
    for (const [text, other] of [[anaText, ben], [benText, ana]] as const) {
      expect(text).not.toContain(other.id);
      expect(text).not.toContain(other.email);
    }
    expect(anaText).not.toContain('Ben found it too loud');
    expect(benText).not.toContain('Ana liked the scones');
    expect(benText).not.toContain('Ana posted about the market');
    expect(benText).not.toContain('friend-export@example.com');
    expect(benText).not.toContain(anaCode);
    const paymentIds = (body: typeof forAna.body) => (body.payments as { id: string }[]).map((p) => p.id);
    expect(paymentIds(forAna.body)).toHaveLength(1);
    expect(paymentIds(forBen.body)).toHaveLength(1);
    expect(paymentIds(forAna.body)).not.toEqual(paymentIds(forBen.body));
    // The seeded member's own rows (a payment-less membership, points) are nobody else's either.
    expect(anaText).not.toContain(SEED.member.email);
  });

  it('is for members only', async () => {
    expect((await t.agent().get('/api/member/export')).status).toBe(401);
    const rosa = await t.signIn(SEED.merchantOwner);
    expect((await download(rosa)).status).toBe(403);
  });

  it('is counted by the one limiter: past the hourly allowance, 429 with Retry-After', async () => {
    const carl = await member('carl-export@example.com', 'Carl Export', 'Carl came back');
    const statuses: number[] = [];
    for (let i = 0; i < MEMBER_EXPORTS_PER_HOUR + 1; i++) statuses.push((await download(carl.agent)).status);
    expect(statuses).toEqual([...Array(MEMBER_EXPORTS_PER_HOUR).fill(200), 429]);
    const refused = await download(carl.agent);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member's allowance is their own.
    expect((await download(ana.agent)).status).toBe(200);
  });
});
