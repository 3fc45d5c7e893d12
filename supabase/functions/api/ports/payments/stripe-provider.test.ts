// The Stripe adapter against a local double of Stripe's API (tests/support/stripe-double.ts).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStripeAccount } from '../../../../../tests/support/stripe-account.ts';
import { startStripeDouble, type StripeDouble } from '../../../../../tests/support/stripe-double.ts';
import { PaymentWebhookError, type PaymentProvider } from './payment-provider.ts';
import { priceLookupKey, STRIPE_WEBHOOK_EVENTS, stripePaymentProvider, toPaymentEvent } from './stripe-provider.ts';

let double: StripeDouble;
let provider: PaymentProvider;
const webhookSecret = 'whsec_test_secret';

beforeAll(async () => {
  double = await startStripeDouble();
  await prepareStripeAccount(double);
  provider = stripePaymentProvider({
    secretKey: 'sk_test_double', publishableKey: 'pk_test_double', webhookSecret,
    host: '127.0.0.1', port: double.port, protocol: 'http',
  });
});
afterAll(() => double.close());

describe('stripe adapter', () => {
  it('uses the price found by lookup key, creates a customer and an incomplete subscription, and hands back the client secret', async () => {
    const started = await provider.startCheckout({ plan: 'weekend', email: 'w@example.com', name: 'Wendy', metadata: { app: 'paylocal' } });
    expect(started.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(started.clientSecret.startsWith(`${started.paymentIntentId}_secret_`)).toBe(true);
    expect(started).toMatchObject({ amountCents: 699, currency: 'usd' });
    const price = [...double.prices.values()].find((p) => p.lookup_key === priceLookupKey('weekend'))!;
    expect(price).toMatchObject({ unit_amount: 699, product: 'paylocal_weekend', recurring: { interval: 'day', interval_count: 3 } });
    expect(double.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!.params['items[0][price]']).toBe(price.id);
    const create = double.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(create.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[plan]': 'weekend',
    });

    await provider.startCheckout({ plan: 'weekend', email: 'w2@example.com', name: 'Wes', metadata: {} });
    expect([...double.prices.values()].filter((p) => p.lookup_key === priceLookupKey('weekend'))).toHaveLength(1);
  });

  it('never creates prices itself, and says to run the setup when a plan has none', async () => {
    const fresh = stripePaymentProvider({ secretKey: 'sk_test_double', publishableKey: null, webhookSecret: null, host: '127.0.0.1', port: double.port, protocol: 'http' });
    const before = double.prices.size;
    await fresh.startCheckout({ plan: 'weekend', email: 'w3@example.com', name: 'Wil', metadata: {} });
    expect(double.prices.size).toBe(before);
    const yearly = [...double.prices.values()].find((p) => p.lookup_key === priceLookupKey('yearly'))!;
    yearly.active = false;
    await expect(fresh.startCheckout({ plan: 'yearly', email: 'y@example.com', name: 'Yan', metadata: {} }))
      .rejects.toThrow('No active Stripe price with lookup key paylocal_yearly: run npm run stripe:setup');
    yearly.active = true;
    expect(double.prices.size).toBe(before);
  });

  it('reports the payment as Stripe does: not paid, declined with the message, then succeeded', async () => {
    const started = await provider.startCheckout({ plan: 'monthly', email: 'm@example.com', name: 'Mo', metadata: {} });
    expect((await provider.retrievePayment(started.paymentIntentId)).status).toBe('requires_payment_method');
    double.decline(started.paymentIntentId);
    expect(await provider.retrievePayment(started.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method', failureMessage: 'Your card was declined.',
    });
    double.pay(started.paymentIntentId);
    expect(await provider.retrievePayment(started.paymentIntentId)).toMatchObject({
      status: 'succeeded', amountCents: 999, customerId: started.customerId, failureMessage: null,
    });
    const sub = await provider.retrieveSubscription(started.subscriptionId);
    expect(sub).toMatchObject({ id: started.subscriptionId, customerId: started.customerId, status: 'active', cancelAtPeriodEnd: false });
    expect(sub.currentPeriodEnd.getTime()).toBeGreaterThan(sub.currentPeriodStart.getTime());
  });

  it('cancels at period end and pauses collection with behavior void', async () => {
    const started = await provider.startCheckout({ plan: 'yearly', email: 'y@example.com', name: 'Yu', metadata: {} });
    double.pay(started.paymentIntentId);
    await provider.cancelAtPeriodEnd(started.subscriptionId);
    expect(double.subscriptions.get(started.subscriptionId)!.cancel_at_period_end).toBe(true);
    await provider.pauseCollection(started.subscriptionId);
    expect(double.subscriptions.get(started.subscriptionId)!.pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    expect((await provider.retrieveSubscription(started.subscriptionId)).status).toBe('paused');
    // Resume: pause_collection cleared (sent as an empty string), cancel_at_period_end undone.
    await provider.resumeCollection(started.subscriptionId);
    expect(double.subscriptions.get(started.subscriptionId)!.pause_collection).toBeNull();
    expect(double.requests.at(-1)!.params).toMatchObject({ pause_collection: '' });
    await provider.keepSubscription(started.subscriptionId);
    expect(double.subscriptions.get(started.subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await provider.retrieveSubscription(started.subscriptionId)).status).toBe('active');
  });

  it('surfaces Stripe errors', async () => {
    await expect(provider.retrievePayment('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });

  it('verifies webhook signatures made by Stripe\'s test-header helper, and refuses others', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', created: 1_800_000_000, type: 'charge.succeeded', data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(await provider.verifyWebhook(payload, header)).toEqual({
      id: 'evt_1', created: new Date(1_800_000_000_000), type: 'ignored', providerType: 'charge.succeeded',
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(provider.verifyWebhook(payload, forged)).rejects.toBeInstanceOf(PaymentWebhookError);
    await expect(provider.verifyWebhook(`${payload} `, header)).rejects.toBeInstanceOf(PaymentWebhookError);
    await expect(provider.verifyWebhook(payload, null)).rejects.toBeInstanceOf(PaymentWebhookError);
  });

  it('handles exactly the events stripe:setup subscribes: each one listed is read, anything else is ignored', async () => {
    const subscription = { id: 'sub_listed', object: 'subscription', customer: 'cus_listed', status: 'active' };
    const invoice = {
      id: 'in_listed', object: 'invoice', amount_paid: 999, currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_listed' } },
    };
    const read = (type: string, object: object) =>
      toPaymentEvent({ id: `evt_${type}`, object: 'event', created: 1_800_000_000, type, data: { object } } as unknown as Stripe.Event);
    const charge = { id: 'ch_listed', object: 'charge', payment_intent: 'pi_listed', amount_refunded: 999 };
    const dispute = { id: 'dp_listed', object: 'dispute', charge: 'ch_listed', payment_intent: 'pi_listed', amount: 999, status: 'needs_response', reason: 'fraudulent' };
    const objectFor = (type: string) => (type.startsWith('invoice.') ? invoice : type.startsWith('charge.dispute.') ? dispute
      : type.startsWith('charge.') ? charge : subscription);
    const handled = (type: string) => read(type, objectFor(type)).type !== 'ignored';
    for (const type of STRIPE_WEBHOOK_EVENTS) expect(handled(type), type).toBe(true);
    // A failed renewal and one waiting for 3-D Secure are read (decision 171).
    expect(STRIPE_WEBHOOK_EVENTS).toEqual(expect.arrayContaining(['invoice.payment_failed', 'invoice.payment_action_required']));
    // Stripe sends plenty more (to an endpoint subscribed to them); none of these is read, so none is subscribed.
    for (const type of ['invoice.created', 'invoice.finalized', 'charge.dispute.updated', 'charge.refund.updated',
      'checkout.session.completed', 'customer.created', 'payment_intent.succeeded', 'customer.subscription.trial_will_end']) {
      expect(handled(type), type).toBe(false);
      expect(STRIPE_WEBHOOK_EVENTS as readonly string[]).not.toContain(type);
    }
    // Every subscription and paid-invoice event the double (like Stripe) makes through a member's life is one of them.
    const started = await provider.startCheckout({ plan: 'monthly', email: 'life@example.com', name: 'Liv', metadata: {} });
    double.pay(started.paymentIntentId);
    double.renew(started.subscriptionId);
    await provider.cancelAtPeriodEnd(started.subscriptionId);
    const made = new Set(double.events.map((e) => e.type as string));
    expect([...made].filter((type) => !(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(type))).toEqual([]);
    expect(made.has('customer.subscription.created') && made.has('invoice.paid') && made.has('customer.subscription.updated')).toBe(true);
  });
});
