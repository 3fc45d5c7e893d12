// A Stripe account (the local double) prepared the way an operator prepares a real one: by
// running the stripe:setup script against it.
import { stripeSetup } from '../../scripts/stripe-setup.ts';
import { stripeClient } from '../../supabase/functions/api/ports/payments/stripe-provider.ts';
import type { StripeDouble } from './stripe-double.ts';

export const stripeClientFor = (double: StripeDouble) =>
  stripeClient('sk_test_setup', { host: '127.0.0.1', port: double.port, protocol: 'http' });

export const prepareStripeAccount = (double: StripeDouble, webhookUrl = 'https://abcdefgh.supabase.co/functions/v1/api/stripe/webhook') =>
  stripeSetup(stripeClientFor(double), { webhookUrl });
