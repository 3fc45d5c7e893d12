// A Stripe account (the local double) prepared the way an operator prepares a real one: by
// running the stripe:setup script against it.
import { stripeSetup } from '../../scripts/stripe-setup.ts';
import { stripeClient, stripePaymentProvider } from '../../supabase/functions/api/ports/payments/stripe-provider.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const stripeClientFor = (double: StripeDouble) =>
  stripeClient('sk_test_setup', { host: '127.0.0.1', port: double.port, protocol: 'http' });

export const prepareStripeAccount = (double: StripeDouble, webhookUrl = 'https://abcdefgh.supabase.co/functions/v1/api/stripe/webhook') =>
  stripeSetup(stripeClientFor(double), { webhookUrl });

/** A Stripe double with its account prepared, and a test app whose payments go to it (keys sk_test_<name>, pk_test_<name>). */
export async function startStripeTestApp(name: string, webhookSecret: string): Promise<{ t: TestApp; double: StripeDouble }> {
  const double = await startStripeDouble();
  await prepareStripeAccount(double);
  const t = await createTestApp({}, (deps) => ({
    ...deps,
    payments: stripePaymentProvider({
      secretKey: `sk_test_${name}`, publishableKey: `pk_test_${name}`, webhookSecret, host: '127.0.0.1', port: double.port, protocol: 'http',
    }),
  }));
  return { t, double };
}
