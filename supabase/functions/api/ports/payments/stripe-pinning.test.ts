// The Stripe SDK is pinned (decision 170): one exact version in package.json (Node: the local runner,
// scripts, tests), deno.json and deno.lock (the deployed function), the one installed; and one API
// version, written out, that every Stripe client in the code base is made with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { prepareStripeAccount } from '../../../../../tests/support/stripe-account.ts';
import { startStripeDouble } from '../../../../../tests/support/stripe-double.ts';
import { STRIPE_API_VERSION, stripePaymentProvider } from './stripe-provider.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..', '..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
// stripe's package.json is not among its exports: read it from disk.
const installed: string = json('node_modules/stripe/package.json').version;

describe('the Stripe SDK is pinned to the installed version', () => {
  it('package.json and package-lock.json name it exactly, no range', () => {
    expect(json('package.json').dependencies.stripe).toBe(installed);
    expect(json('package-lock.json').packages[''].dependencies.stripe).toBe(installed);
  });

  it('the deployed function imports exactly it, and its lock resolves that and nothing else', () => {
    const deno = json('supabase/functions/api/deno.json');
    expect(deno.imports.stripe).toBe(`npm:stripe@${installed}`);
    const lock = json('supabase/functions/api/deno.lock');
    const stripeSpecifiers = Object.entries(lock.specifiers as Record<string, string>).filter(([k]) => k.startsWith('npm:stripe@'));
    expect(stripeSpecifiers).toEqual([[`npm:stripe@${installed}`, installed]]);
    expect(Object.keys(lock.npm).filter((k) => k.startsWith('stripe@'))).toEqual([`stripe@${installed}`]);
    expect(lock.workspace.dependencies).toContain(`npm:stripe@${installed}`);
  });
});

describe('one Stripe API version', () => {
  it('is the pinned SDK\'s own, written out', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(STRIPE_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
  });

  it('is the version the adapter and stripe:setup ask for, and the one the webhook endpoint is pinned to', async () => {
    const double = await startStripeDouble();
    try {
      await prepareStripeAccount(double);
      const provider = stripePaymentProvider({
        secretKey: 'sk_test_version', publishableKey: 'pk_test_version', webhookSecret: null,
        host: '127.0.0.1', port: double.port, protocol: 'http',
      });
      await provider.startCheckout({ plan: 'monthly', email: 'v@example.com', name: 'Vera', metadata: {} });
      expect(double.requests.length).toBeGreaterThan(3);
      expect(new Set(double.requests.map((r) => r.stripeVersion))).toEqual(new Set([STRIPE_API_VERSION]));
      expect([...double.webhookEndpoints.values()].map((e) => e.api_version)).toEqual([STRIPE_API_VERSION]);
    } finally {
      await double.close();
    }
  });
});
