// npm run stripe:setup against a local HTTP double of Stripe's API (form-encoded requests, list
// envelopes, secrets only at creation), through the real `stripe` SDK pointed at it.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS } from '../supabase/functions/_shared/constants.ts';
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from '../supabase/functions/api/ports/payments/stripe-provider.ts';
import { stripeClientFor } from '../tests/support/stripe-account.ts';
import { startStripeDouble, type StripeDouble } from '../tests/support/stripe-double.ts';
import { stripeSetup, webhookUrlFrom } from './stripe-setup.ts';

const url = 'https://abcdefgh.supabase.co/functions/v1/api/stripe/webhook';
let double: StripeDouble;
beforeAll(async () => { double = await startStripeDouble(); });
afterAll(() => double.close());

const writes = () => double.requests.filter((r) => r.method !== 'GET').length;

describe('npm run stripe:setup', () => {
  it('creates a product and a price per plan and the webhook endpoint, pinned, with exactly the handled events', async () => {
    const report = await stripeSetup(stripeClientFor(double), { webhookUrl: url });
    expect(report.created).toHaveLength(PLAN_IDS.length * 2 + 1);
    for (const plan of PLAN_IDS) {
      const price = [...double.prices.values()].find((p) => p.lookup_key === `paylocal_${plan}`)!;
      expect(price).toMatchObject({
        product: `paylocal_${plan}`, currency: 'usd', unit_amount: PLANS[plan].priceCents,
        recurring: { interval: PLANS[plan].interval, interval_count: PLANS[plan].intervalCount },
      });
      expect(double.products.get(`paylocal_${plan}`)).toMatchObject({ active: true, metadata: { app: 'paylocal', plan } });
    }
    const [endpoint] = [...double.webhookEndpoints.values()];
    expect(endpoint).toMatchObject({ url, api_version: STRIPE_API_VERSION, metadata: { app: 'paylocal' } });
    expect([...endpoint.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
    expect(report.webhook.secret).toBe(endpoint.secret);
    // Form-encoded as Stripe expects.
    const create = double.requests.find((r) => r.method === 'POST' && r.path === '/v1/webhook_endpoints')!;
    expect(create.params['enabled_events[0]']).toBe(STRIPE_WEBHOOK_EVENTS[0]);
  });

  it('creates nothing on a second run, and cannot show the secret again', async () => {
    const before = writes();
    const report = await stripeSetup(stripeClientFor(double), { webhookUrl: url });
    expect(report.created).toEqual([]);
    expect(report.updated).toEqual([]);
    expect(writes()).toBe(before);
    expect(double.prices.size).toBe(PLAN_IDS.length);
    expect(double.products.size).toBe(PLAN_IDS.length);
    expect(double.webhookEndpoints.size).toBe(1);
    expect(report.webhook.secret).toBeNull();
  });

  it('repairs drift: a changed price takes over the lookup key, a trimmed event list is restored', async () => {
    const monthly = [...double.prices.values()].find((p) => p.lookup_key === 'paylocal_monthly')!;
    monthly.unit_amount = 899;
    const [endpoint] = [...double.webhookEndpoints.values()];
    endpoint.enabled_events = ['invoice.paid'];
    const report = await stripeSetup(stripeClientFor(double), { webhookUrl: url });
    expect(report.created).toHaveLength(1);
    const now = [...double.prices.values()].filter((p) => p.lookup_key === 'paylocal_monthly');
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ unit_amount: 999 });
    expect(monthly.lookup_key).toBeNull();
    expect([...endpoint.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
    expect(double.webhookEndpoints.size).toBe(1);
  });

  it('warns about an endpoint on another API version, and replaces it only when asked', async () => {
    const [endpoint] = [...double.webhookEndpoints.values()];
    endpoint.api_version = '2024-06-20';
    const warned = await stripeSetup(stripeClientFor(double), { webhookUrl: url });
    expect(warned.warnings.join()).toMatch(/2024-06-20/);
    expect(double.webhookEndpoints.has(endpoint.id)).toBe(true);
    const replaced = await stripeSetup(stripeClientFor(double), { webhookUrl: url, replaceWebhook: true });
    expect(double.webhookEndpoints.has(endpoint.id)).toBe(false);
    expect(double.webhookEndpoints.size).toBe(1);
    expect(replaced.webhook.secret).toMatch(/^whsec_/);
  });

  it('takes the webhook URL from the argument, SUPABASE_URL or SITE_URL, https only', () => {
    expect(webhookUrlFrom(undefined, { SUPABASE_URL: 'https://abcdefgh.supabase.co/' })).toBe(url);
    expect(webhookUrlFrom(undefined, { SITE_URL: 'https://paylocal.example' })).toBe('https://paylocal.example/api/stripe/webhook');
    expect(webhookUrlFrom('https://hooks.example/x', { SUPABASE_URL: 'https://a.supabase.co' })).toBe('https://hooks.example/x');
    expect(() => webhookUrlFrom(undefined, {})).toThrow(/SUPABASE_URL/);
    expect(() => webhookUrlFrom('http://hooks.example/x', {})).toThrow(/https/);
  });

  it('refuses to run without STRIPE_SECRET_KEY, naming it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/stripe-setup.ts', url], {
      env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY');
  });
});
