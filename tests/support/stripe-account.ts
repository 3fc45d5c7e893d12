// A Stripe account (the local double) prepared the way an operator prepares a real one: by
// running the stripe:setup script against it.
import Stripe from 'stripe';
import { stripeSetup } from '../../scripts/stripe-setup.ts';
import type { StripeDouble } from './stripe-double.ts';

export const stripeClientFor = (double: StripeDouble) =>
  new Stripe('sk_test_setup', { host: '127.0.0.1', port: double.port, protocol: 'http', httpClient: Stripe.createFetchHttpClient() });

export const prepareStripeAccount = (double: StripeDouble, webhookUrl = 'https://abcdefgh.supabase.co/functions/v1/api/stripe/webhook') =>
  stripeSetup(stripeClientFor(double), { webhookUrl });
