// A paid checkout the webhook cannot settle because Stripe did not answer is not "refused" (decision 070):
// the delivery answers 5xx so Stripe retries, and the retry creates the account. Only a checkout that can
// never become an account (email taken meanwhile, already a member) is acknowledged and logged.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../../tests/support/constants.ts';
import { prepareStripeAccount } from '../../../../../tests/support/stripe-account.ts';
import { startStripeDouble, type StripeDouble } from '../../../../../tests/support/stripe-double.ts';
import { createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { asService } from '../../../../../tests/support/test-database.ts';
import { stripePaymentProvider } from '../../ports/payments/stripe-provider.ts';

const secret = 'whsec_settle_retry_test';
let t: TestApp;
let double: StripeDouble;
/** Stripe unreachable when the server asks whether a payment succeeded (the rest of the API answers). */
let retrievalFails = false;

beforeAll(async () => {
  double = await startStripeDouble();
  await prepareStripeAccount(double);
  const stripe = stripePaymentProvider({
    secretKey: 'sk_test_settle_retry', publishableKey: 'pk_test_settle_retry', webhookSecret: secret,
    host: '127.0.0.1', port: double.port, protocol: 'http',
  });
  t = await createTestApp({}, (deps) => ({
    ...deps,
    payments: {
      ...stripe,
      retrievePayment: (id: string) => (retrievalFails ? Promise.reject(new Error('connection reset')) : stripe.retrievePayment(id)),
    },
  }));
});
afterAll(async () => { await t.close(); await double.close(); });

async function deliver(body: object) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await t.app.request('http://localhost/api/stripe/webhook', {
    method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

const profilesOf = async (email: string) =>
  (await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from public.profiles where email = $1`, [email])))[0].n;

describe('a paid checkout while Stripe does not answer', () => {
  it('answers the webhook 5xx (Stripe retries) and creates the account on the retry, never "refused"', async () => {
    const email = 'stripe-down@example.com';
    const created = await t.agent('198.51.100.77').post('/api/create-subscription', {
      email, name: 'Retry Member', password: 'chosen-secret1', plan: 'monthly', homeCityId: SEED.lyonsId,
    });
    expect(created.status).toBe(200);
    double.pay(created.body.paymentIntentId);
    const invoicePaid = {
      id: 'evt_settle_retry_1', object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000),
      type: 'invoice.paid', livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
      data: { object: double.invoiceOf(created.body.paymentIntentId) },
    };

    retrievalFails = true;
    const failed = await deliver(invoicePaid).finally(() => { retrievalFails = false; });
    expect(failed.status).toBe(502);
    expect(failed.body).not.toHaveProperty('checkout');
    expect(await profilesOf(email)).toBe(0);

    const retried = await deliver(invoicePaid);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ received: true, checkout: 'account-created' });
    expect(await profilesOf(email)).toBe(1);
  });
});
