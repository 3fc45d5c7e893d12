// Issue 27, part 2 with Stripe (decision 171): the Stripe adapter against the local double, signed events.
// A renewal fails (and asks for 3-D Secure) → past_due with a grace period, the banner's link, one mail;
// a card saved with a SetupIntent pays the open invoice; a late failure event after recovery changes
// nothing; retries exhausted (unpaid) end access; a plan change is previewed with Stripe's proration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverStripeEvent, startStripeTestApp, stripeClientFor } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { STRIPE_WEBHOOK_EVENTS } from '../ports/payments/stripe-provider.ts';

const secret = 'whsec_billing_test';
let t: TestApp;
let double: StripeDouble;

beforeAll(async () => ({ t, double } = await startStripeTestApp('billing', secret)));
afterAll(async () => { await t.close(); await double.close(); });

async function deliver(body: object) {
  const res = await deliverStripeEvent(t, body, secret);
  expect(res.status).toBe(200);
  return (await res.json()) as { outcome: string };
}

/** Delivers every event the double made since `from` (Stripe's order), returning their outcomes by type. */
async function deliverSince(from: number) {
  const outcomes: Record<string, string> = {};
  for (const e of double.events.slice(from)) outcomes[e.type] = (await deliver(e)).outcome;
  return outcomes;
}

let ip = 0;
async function stripeMember(email: string) {
  const agent: Agent = t.agent(`198.51.100.${220 + ++ip}`);
  const account = { email, name: 'Stripe Dunning', password: 'secret123' };
  const created = await agent.post('/api/create-subscription', { ...account, plan: 'monthly' });
  expect(created.status).toBe(200);
  double.pay(created.body.paymentIntentId);
  const done = await agent.post('/api/complete-subscription', {
    ...account, paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, plan: 'monthly',
  });
  expect(done.status).toBe(200);
  await deliverSince(0);
  return { agent, subscriptionId: created.body.subscriptionId as string };
}

const mailKinds = async (email: string) =>
  (await asService(t.database, (q) => q<{ kind: string; text_body: string }>(
    `select kind, text_body from private.mail_outbox where to_address = $1 order by created_at`, [email])));

describe('a failed renewal with Stripe', () => {
  it('subscribes the endpoint to the failure events', () => {
    expect(STRIPE_WEBHOOK_EVENTS).toEqual(expect.arrayContaining(['invoice.payment_failed', 'invoice.payment_action_required']));
  });

  it('3-D Secure: past_due with grace and the hosted page; a new card pays; a late failure event changes nothing', async () => {
    const { agent, subscriptionId } = await stripeMember('stripe-3ds@example.com');
    const from = double.events.length;
    const invoice = double.failRenewal(subscriptionId, { actionRequired: true });
    const outcomes = await deliverSince(from);
    expect(outcomes['invoice.payment_failed']).toBe('payment-failure-recorded');

    const details = (await agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({ status: 'past_due', isActive: true, paymentActionUrl: invoice.hosted_invoice_url });
    // The card is named from the start: the subscription's default payment method at Stripe (issue 39).
    expect(details.cardLabel).toBe('Visa •••• 4242, expires 12/2034');
    expect(new Date(details.graceEndsAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const mails = await mailKinds('stripe-3ds@example.com');
    expect(mails.filter((m) => m.kind.startsWith('renewal_'))).toHaveLength(1);
    expect(mails.find((m) => m.kind === 'renewal_action_required')!.text_body).toContain(invoice.hosted_invoice_url);

    // Retrying with the card that failed: Stripe declines.
    expect((await agent.post('/api/subscription/retry-payment')).status).toBe(402);

    // A SetupIntent confirmed by the Payment Element, then the open invoice is paid with the new card.
    const setup = await agent.post('/api/subscription/card');
    expect(setup.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_billing' });
    expect((await agent.post('/api/subscription/card/complete', { setupIntentId: setup.body.setupIntentId })).status).toBe(402);
    double.confirmSetup(setup.body.setupIntentId);
    const paidFrom = double.events.length;
    const saved = await agent.post('/api/subscription/card/complete', { setupIntentId: setup.body.setupIntentId });
    expect(saved.body).toMatchObject({ cardLabel: 'Visa •••• 4242, expires 12/2034', retry: 'paid' });
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({ status: 'active', graceEndsAt: null, paymentActionUrl: null });
    expect((await deliverSince(paidFrom))['invoice.paid']).toBe('payment-recorded');
    expect((await agent.get('/api/subscription/payments')).body.lines).toHaveLength(2);

    // The failure events again, late (Stripe redelivers, out of order): the membership stays active, no second mail.
    for (const e of double.events.slice(from).filter((e) => e.type.startsWith('invoice.payment_'))) {
      await deliver({ ...e, id: `${e.id}_late` });
    }
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({ status: 'active', paymentActionUrl: null });
    expect((await mailKinds('stripe-3ds@example.com')).filter((m) => m.kind.startsWith('renewal_'))).toHaveLength(1);
  });

  it('retries exhausted (unpaid) end access at once', async () => {
    const { agent, subscriptionId } = await stripeMember('stripe-unpaid@example.com');
    const from = double.events.length;
    double.failRenewal(subscriptionId);
    double.exhaustRetries(subscriptionId);
    await deliverSince(from);
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
    expect((await agent.get('/api/subscription/details')).body.status).toBe('unpaid');
  });
});

describe('a plan change with Stripe', () => {
  it('previews Stripe\'s proration, then switches and records the prorated payment from invoice.paid', async () => {
    const { agent, subscriptionId } = await stripeMember('stripe-switch@example.com');
    const preview = await agent.get('/api/subscription/plan-change?plan=yearly');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ plan: 'yearly', newPriceCents: 10000 });
    expect(preview.body.creditCents).toBeGreaterThan(990);
    expect(preview.body.amountDueCents).toBe(10000 - preview.body.creditCents);
    const from = double.events.length;
    expect((await agent.post('/api/subscription/plan-change', { plan: 'yearly' })).status).toBe(200);
    const update = double.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
    await deliverSince(from);
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details.plan).toBe('yearly');
    expect(new Date(details.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const history = (await agent.get('/api/subscription/payments')).body.lines;
    expect(history[0]).toMatchObject({ planLabel: 'Yearly', amountCents: preview.body.amountDueCents });
  });
});

describe('a plan changed at Stripe (the Dashboard)', () => {
  it('takes the plan from the subscription\'s price, and the prorated payment and its receipt name it', async () => {
    const { agent, subscriptionId } = await stripeMember('stripe-dashboard@example.com');
    const stripe = stripeClientFor(double);
    const [yearly] = (await stripe.prices.list({ lookup_keys: ['paylocal_yearly'], active: true })).data;
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const from = double.events.length;
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: sub.items.data[0].id, price: yearly.id }], proration_behavior: 'always_invoice' });
    await deliverSince(from);
    expect((await agent.get('/api/subscription/details')).body.plan).toBe('yearly');
    const [latest] = (await agent.get('/api/subscription/payments')).body.lines;
    expect(latest.planLabel).toBe('Yearly');
    const receipt = (await mailKinds('stripe-dashboard@example.com')).filter((m) => m.kind === 'receipt').at(-1)!;
    expect(receipt.text_body).toContain('Yearly plan');
  });
});
