// A paid checkout the webhook cannot settle because Stripe did not answer is not "refused" (decision 070):
// the delivery answers 5xx so Stripe retries, and the retry creates the account. Only a checkout that can
// never become an account (email taken meanwhile, already a member) is acknowledged and logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp, stripeEvent } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

const secret = 'whsec_settle_retry_test';
let t: TestApp;
let double: StripeDouble;
/** Stripe unreachable when the server asks whether a payment succeeded (the rest of the API answers). */
let retrievalFails = false;

beforeAll(async () => ({ t, double } = await startStripeTestApp('settle_retry', secret, (stripe) => ({
  ...stripe,
  retrievePayment: (id: string) => (retrievalFails ? Promise.reject(new Error('connection reset')) : stripe.retrievePayment(id)),
}))));
afterAll(async () => { await t.close(); await double.close(); });

async function deliver(body: object) {
  const res = await deliverStripeEvent(t, body, secret);
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
    const invoicePaid = stripeEvent('evt_settle_retry_1', 'invoice.paid', double.invoiceOf(created.body.paymentIntentId));

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
