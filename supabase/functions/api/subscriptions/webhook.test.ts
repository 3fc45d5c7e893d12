// The Stripe webhook end to end: the app runs the Stripe adapter against a local double of
// Stripe's API, and events are signed with Stripe's own test-header helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp, stripeClientFor, stripeEvent } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { STRIPE_API_VERSION } from '../ports/payments/stripe-provider.ts';

const secret = 'whsec_webhook_test';
let t: TestApp;
let double: StripeDouble;

beforeAll(async () => ({ t, double } = await startStripeTestApp('webhook', secret)));
afterAll(async () => { await t.close(); await double.close(); });

let n = 0;
const event = (type: string, object: Record<string, unknown>, id = `evt_test_${++n}`) => stripeEvent(id, type, object);

const deliver = (body: object, signWith = secret) => deliverStripeEvent(t, body, signWith);

let agent: Agent;
let subscriptionId: string;
const email = 'stripe-member@example.com';

/** The newest event Stripe (the double) made of this type about the member's subscription. */
const lastEvent = (type: string) => double.events.filter((e) => e.type === type && e.data.object.id === subscriptionId).at(-1)!;

const rowOf = async () => (await asService(t.database, (q) => q<{
  status: string; cancel_at_period_end: boolean; current_period_end: Date; paused_at: Date | null;
}>(`select status, cancel_at_period_end, current_period_end, paused_at from public.subscriptions where provider_subscription_id = $1`, [subscriptionId])))[0];

describe('subscribe with Stripe', () => {
  it('tells the browser to use Stripe Elements with the publishable key', async () => {
    expect((await t.agent().get('/api/payments/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_webhook' });
  });

  it('activates only after Stripe reports the PaymentIntent succeeded', async () => {
    agent = t.agent('198.51.100.200');
    const created = await agent.post('/api/create-subscription', {
      email, name: 'Stripe Member', password: 'secret123', plan: 'monthly', homeCityId: SEED.lyonsId,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_webhook', amountCents: 999 });
    subscriptionId = created.body.subscriptionId;
    const completion = { email, name: 'Stripe Member', password: 'secret123', paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, plan: 'monthly' };

    double.decline(created.body.paymentIntentId);
    const declined = await agent.post('/api/complete-subscription', completion);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect(await asService(t.database, (q) => q(`select 1 from public.profiles where email = $1`, [email]))).toHaveLength(0);
    expect((await agent.post('/api/test-payments/confirm', { clientSecret: created.body.clientSecret, cardNumber: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' })).status).toBe(404);

    double.pay(created.body.paymentIntentId);
    const done = await agent.post('/api/complete-subscription', completion);
    expect(done.status).toBe(200);
    expect(done.body.user.subscriptionStatus).toBe('active');
    expect(await rowOf()).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature, an unsigned call and a tampered body', async () => {
    expect((await deliver(event('customer.subscription.updated', {}), 'whsec_wrong')).status).toBe(400);
    const unsigned = await t.app.request('http://localhost/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(400);
    const body = JSON.stringify(event('invoice.paid', {}));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    const tampered = await t.app.request('http://localhost/api/stripe/webhook', {
      method: 'POST', body: body.replace('invoice.paid', 'invoice.paif'), headers: { 'stripe-signature': signature },
    });
    expect(tampered.status).toBe(400);
  });

  it('keeps the row in step with cancel_at_period_end and pause_collection, dropping duplicate event ids', async () => {
    const stripe = stripeClientFor(double);
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const cancelled = lastEvent('customer.subscription.updated');
    const first = await deliver(cancelled);
    expect(await first.json()).toMatchObject({ received: true, outcome: 'updated' });
    expect(await rowOf()).toMatchObject({ status: 'active', cancel_at_period_end: true });

    // An admin in Stripe undoes the cancel; then the first event is redelivered: it must change nothing.
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(await (await deliver(lastEvent('customer.subscription.updated'))).json()).toMatchObject({ outcome: 'updated' });
    const dup = await deliver(cancelled);
    expect(await dup.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await rowOf()).toMatchObject({ cancel_at_period_end: false });

    await stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } });
    await deliver(lastEvent('customer.subscription.updated'));
    const paused = await rowOf();
    expect(paused.status).toBe('paused');
    expect(paused.paused_at).not.toBeNull();
    expect((await agent.get('/api/subscription/status')).body.isActive).toBe(false);

    await stripe.subscriptions.update(subscriptionId, { pause_collection: '' });
    await deliver(event('customer.subscription.resumed', double.subscriptions.get(subscriptionId)!));
    expect(await rowOf()).toMatchObject({ status: 'active', paused_at: null });
    expect((await agent.get('/api/subscription/status')).body.isActive).toBe(true);
  });

  it('applies the subscription as Stripe has it now, not the object an event carries (decision 170)', async () => {
    // A new event (not a redelivery) whose object is out of date: Stripe says the cancel was undone.
    const outdated = { ...double.subscriptions.get(subscriptionId)!, cancel_at_period_end: true, status: 'canceled' };
    expect(await (await deliver(event('customer.subscription.updated', outdated))).json()).toMatchObject({ outcome: 'updated' });
    expect(await rowOf()).toMatchObject({ status: 'active', cancel_at_period_end: false });
    // It asked Stripe, on the pinned API version.
    const asked = double.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(asked.stripeVersion).toBe(STRIPE_API_VERSION);
  });

  it('records a renewal once, with its charity share, and takes the period Stripe moved to', async () => {
    const invoice = double.renew(subscriptionId);
    const paid = double.events.find((e) => e.type === 'invoice.paid' && e.data.object.id === invoice.id)!;
    expect(await (await deliver(paid)).json()).toMatchObject({ outcome: 'payment-recorded' });
    expect(await (await deliver({ ...paid, id: `${paid.id}_again` })).json()).toMatchObject({ outcome: 'payment-already-recorded' });
    const payments = await asService(t.database, (q) => q<{ provider_invoice_id: string; provider_payment_intent_id: string; charity_share_cents: number; charity_id: string }>(
      `select x.provider_invoice_id, x.provider_payment_intent_id, x.charity_share_cents, x.charity_id
         from public.payments x join public.profiles p on p.id = x.user_id where p.email = $1 order by x.created_at`, [email]));
    expect(payments).toHaveLength(2);
    expect(payments[1]).toEqual({
      provider_invoice_id: invoice.id, provider_payment_intent_id: invoice.payments.data[0].payment.payment_intent,
      charity_share_cents: 100, charity_id: 'ca000000-0000-4000-8000-000000000001',
    });
    const end = double.subscriptions.get(subscriptionId)!.items.data[0].current_period_end;
    expect(new Date((await rowOf()).current_period_end).getTime()).toBe(end * 1000);
    expect((await agent.get('/api/subscription/details')).body.charityGivenCents).toBe(200);
  });

  it('acknowledges unknown subscriptions and other event types without changing anything', async () => {
    const other = { ...double.subscriptions.get(subscriptionId)!, id: 'sub_not_ours' };
    expect(await (await deliver(event('customer.subscription.updated', other))).json()).toMatchObject({ outcome: 'unknown-subscription' });
    expect(await (await deliver(event('charge.refunded', { id: 'ch_1', object: 'charge' }))).json()).toMatchObject({ outcome: 'ignored' });
  });

  it('ends access when Stripe deletes the subscription, at the time Stripe ended it', async () => {
    await stripeClientFor(double).subscriptions.cancel(subscriptionId);
    expect(await (await deliver(lastEvent('customer.subscription.deleted'))).json()).toMatchObject({ outcome: 'updated' });
    const [row] = await asService(t.database, (q) => q<{ status: string; canceled_at: Date }>(
      `select status, canceled_at from public.subscriptions where provider_subscription_id = $1`, [subscriptionId]));
    expect(row.status).toBe('canceled');
    expect(new Date(row.canceled_at).getTime()).toBe(double.subscriptions.get(subscriptionId)!.ended_at * 1000);
    expect((await agent.get('/api/auth/me')).body.user.subscriptionStatus).toBe('canceled');
  });
});
