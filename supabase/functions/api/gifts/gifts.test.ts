// Gift memberships (issue 39 item 3, decision 201) on the built-in test provider: bought by a visitor or a member
// and paid once; sent by the scheduled job on its date, exactly once; redeemed by a new person (who then passes
// every gate private.has_active_subscription guards) or onto an existing membership (after its period); never
// renewed; refunded by the admin only while unredeemed; the 10% charity share booked when paid and reversed on refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../_shared/constants.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { subscribeThroughApi, testCard } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';

const SECRET = 'gift-drain-secret';
const MONTH = PLANS.monthly.priceCents;
let t: TestApp;
let admin: Agent;
let rosa: Agent;
let ip = 0;
const fresh = () => t.agent(`198.51.100.${++ip}`);
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => asService(t.database, (q) => q<T>(text, params));
const day = (offsetDays: number) => isoDay(new Date(Date.now() + offsetDays * 86_400_000));
const deliveries = (secret?: string) => fresh().request('POST', '/api/internal/gift-deliveries', undefined, secret ? { 'x-drain-secret': secret } : {});
const mails = (to: string, kind: string) =>
  sql<{ text_body: string }>(`select text_body from private.mail_outbox where to_address = $1 and kind = $2 order by created_at`, [to, kind]);
const tokenIn = (text: string, path: string) => new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text)![1]!;
const ledgerOf = (giftId: string) => sql<{ kind: string; cents: number; charity_id: string | null }>(
  `select l.kind, l.cents, l.charity_id from public.charity_ledger l join public.gifts g on g.payment_id = l.payment_id
    where g.id = $1 order by l.created_at, l.kind desc`, [giftId]);

/** Buys and pays a gift through the API as the browser does: POST /api/gifts, the card, POST /api/gifts/complete. */
async function buyPaid(agent: Agent, body: Record<string, unknown>) {
  const bought = await agent.post('/api/gifts', body);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  expect((await agent.post('/api/test-payments/confirm', testCard(bought.body.clientSecret))).status).toBe(200);
  const completed = await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return { giftId: bought.body.giftId as string, bought: bought.body, completed: completed.body };
}

async function deliveredToken(recipient: string) {
  const [mail] = await mails(recipient, 'gift_delivery');
  return tokenIn(mail!.text_body, 'gift');
}

async function register(email: string) {
  const agent = fresh();
  const res = await agent.post('/api/auth/register', {
    role: 'USER', name: 'Gifted Person', email, password: 'secret1234', homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { agent, id: res.body.user.id as string };
}

let visitorGift: string;
let memberGift: string;
let buyer: Agent;

beforeAll(async () => {
  t = await createTestApp({ MAIL_DRAIN_SECRET: SECRET });
  admin = await t.signIn(TEST_ADMIN);
  rosa = await t.signIn(SEED.merchantOwner);
});
afterAll(() => t.close());

describe('buying a gift', () => {
  it('refuses a past date, an unknown length, and a visitor who does not say who they are', async () => {
    const base = { months: 1, recipientEmail: 'someone@example.com', deliverOn: day(0), buyerEmail: 'v@example.com', buyerName: 'Vi' };
    expect((await fresh().post('/api/gifts', { ...base, deliverOn: day(-1) })).status).toBe(400);
    expect((await fresh().post('/api/gifts', { ...base, deliverOn: day(400) })).status).toBe(400);
    expect((await fresh().post('/api/gifts', { ...base, months: 2 })).status).toBe(400);
    expect((await fresh().post('/api/gifts', { ...base, buyerName: undefined })).status).toBe(400);
  });

  it('by a visitor: months × the monthly price, paid once, a receipt, the share to the general fund', async () => {
    const agent = fresh();
    const body = {
      months: 3, recipientEmail: 'Gift.New@Example.com', message: 'Happy birthday!', deliverOn: day(0),
      buyerEmail: 'visitor-buyer@example.com', buyerName: 'Vera Visitor',
    };
    const bought = await agent.post('/api/gifts', body);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ provider: 'test', amountCents: 3 * MONTH, currency: 'usd' });
    // Not paid yet: nothing recorded, no receipt.
    expect((await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId })).status).toBe(402);
    expect(await sql(`select 1 from public.payments where provider_payment_intent_id = $1`, [bought.body.paymentIntentId])).toHaveLength(0);

    expect((await agent.post('/api/test-payments/confirm', testCard(bought.body.clientSecret))).status).toBe(200);
    const done = await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId });
    expect(done.status).toBe(200);
    expect(done.body.gift).toMatchObject({ months: 3, amountCents: 3 * MONTH, recipientEmail: 'gift.new@example.com', state: 'paid' });
    expect(done.body.receiptToken).toEqual(expect.any(String));
    const again = await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId });
    expect(again.body).toMatchObject({ gift: { state: 'paid' }, receiptToken: null });

    visitorGift = bought.body.giftId;
    expect(await sql(`select amount_cents, user_id, subscription_id from public.payments where provider_payment_intent_id = $1`,
      [bought.body.paymentIntentId])).toEqual([{ amount_cents: 3 * MONTH, user_id: null, subscription_id: null }]);
    expect(await ledgerOf(visitorGift)).toEqual([{ kind: 'share', cents: Math.round(0.3 * MONTH), charity_id: null }]);
    const receipts = await mails('visitor-buyer@example.com', 'gift_receipt');
    expect(receipts).toHaveLength(1);
    const receipt = await fresh().get(`/api/gifts/receipt/${tokenIn(receipts[0]!.text_body, 'gift-receipt')}`);
    expect(receipt.body.gift).toMatchObject({ id: visitorGift, state: 'paid', redeemedAt: null });
    expect((await fresh().get('/api/gifts/receipt/not-a-token')).status).toBe(404);
  });

  it("by a signed-in member: under their name, the share to their charity, listed on their profile", async () => {
    buyer = fresh();
    const { completed } = await subscribeThroughApi(buyer, {
      email: 'gift-buyer@example.com', name: 'Gus Giver', password: 'secret123', homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
    });
    expect(completed?.status).toBe(200);
    const { giftId } = await buyPaid(buyer, { months: 1, recipientEmail: 'gift-member@example.com', deliverOn: day(1) });
    memberGift = giftId;
    expect(await sql(`select buyer_name, buyer_email from public.gifts where id = $1`, [giftId]))
      .toEqual([{ buyer_name: 'Gus Giver', buyer_email: 'gift-buyer@example.com' }]);
    expect(await ledgerOf(giftId)).toEqual([{ kind: 'share', cents: Math.round(0.1 * MONTH), charity_id: SEED.lyonsCharityId }]);
    const mine = await buyer.get('/api/gifts/mine');
    expect(mine.body.gifts).toEqual([expect.objectContaining({ id: giftId, state: 'paid', deliverOn: day(1) })]);
    expect((await fresh().get('/api/gifts/mine')).status).toBe(401);
  });
});

describe('the delivery job', () => {
  it('answers only the scheduled caller', async () => {
    expect((await deliveries()).status).toBe(403);
    expect((await deliveries('wrong')).status).toBe(403);
  });

  it('sends each gift on its date, exactly once', async () => {
    expect((await deliveries(SECRET)).body).toEqual({ settled: 0, delivered: 1 });
    expect(await mails('gift.new@example.com', 'gift_delivery')).toHaveLength(1);
    expect((await mails('gift.new@example.com', 'gift_delivery'))[0]!.text_body).toContain('Happy birthday!');
    // Tomorrow's gift waits for its day.
    expect(await mails('gift-member@example.com', 'gift_delivery')).toHaveLength(0);
    expect((await deliveries(SECRET)).body).toEqual({ settled: 0, delivered: 0 });
    expect(await mails('gift.new@example.com', 'gift_delivery')).toHaveLength(1);

    await sql(`update public.gifts set deliver_on = deliver_on - 1 where id = $1`, [memberGift]);
    const [first, second] = await Promise.all([deliveries(SECRET), deliveries(SECRET)]);
    expect(first!.body.delivered + second!.body.delivered).toBe(1);
    expect(await mails('gift-member@example.com', 'gift_delivery')).toHaveLength(1);
    expect((await buyer.get('/api/gifts/mine')).body.gifts[0].state).toBe('delivered');
  });

  it('records a gift paid in a tab that closed before completing, then sends it', async () => {
    const agent = fresh();
    const bought = await agent.post('/api/gifts', {
      months: 1, recipientEmail: 'closed-tab-gift@example.com', deliverOn: day(0), buyerEmail: 'closed@example.com', buyerName: 'Cleo',
    });
    expect((await agent.post('/api/test-payments/confirm', testCard(bought.body.clientSecret))).status).toBe(200);
    expect((await deliveries(SECRET)).body).toEqual({ settled: 1, delivered: 1 });
    expect(await mails('closed@example.com', 'gift_receipt')).toHaveLength(1);
    expect(await mails('closed-tab-gift@example.com', 'gift_delivery')).toHaveLength(1);
  });
});

describe('redeeming', () => {
  let newcomer: { agent: Agent; id: string };
  let deal: { id: string; currentCode: string };

  it('a new person creates an account, redeems, and passes every gate of an active member', async () => {
    const token = await deliveredToken('gift.new@example.com');
    const page = await fresh().get(`/api/gifts/redeem/${token}`);
    expect(page.body).toEqual({
      months: 3, fromName: 'Vera Visitor', message: 'Happy birthday!', recipientEmail: 'gift.new@example.com', redeemed: false, refunded: false,
    });
    expect((await fresh().post(`/api/gifts/redeem/${token}`)).status).toBe(401);
    expect((await fresh().get('/api/gifts/redeem/not-a-token')).status).toBe(404);

    newcomer = await register('gift.new@example.com');
    const member = DEALS_SEED.rosaPercentDealId;
    expect((await newcomer.agent.get(`/api/deals/member/${member}`)).status).toBe(403);
    const redeemed = await newcomer.agent.post(`/api/gifts/redeem/${token}`);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.message).toBe('Your gift membership is active.');
    const months = (Date.parse(redeemed.body.endsAt) - Date.parse(redeemed.body.startsAt)) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);

    // Every gate of private.has_active_subscription: status, member deal and its code, the counter's check.
    expect((await newcomer.agent.get('/api/subscription/status')).body).toEqual({ isActive: true });
    expect((await newcomer.agent.get('/api/subscription/details')).body.isActive).toBe(true);
    const code = await newcomer.agent.get(`/api/deals/member/${member}`);
    expect(code.status).toBe(200);
    expect(code.body.currentCode).toMatch(/^\d{6}$/);
    deal = (await rosa.post('/api/merchant/deals', { title: 'Gift latte', description: 'Once each', discountPercent: 10 })).body;
    const [{ member_number }] = await sql<{ member_number: number }>(`select member_number from public.profiles where id = $1`, [newcomer.id]);
    const checked = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: String(member_number) }));
    expect(checked.status, JSON.stringify(checked.body)).toBe(201);

    // Once: the same account again changes nothing; anyone else is refused.
    expect((await newcomer.agent.post(`/api/gifts/redeem/${token}`)).body.endsAt).toBe(redeemed.body.endsAt);
    const other = await register('someone-else@example.com');
    expect((await other.agent.post(`/api/gifts/redeem/${token}`)).status).toBe(409);
    expect((await fresh().get(`/api/gifts/redeem/${token}`)).body.redeemed).toBe(true);
    const receipt = (await mails('visitor-buyer@example.com', 'gift_receipt'))[0]!;
    expect((await fresh().get(`/api/gifts/receipt/${tokenIn(receipt.text_body, 'gift-receipt')}`)).body.gift.state).toBe('redeemed');
  });

  it('an existing member: the gift follows the period already paid', async () => {
    const agent = fresh();
    await subscribeThroughApi(agent, { email: 'gift-member@example.com', name: 'Mo Member', password: 'secret123' });
    const [{ end }] = await sql<{ end: Date }>(
      `select s.current_period_end as end from public.subscriptions s join public.profiles p on p.id = s.user_id where p.email = $1`,
      ['gift-member@example.com']);
    const token = await deliveredToken('gift-member@example.com');
    const redeemed = await agent.post(`/api/gifts/redeem/${token}`);
    expect(redeemed.status).toBe(200);
    expect(Date.parse(redeemed.body.startsAt)).toBe(new Date(end).getTime());
    expect(redeemed.body.message).toMatch(/starts when your current membership ends/);
    expect((await buyer.get('/api/gifts/mine')).body.gifts[0]).toMatchObject({ id: memberGift, state: 'redeemed' });
  });

  it('never renews: when the gifted period is over the member is not active, and nothing is charged', async () => {
    await sql(`update public.gifts set starts_at = now() - interval '100 days', ends_at = now() - interval '1 second' where redeemed_by = $1`, [newcomer.id]);
    expect((await newcomer.agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
    await deliveries(SECRET);
    expect((await newcomer.agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
    expect(await sql(`select 1 from public.payments where user_id = $1 union all select 1 from public.subscriptions where user_id = $1`, [newcomer.id]))
      .toHaveLength(0);
    expect((await newcomer.agent.get(`/api/deals/member/${DEALS_SEED.rosaPercentDealId}`)).status).toBe(403);
    const [{ member_number }] = await sql<{ member_number: number }>(`select member_number from public.profiles where id = $1`, [newcomer.id]);
    const checked = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: String(member_number) }));
    expect(checked.status).not.toBe(201);
  });
});

describe("the admin's refund", () => {
  it('refunds an unredeemed gift in full once, reverses its charity share, and the link then refuses it', async () => {
    const { giftId } = await buyPaid(fresh(), {
      months: 12, recipientEmail: 'refund-me@example.com', deliverOn: day(0), buyerEmail: 'refund-buyer@example.com', buyerName: 'Rae',
    });
    await deliveries(SECRET);
    const token = await deliveredToken('refund-me@example.com');
    expect((await buyer.post(`/api/admin/gifts/${giftId}/refund`, { reason: 'Wrong address' })).status).toBe(403);
    // The payments dialog's refund refuses a gift's payment: only the gift's own refund marks it refunded.
    const [{ payment_id }] = await sql<{ payment_id: string }>(`select payment_id from public.gifts where id = $1`, [giftId]);
    const direct = await admin.post(`/api/admin/payments/${payment_id}/refund`, { reason: 'Wrong address' });
    expect([direct.status, JSON.stringify(direct.body)]).toEqual([409, expect.stringContaining('gift list')]);
    const refunded = await admin.post(`/api/admin/gifts/${giftId}/refund`, { reason: 'Wrong address' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.gift).toMatchObject({ id: giftId, state: 'refunded' });
    const share = Math.round(0.1 * 12 * MONTH);
    expect(await ledgerOf(giftId)).toEqual([
      { kind: 'share', cents: share, charity_id: null }, { kind: 'refund', cents: -share, charity_id: null },
    ]);
    expect((await admin.post(`/api/admin/gifts/${giftId}/refund`, {})).status).toBe(409);
    const recipient = await register('refund-me@example.com');
    expect((await recipient.agent.post(`/api/gifts/redeem/${token}`)).status).toBe(409);
    expect((await recipient.agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
    expect((await admin.get('/api/admin/gifts')).body.gifts).toEqual(expect.arrayContaining([expect.objectContaining({ id: giftId, state: 'refunded' })]));
  });

  it('refuses a redeemed gift, and a refunded gift not yet due is never sent', async () => {
    expect((await admin.post(`/api/admin/gifts/${visitorGift}/refund`, {})).status).toBe(409);
    const { giftId } = await buyPaid(fresh(), {
      months: 1, recipientEmail: 'later@example.com', deliverOn: day(3), buyerEmail: 'later-buyer@example.com', buyerName: 'Lu',
    });
    expect((await admin.post(`/api/admin/gifts/${giftId}/refund`, {})).status).toBe(200);
    await sql(`update public.gifts set deliver_on = current_date where id = $1`, [giftId]);
    await deliveries(SECRET);
    expect(await mails('later@example.com', 'gift_delivery')).toHaveLength(0);
  });
});
