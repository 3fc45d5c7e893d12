// A gift membership with Stripe (decision 201), against the local double of Stripe's API: a one-off PaymentIntent
// (card form, no redirects, the buyer's receipt address), recorded once when paid, its events answered without
// effect; the admin's refund goes to Stripe, and its charge.refunded event then records nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../_shared/constants.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import { TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';

const secret = 'whsec_gifts_test';
let t: TestApp;
let double: StripeDouble;

beforeAll(async () => ({ t, double } = await startStripeTestApp('gifts', secret)));
afterAll(async () => { await t.close(); await double.close(); });

async function deliverSince(from: number) {
  const outcomes: Record<string, string> = {};
  for (const e of double.events.slice(from)) {
    const res = await deliverStripeEvent(t, e, secret);
    expect(res.status).toBe(200);
    outcomes[e.type] = ((await res.json()) as { outcome: string }).outcome;
  }
  return outcomes;
}

describe('a gift paid with Stripe', () => {
  it('is a one-off PaymentIntent, recorded once when paid, and refunded at Stripe once', async () => {
    const agent = t.agent('198.51.100.240');
    const bought = await agent.post('/api/gifts', {
      months: 12, recipientEmail: 'stripe-gift@example.com', deliverOn: isoDay(new Date()),
      buyerEmail: 'stripe-giver@example.com', buyerName: 'Stella Giver',
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_gifts', amountCents: 12 * PLANS.monthly.priceCents });
    const intent = double.paymentIntents.get(bought.body.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: 12 * PLANS.monthly.priceCents, currency: 'usd', receipt_email: 'stripe-giver@example.com',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: { paylocal_gift_id: bought.body.giftId, months: '12' },
    });
    expect(bought.body.clientSecret).toBe(intent.client_secret);
    expect(double.requests.filter((r) => r.path === '/v1/subscriptions' || r.path === '/v1/customers')).toHaveLength(0);

    expect((await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId })).status).toBe(402);
    const from = double.events.length;
    double.pay(bought.body.paymentIntentId);
    const done = await agent.post('/api/gifts/complete', { paymentIntentId: bought.body.paymentIntentId });
    expect(done.status).toBe(200);
    expect(done.body.gift.state).toBe('paid');
    expect(await deliverSince(from)).toEqual({ 'payment_intent.succeeded': 'ignored' });
    const payments = () => asService(t.database, (q) => q<{ amount_cents: number; refunds: number }>(
      `select p.amount_cents, (select count(*)::int from public.payment_refunds r where r.payment_id = p.id) as refunds
         from public.payments p where p.provider_payment_intent_id = $1`, [bought.body.paymentIntentId]));
    expect(await payments()).toEqual([{ amount_cents: 12 * PLANS.monthly.priceCents, refunds: 0 }]);

    const admin = await t.signIn(TEST_ADMIN);
    const beforeRefund = double.events.length;
    const refunded = await admin.post(`/api/admin/gifts/${bought.body.giftId}/refund`, { reason: 'Changed mind' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect([...double.refunds.values()].filter((r) => r.payment_intent === bought.body.paymentIntentId))
      .toEqual([expect.objectContaining({ amount: 12 * PLANS.monthly.priceCents })]);
    expect(await deliverSince(beforeRefund)).toEqual({ 'charge.refunded': 'already-recorded' });
    expect(await payments()).toEqual([{ amount_cents: 12 * PLANS.monthly.priceCents, refunds: 1 }]);
  });
});
