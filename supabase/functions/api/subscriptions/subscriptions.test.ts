import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, PLAN_IDS } from '../../_shared/constants.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi, testCard as card } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let ipCounter = 0;
const freshAgent = () => t.agent(`198.51.100.${++ipCounter}`);
const account = (email: string, extra: Record<string, unknown> = {}) => ({ email, name: 'Sam Subscriber', password: 'secret123', ...extra });

async function countRows(email: string) {
  return asService(t.database, async (q) => {
    const [r] = await q<{ profiles: number; subs: number; payments: number }>(
      `select (select count(*)::int from public.profiles where email = $1) as profiles,
              (select count(*)::int from public.subscriptions s join public.profiles p on p.id = s.user_id where p.email = $1) as subs,
              (select count(*)::int from public.payments x join public.profiles p on p.id = x.user_id where p.email = $1) as payments`, [email]);
    return r;
  });
}

/** The browser's whole subscribe flow with the test provider. */
const subscribe = (agent: Agent, email: string, plan = 'monthly', cardNumber?: string, extra: Record<string, unknown> = {}) =>
  subscribeThroughApi(agent, account(email, extra), { plan, pay: cardNumber });

describe('payment config', () => {
  it('tells the browser the built-in test provider is in use', async () => {
    expect((await freshAgent().get('/api/payments/config')).body).toEqual({ provider: 'test', publishableKey: null });
  });
});

describe('subscribe as a visitor', () => {
  it('creates no account until the provider confirms the payment; the completion then signs in', async () => {
    const agent = freshAgent();
    const created = await agent.post('/api/create-subscription', { ...account('new@example.com', { homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      provider: 'test', plan: 'monthly', amountCents: 999, currency: 'usd', isUpgrade: false, existingUserId: null,
      customer: { email: 'new@example.com', name: 'Sam Subscriber' },
    });
    expect(created.body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(await countRows('new@example.com')).toEqual({ profiles: 0, subs: 0, payments: 0 });

    const completion = {
      ...account('new@example.com'), paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId,
      isUpgrade: false, existingUserId: null, plan: 'monthly',
    };
    const unpaid = await agent.post('/api/complete-subscription', completion);
    expect(unpaid.status).toBe(402);
    expect(await countRows('new@example.com')).toEqual({ profiles: 0, subs: 0, payments: 0 });

    const paid = await agent.post('/api/test-payments/confirm', card(created.body.clientSecret));
    expect(paid.body).toEqual({ paymentIntent: { id: created.body.paymentIntentId, status: 'succeeded' } });
    const done = await agent.post('/api/complete-subscription', completion);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, user: { email: 'new@example.com', subscriptionStatus: 'active', homeCityId: SEED.lyonsId } });
    expect(agent.hasSession()).toBe(true);
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: true });
    expect((await agent.get('/api/auth/me')).body.user.subscriptionStatus).toBe('active');
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({
      isActive: true, cancelAtPeriodEnd: false, status: 'active', paused: false, plan: 'monthly', planName: 'Premium',
      charityGivenCents: 100, charityName: 'Lyons Youth Sports',
    });
    expect(new Date(details.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await countRows('new@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1 });
  });

  it('creates the account when the test card is confirmed, even if the browser never calls completion', async () => {
    const agent = freshAgent();
    const created = await agent.post('/api/create-subscription', account('closed-tab@example.com'));
    expect((await agent.post('/api/test-payments/confirm', card(created.body.clientSecret))).status).toBe(200);
    expect(await countRows('closed-tab@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1 });
    const login = await freshAgent().post('/api/auth/login', { email: 'closed-tab@example.com', password: 'secret123' });
    expect(login.status).toBe(200);
    expect(login.body.user.subscriptionStatus).toBe('active');
  });

  it.each(PLAN_IDS)('charges the %s plan its price and records 10%% for charity', async (plan) => {
    const email = `plan-${plan}@example.com`;
    const { created, completed } = await subscribe(freshAgent(), email, plan);
    expect(created.body.amountCents).toBe(PLANS[plan].priceCents);
    expect(completed!.status).toBe(200);
    const [payment] = await asService(t.database, (q) => q<{ amount_cents: number; charity_share_cents: number }>(
      `select amount_cents, charity_share_cents from public.payments x join public.profiles p on p.id = x.user_id where p.email = $1`, [email]));
    expect(payment.amount_cents).toBe(PLANS[plan].priceCents);
    expect(payment.charity_share_cents).toBe(Math.round(PLANS[plan].priceCents / 10));
  });

  it('leaves no account and no subscription after a declined card, and lets the same checkout retry', async () => {
    const agent = freshAgent();
    const { created, paid, completion } = await subscribe(agent, 'declined@example.com', 'monthly', '4000 0000 0000 0002');
    expect(paid!.status).toBe(402);
    expect(paid!.body).toEqual({ message: 'Your card was declined.' });
    const forced = await agent.post('/api/complete-subscription', completion);
    expect(forced.status).toBe(402);
    expect(forced.body.message).toBe('Your card was declined.');
    expect(await countRows('declined@example.com')).toEqual({ profiles: 0, subs: 0, payments: 0 });
    expect(agent.hasSession()).toBe(false);
    expect((await agent.post('/api/auth/login', { email: 'declined@example.com', password: 'secret123' })).status).toBe(401);

    expect((await agent.post('/api/test-payments/confirm', card(created.body.clientSecret))).status).toBe(200);
    expect((await agent.post('/api/complete-subscription', completion)).status).toBe(200);
  });

  it('answers 409 "User already exists" for an existing email', async () => {
    const res = await freshAgent().post('/api/create-subscription', account('Member@PayLocal.local'));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('User already exists');
  });

  it('validates the signup payload and names the field', async () => {
    const agent = freshAgent();
    expect((await agent.post('/api/create-subscription', account('short@example.com', { password: '12345' }))).body.message)
      .toBe('The password must be at least 8 characters');
    expect((await agent.post('/api/create-subscription', account('plan@example.com', { plan: 'daily' }))).status).toBe(400);
    expect((await agent.post('/api/create-subscription', account('charity@example.com', { homeCityId: SEED.longmontId, preferredCharityId: SEED.lyonsCharityId }))).body.message)
      .toBe('The preferred charity is not an available charity of that city');
  });

  it('creates nothing twice when a completion is replayed, and refuses a replay without the password', async () => {
    const agent = freshAgent();
    const { completion, completed } = await subscribe(agent, 'replay@example.com');
    expect(completed!.status).toBe(200);
    expect((await agent.post('/api/complete-subscription', completion)).body.success).toBe(true);
    const again = freshAgent();
    expect((await again.post('/api/complete-subscription', completion)).status).toBe(200);
    expect(again.hasSession()).toBe(true);
    const stranger = await freshAgent().post('/api/complete-subscription', { ...completion, password: 'wrong-password' });
    expect(stranger.status).toBe(409);
    expect(await countRows('replay@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1 });
  });

  it('limits password guesses through completion replays like sign-in (429 after five from one address)', async () => {
    const { completion, completed } = await subscribe(freshAgent(), 'replay-guess@example.com');
    expect(completed!.status).toBe(200);
    const guesser = freshAgent();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await guesser.post('/api/complete-subscription', { ...completion, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The owner, from another address, still replays with the right password.
    expect((await freshAgent().post('/api/complete-subscription', completion)).status).toBe(200);
  });

  it('refuses a completion whose email, customer or plan does not match the checkout', async () => {
    const agent = freshAgent();
    const { completion } = await subscribe(agent, 'match@example.com', 'weekend', '4000 0000 0000 0002');
    expect((await agent.post('/api/complete-subscription', { ...completion, email: 'other@example.com' })).status).toBe(400);
    expect((await agent.post('/api/complete-subscription', { ...completion, customerId: 'cus_test_other' })).status).toBe(400);
    expect((await agent.post('/api/complete-subscription', { ...completion, plan: 'yearly' })).status).toBe(400);
    expect((await agent.post('/api/complete-subscription', { ...completion, paymentIntentId: 'pi_test_unknown' })).status).toBe(404);
  });
});

describe('subscribe as a signed-in user (upgrade)', () => {
  it('only ever upgrades the session account, whatever existingUserId and email say', async () => {
    const agent = freshAgent();
    const reg = await agent.post('/api/auth/register', { role: 'USER', name: 'Una Upgrade', email: 'una@example.com', password: 'secret12' });
    const unaId = reg.body.user.id;
    expect(reg.body.user.subscriptionStatus).toBe('none');
    const created = await agent.post('/api/create-subscription', {
      email: 'attacker-target@example.com', name: 'X', password: 'whatever', plan: 'weekly', isUpgrade: true, existingUserId: SEED.merchantOwner.id,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ isUpgrade: true, existingUserId: unaId, customer: { email: 'una@example.com' } });
    await agent.post('/api/test-payments/confirm', card(created.body.clientSecret));

    const otherSession = freshAgent();
    await otherSession.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const hijack = await otherSession.post('/api/complete-subscription', {
      paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, isUpgrade: true, existingUserId: SEED.merchantOwner.id,
    });
    expect(hijack.status).toBe(403);
    expect((await freshAgent().post('/api/complete-subscription', {
      paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, isUpgrade: true, existingUserId: unaId,
    })).status).toBe(403);

    const done = await agent.post('/api/complete-subscription', {
      paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, isUpgrade: true, existingUserId: SEED.member.id, plan: 'weekly',
    });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: unaId, subscriptionStatus: 'active' });
    const owners = await asService(t.database, (q) => q<{ user_id: string }>(
      `select user_id from public.subscriptions where provider_subscription_id = (select provider_subscription_id from private.checkouts where payment_intent_id = $1)`,
      [created.body.paymentIntentId]));
    expect(owners).toEqual([{ user_id: unaId }]);
    expect(await countRows(SEED.merchantOwner.email)).toMatchObject({ subs: 0 });
  });

  it('refuses a member who already has an active membership, and non-customer accounts', async () => {
    const member = freshAgent();
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.post('/api/create-subscription', { plan: 'monthly' })).status).toBe(409);
    const merchant = freshAgent();
    await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    expect((await merchant.post('/api/create-subscription', { plan: 'monthly' })).status).toBe(403);
  });
});

describe('status and details', () => {
  it('answers isActive false to visitors and 401 for details', async () => {
    expect((await freshAgent().get('/api/subscription/status')).body).toEqual({ isActive: false });
    expect((await freshAgent().get('/api/subscription/details')).status).toBe(401);
  });

  it('reports no membership for a member who never subscribed', async () => {
    const agent = freshAgent();
    await agent.post('/api/auth/register', { role: 'USER', name: 'Nora None', email: 'nora@example.com', password: 'secret12', homeCityId: SEED.longmontId });
    expect((await agent.get('/api/subscription/details')).body).toEqual({
      isActive: false, currentPeriodEnd: null, cancelAtPeriodEnd: false, status: 'none', paused: false,
      plan: null, planName: null, charityGivenCents: 0, charityName: 'Longmont Food Rescue',
      graceEndsAt: null, paymentActionUrl: null, paymentError: null, cardLabel: null, isPass: false, terms: null, accountCreditCents: 0,
    });
  });

  it('ends access at the period end by time, with no job', async () => {
    const agent = freshAgent();
    await subscribe(agent, 'expiring@example.com', 'weekend');
    expect((await agent.get('/api/subscription/status')).body.isActive).toBe(true);
    await asService(t.database, (q) => q(
      `update public.subscriptions set current_period_start = now() - interval '4 days', current_period_end = now() - interval '1 minute'
        where user_id = (select id from public.profiles where email = 'expiring@example.com')`));
    expect((await agent.get('/api/subscription/status')).body.isActive).toBe(false);
    expect((await agent.get('/api/auth/me')).body.user.subscriptionStatus).toBe('canceled');
    expect((await agent.post('/api/subscription/pause')).status).toBe(404);
    // and they may subscribe again
    const again = await agent.post('/api/create-subscription', { plan: 'weekly' });
    expect(again.status).toBe(200);
    await agent.post('/api/test-payments/confirm', card(again.body.clientSecret));
    const done = await agent.post('/api/complete-subscription', { paymentIntentId: again.body.paymentIntentId, customerId: again.body.customerId });
    expect(done.body.user.subscriptionStatus).toBe('active');
  });
});

describe('pause and cancel', () => {
  it('pause stops access and shows paused; cancel is then still possible', async () => {
    const agent = freshAgent();
    await subscribe(agent, 'pauser@example.com');
    const paused = await agent.post('/api/subscription/pause');
    expect(paused.body).toEqual({ success: true, message: 'Your subscription has been paused. You can reactivate it anytime.' });
    expect((await agent.get('/api/subscription/status')).body.isActive).toBe(false);
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({ status: 'paused', paused: true, isActive: false, cancelAtPeriodEnd: false });
    expect((await agent.get('/api/auth/me')).body.user.subscriptionStatus).toBe('paused');
    expect((await agent.post('/api/subscription/pause')).status).toBe(200);
    expect((await agent.post('/api/subscription/cancel')).status).toBe(200);
  });

  it('cancel keeps access until the period end and sets cancelAtPeriodEnd; pause is then refused', async () => {
    const agent = freshAgent();
    await subscribe(agent, 'canceller@example.com');
    const cancelled = await agent.post('/api/subscription/cancel');
    expect(cancelled.body).toEqual({ success: true, message: 'Your subscription will end at the current billing period.' });
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({ isActive: true, cancelAtPeriodEnd: true, status: 'active' });
    expect((await agent.post('/api/subscription/pause')).status).toBe(409);
    expect((await agent.post('/api/subscription/cancel')).status).toBe(200);
  });

  it('works on the seeded member, and refuses members without a membership and visitors', async () => {
    const member = freshAgent();
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.get('/api/subscription/details')).body).toMatchObject({ isActive: true, plan: 'monthly', charityGivenCents: 100 });
    expect((await member.post('/api/subscription/cancel')).status).toBe(200);
    const merchant = freshAgent();
    await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    expect((await merchant.post('/api/subscription/pause')).status).toBe(404);
    expect((await freshAgent().post('/api/subscription/cancel')).status).toBe(401);
  });
});
