// Accounts survive the browser (decision 070): the app runs the Stripe adapter against a local
// double of Stripe's API; webhooks are signed with Stripe's own test-header helper. Runs on PGlite,
// and on PostgreSQL when TEST_DATABASE_URL is set (where Promise.all is truly concurrent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp, stripeClientFor, stripeEvent } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { asService, describeOnPostgres } from '../../../../tests/support/test-database.ts';

const secret = 'whsec_settlement_test';
let t: TestApp;
let double: StripeDouble;

beforeAll(async () => ({ t, double } = await startStripeTestApp('settlement', secret)));
afterAll(async () => { await t.close(); await double.close(); });

let n = 0;
let ip = 0;
const agent = () => t.agent(`198.51.100.${++ip}`);
const nowSeconds = () => Math.floor(Date.now() / 1000);

const event = (type: string, object: Record<string, unknown>, options: { created?: number; apiVersion?: string } = {}) =>
  stripeEvent(`evt_settle_${++n}`, type, object, options);

async function deliver(body: object) {
  const res = await deliverStripeEvent(t, body, secret);
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

const account = (email: string) => ({ email, name: 'Webhook Member', password: 'chosen-secret1', plan: 'monthly', homeCityId: SEED.lyonsId });

/** create-subscription, then the card is confirmed at Stripe (what Stripe.js does). */
async function startAndPay(email: string, pay: 'pay' | 'process' | 'none' = 'pay') {
  const browser = agent();
  const created = await browser.post('/api/create-subscription', account(email));
  expect(created.status).toBe(200);
  const piId: string = created.body.paymentIntentId;
  if (pay === 'pay') double.pay(piId);
  if (pay === 'process') double.process(piId);
  const completion = { email, name: 'Webhook Member', password: 'chosen-secret1', paymentIntentId: piId, customerId: created.body.customerId, plan: 'monthly' };
  return { browser, created, completion, invoicePaid: () => event('invoice.paid', double.invoiceOf(piId)) };
}

async function countRows(email: string) {
  const [r] = await asService(t.database, (q) => q<{ profiles: number; subs: number; payments: number; creds: number }>(
    `select (select count(*)::int from public.profiles where email = $1) as profiles,
            (select count(*)::int from public.subscriptions s join public.profiles p on p.id = s.user_id where p.email = $1) as subs,
            (select count(*)::int from public.payments x join public.profiles p on p.id = x.user_id where p.email = $1) as payments,
            (select count(*)::int from private.credentials c join public.profiles p on p.id = c.user_id where p.email = $1) as creds`,
    [email]));
  return r;
}

const signIn = (email: string, password = 'chosen-secret1') => agent().post('/api/auth/login', { email, password });

describe('the server holds the pending checkout', () => {
  it('keeps a bcrypt hash of the chosen password, never the password, and drops it once the account exists', async () => {
    const { completion, invoicePaid } = await startAndPay('held@example.com');
    const [held] = await asService(t.database, (q) => q<{ name: string; password_hash: string; expires_at: Date }>(
      `select name, password_hash, expires_at from private.checkouts where payment_intent_id = $1`, [completion.paymentIntentId]));
    expect(held.name).toBe('Webhook Member');
    expect(held.password_hash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(held.password_hash).not.toContain('chosen-secret1');
    expect(new Date(held.expires_at).getTime()).toBeGreaterThan(Date.now());
    await deliver(invoicePaid());
    const [after] = await asService(t.database, (q) => q<{ password_hash: string | null; completed_user_id: string | null }>(
      `select password_hash, completed_user_id from private.checkouts where payment_intent_id = $1`, [completion.paymentIntentId]));
    expect(after).toMatchObject({ password_hash: null });
    expect(after.completed_user_id).not.toBeNull();
  });

  it('deletes uncompleted checkouts past their expiry when a new checkout starts', async () => {
    const { completion } = await startAndPay('expired@example.com', 'none');
    await asService(t.database, (q) => q(
      `update private.checkouts set expires_at = now() - interval '1 minute' where payment_intent_id = $1`, [completion.paymentIntentId]));
    await startAndPay('after-expiry@example.com', 'none');
    expect(await asService(t.database, (q) => q(
      `select 1 from private.checkouts where payment_intent_id = $1`, [completion.paymentIntentId]))).toHaveLength(0);
  });
});

describe('the first of invoice.paid or /complete-subscription creates the account', () => {
  it('creates the account from the webhook when the browser never calls completion; the member signs in with their password', async () => {
    const { invoicePaid } = await startAndPay('never-returned@example.com');
    expect((await signIn('never-returned@example.com')).status).toBe(401);
    const delivered = await deliver(invoicePaid());
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'payment-already-recorded', checkout: 'account-created' } });
    expect(await countRows('never-returned@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
    const login = await signIn('never-returned@example.com');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: 'never-returned@example.com', name: 'Webhook Member', subscriptionStatus: 'active', homeCityId: SEED.lyonsId });
    expect((await signIn('never-returned@example.com', 'wrong-password')).status).toBe(401);
  });

  it('gives one account and one payment row when the webhook and the completion arrive together', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `together-${round}@example.com`;
      const { browser, completion, invoicePaid } = await startAndPay(email);
      const paid = invoicePaid();
      const [completed, delivered, redelivered] = await Promise.all([
        browser.post('/api/complete-subscription', completion), deliver(paid), deliver(invoicePaid()),
      ]);
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ success: true, status: 'active', user: { email } });
      expect(browser.hasSession()).toBe(true);
      expect(delivered.status).toBe(200);
      expect(redelivered.status).toBe(200);
      expect(await countRows(email)).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
      expect((await signIn(email)).status).toBe(200);
    }
  });

  it('signs in a completion that arrives after the webhook, creating nothing twice', async () => {
    const { browser, completion, invoicePaid } = await startAndPay('late-browser@example.com');
    await deliver(invoicePaid());
    const late = await browser.post('/api/complete-subscription', completion);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ success: true, status: 'active', user: { email: 'late-browser@example.com', subscriptionStatus: 'active' } });
    expect(browser.hasSession()).toBe(true);
    expect(await countRows('late-browser@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
    // Someone else holding the ids but not the password gets nothing.
    expect((await agent().post('/api/complete-subscription', { ...completion, password: 'guessed-pass' })).status).toBe(409);
  });

  it('after a 3-D Secure redirect (no password in the page any more) completes and asks the member to sign in', async () => {
    const { completion } = await startAndPay('redirected@example.com');
    const back = agent();
    const returned = await back.post('/api/complete-subscription', { paymentIntentId: completion.paymentIntentId, customerId: completion.customerId });
    expect(returned.status).toBe(200);
    expect(returned.body).toEqual({
      success: true, status: 'active', user: null,
      message: 'Your membership is active. Sign in with the email and password you chose.',
    });
    expect(back.hasSession()).toBe(false);
    expect((await signIn('redirected@example.com')).status).toBe(200);
    expect(await countRows('redirected@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
  });

  it('refuses a completion whose password is not the one chosen at checkout, and creates nothing', async () => {
    const { browser, completion } = await startAndPay('other-password@example.com');
    const wrong = await browser.post('/api/complete-subscription', { ...completion, password: 'not-the-one' });
    expect(wrong.status).toBe(400);
    expect(await countRows('other-password@example.com')).toMatchObject({ profiles: 0 });
  });

  it('counts wrong passwords at completion as failed sign-ins, so the ids cannot be used to guess the password', async () => {
    const { completion, invoicePaid } = await startAndPay('guessed@example.com');
    await deliver(invoicePaid());
    // One address guessing (decision 085): refused once it has failed 5 times for this account, even with the right password.
    const guesser = agent();
    for (let i = 0; i < 5; i++) {
      expect((await guesser.post('/api/complete-subscription', { ...completion, password: `guess-${i}-pass` })).status).toBe(409);
    }
    expect((await guesser.post('/api/complete-subscription', completion)).status).toBe(429);
    expect((await guesser.post('/api/auth/login', { email: 'guessed@example.com', password: 'chosen-secret1' })).status).toBe(429);
    // The owner, from an address that has not been failing, is not locked out by the guesser.
    expect((await signIn('guessed@example.com')).status).toBe(200);
  });

  it('says "processing" while the payment clears, then the webhook creates the account', async () => {
    const { browser, completion, created, invoicePaid } = await startAndPay('slow-bank@example.com', 'process');
    const processing = await browser.post('/api/complete-subscription', completion);
    expect(processing.status).toBe(202);
    expect(processing.body).toMatchObject({ success: false, status: 'processing', user: null });
    expect(await countRows('slow-bank@example.com')).toMatchObject({ profiles: 0, payments: 0 });

    double.pay(created.body.paymentIntentId);
    expect((await deliver(invoicePaid())).body).toMatchObject({ checkout: 'account-created' });
    expect((await signIn('slow-bank@example.com')).status).toBe(200);
    expect(await countRows('slow-bank@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
  });

  it('acknowledges an invoice.paid whose checkout cannot become an account (email taken meanwhile) without wedging', async () => {
    const first = await startAndPay('raced@example.com');
    const second = await startAndPay('raced@example.com');
    await deliver(first.invoicePaid());
    const refused = await deliver(second.invoicePaid());
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ checkout: 'refused' });
    expect(await countRows('raced@example.com')).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
  });
});

// On PostgreSQL the pool runs these on separate connections at once: the checkout row lock and the
// unique keys on payments are what keep it to one account.
describeOnPostgres('concurrency on PostgreSQL', () => {
  it('many completions and webhook deliveries at once still give one account, one membership, one payment', async () => {
    const email = 'stampede@example.com';
    const { completion, invoicePaid } = await startAndPay(email);
    const browsers = [agent(), agent(), agent()];
    const answers = await Promise.all([
      ...browsers.map((b) => b.post('/api/complete-subscription', completion)),
      ...[1, 2, 3].map(() => deliver(invoicePaid())),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(browsers.every((b) => b.hasSession())).toBe(true);
    expect(await countRows(email)).toEqual({ profiles: 1, subs: 1, payments: 1, creds: 1 });
  });
});

describe('webhooks that cannot wedge', () => {
  let subscriptionId: string;
  const rowOf = async () => (await asService(t.database, (q) => q<{ status: string; current_period_end: Date; cancel_at_period_end: boolean }>(
    `select status, current_period_end, cancel_at_period_end from public.subscriptions where provider_subscription_id = $1`, [subscriptionId])))[0];

  beforeAll(async () => {
    const { created, invoicePaid } = await startAndPay('ordering@example.com');
    subscriptionId = created.body.subscriptionId;
    await deliver(invoicePaid());
  });

  it('reads the state from Stripe on the pinned API version when the event was rendered on an older one', async () => {
    double.renew(subscriptionId);
    const sub = double.subscriptions.get(subscriptionId)!;
    const legacy = {
      ...sub, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000,
      items: { object: 'list', data: [{ id: 'si_old', object: 'subscription_item' }], has_more: false },
    };
    const res = await deliver(event('customer.subscription.updated', legacy, { apiVersion: '2024-06-20' }));
    expect(res).toMatchObject({ status: 200, body: { received: true, outcome: 'updated' } });
    expect(new Date((await rowOf()).current_period_end).getTime()).toBe(sub.items.data[0].current_period_end * 1000);
  });

  it('answers 2xx to a signed subscription event with no items and no period, applying what Stripe has', async () => {
    const before = await rowOf();
    const { items: _items, ...bare } = double.subscriptions.get(subscriptionId)!;
    const res = await deliver(event('customer.subscription.updated', { ...bare, cancel_at_period_end: true }));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'updated' } });
    expect(await rowOf()).toEqual(before);
    const empty = await deliver(event('customer.subscription.updated', {}));
    expect(empty).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('keeps a cancellation whatever order the events come in, even within one second (decision 170)', async () => {
    await stripeClientFor(double).subscriptions.cancel(subscriptionId);
    const sub = double.subscriptions.get(subscriptionId)!;
    const now = nowSeconds();
    // Stripe stamps events in whole seconds: "deleted" and an "updated, active" of the same second, in either order.
    expect((await deliver(event('customer.subscription.deleted', sub, { created: now }))).body).toMatchObject({ outcome: 'updated' });
    const same = await deliver(event('customer.subscription.updated', { ...sub, status: 'active', ended_at: null }, { created: now }));
    expect(same).toMatchObject({ status: 200, body: { received: true, outcome: 'updated' } });
    expect((await rowOf()).status).toBe('canceled');
    const later = await deliver(event('customer.subscription.updated', { ...sub, status: 'active', ended_at: null }, { created: now + 60 }));
    expect(later.status).toBe(200);
    expect((await rowOf()).status).toBe('canceled');
  });

  it('records a renewal in the pre-2025-03-31 invoice shape (invoice.subscription, invoice.payment_intent)', async () => {
    const start = nowSeconds() + 50 * 86400;
    const invoice = {
      id: 'in_legacy_renewal', object: 'invoice', amount_paid: 999, currency: 'usd', status: 'paid',
      subscription: subscriptionId, payment_intent: 'pi_legacy_renewal', period_start: start - 30 * 86400, period_end: start,
      lines: { object: 'list', data: [{ id: 'il_legacy', period: { start, end: start + 30 * 86400 } }], has_more: false },
    };
    expect((await deliver(event('invoice.paid', invoice, { apiVersion: '2024-06-20' }))).body).toMatchObject({ outcome: 'payment-recorded' });
    expect((await deliver(event('invoice.paid', { id: 'in_no_sub', object: 'invoice', amount_paid: 999 }))).body).toMatchObject({ outcome: 'ignored' });
    expect(await countRows('ordering@example.com')).toMatchObject({ payments: 2 });
  });

  it('acknowledges events it does not use', async () => {
    expect(await deliver(event('payment_intent.created', { id: 'pi_x', object: 'payment_intent' }))).toEqual({
      status: 200, body: { received: true, outcome: 'ignored' },
    });
  });
});
