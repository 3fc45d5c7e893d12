// A Stripe account (the local double) prepared the way an operator prepares a real one: by
// running the stripe:setup script against it; and webhook events delivered to the app as Stripe sends them.
import Stripe from 'stripe';
import { stripeSetup } from '../../scripts/stripe-setup.ts';
import type { PaymentProvider } from '../../supabase/functions/api/ports/payments/payment-provider.ts';
import { STRIPE_API_VERSION, stripeClient, stripePaymentProvider } from '../../supabase/functions/api/ports/payments/stripe-provider.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const stripeClientFor = (double: StripeDouble) =>
  stripeClient('sk_test_setup', { host: '127.0.0.1', port: double.port, protocol: 'http' });

export const prepareStripeAccount = (double: StripeDouble, webhookUrl = 'https://abcdefgh.supabase.co/functions/v1/api/stripe/webhook') =>
  stripeSetup(stripeClientFor(double), { webhookUrl });

/**
 * A Stripe double with its account prepared, and a test app whose payments go to it (keys sk_test_<name>, pk_test_<name>).
 * `wrap`: the provider the app gets instead, built on the real one (a test makes Stripe fail or wait at one call).
 */
export async function startStripeTestApp(
  name: string, webhookSecret: string, wrap: (stripe: PaymentProvider) => PaymentProvider = (stripe) => stripe,
): Promise<{ t: TestApp; double: StripeDouble }> {
  const double = await startStripeDouble();
  await prepareStripeAccount(double);
  const stripe = stripePaymentProvider({
    secretKey: `sk_test_${name}`, publishableKey: `pk_test_${name}`, webhookSecret, host: '127.0.0.1', port: double.port, protocol: 'http',
  });
  const t = await createTestApp({}, (deps) => ({ ...deps, payments: wrap(stripe) }));
  return { t, double };
}

/** A webhook event as Stripe sends it (made by the test; the double records its own in `double.events`). */
export const stripeEvent = (
  id: string, type: string, object: Record<string, unknown>,
  { created = Math.floor(Date.now() / 1000), apiVersion = STRIPE_API_VERSION }: { created?: number; apiVersion?: string } = {},
) => ({
  id, object: 'event', api_version: apiVersion, created, type,
  livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object },
});

/** POST /api/stripe/webhook with `event`, signed with `secret` by Stripe's own test-header helper. */
export async function deliverStripeEvent(t: TestApp, event: object, secret: string): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('http://localhost/api/stripe/webhook', {
    method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
