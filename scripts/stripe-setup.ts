// npm run stripe:setup [-- <webhook url>] [--replace-webhook]
//
// Creates, through Stripe's API and idempotently, what the app needs in a Stripe account
// (decision 070): one product per plan (fixed ids `paylocal_<plan>`), one recurring price per plan
// with lookup key `paylocal_<plan>` (the app finds prices by lookup key, so no price id is
// configured anywhere), and the webhook endpoint with the pinned API version and exactly the events
// the handler uses. A second run creates nothing. The webhook signing secret is shown only when the
// endpoint is created (Stripe returns it only then): set it with `supabase secrets set`.
//
// Env: STRIPE_SECRET_KEY (required). The webhook URL is the first argument, else
// <SUPABASE_URL>/functions/v1/api/stripe/webhook, else <SITE_URL>/api/stripe/webhook.
import { pathToFileURL } from 'node:url';
import type Stripe from 'stripe';
import { CURRENCY, PLAN_IDS, PLANS, type PlanId } from '../supabase/functions/_shared/constants.ts';
import {
  priceLookupKey, STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS, stripeClient,
} from '../supabase/functions/api/ports/payments/stripe-provider.ts';

export const productId = (plan: PlanId) => `paylocal_${plan}`;
const APP_METADATA = { app: 'paylocal' };

export interface SetupReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  warnings: string[];
  webhook: { id: string; url: string; secret: string | null };
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

async function ensureProduct(stripe: Stripe, plan: PlanId, report: SetupReport): Promise<string> {
  const id = productId(plan);
  const p = PLANS[plan];
  const name = `Pay Local ${p.name} (${p.label})`;
  try {
    const existing = await stripe.products.retrieve(id);
    if (!existing.active) {
      await stripe.products.update(id, { active: true });
      report.updated.push(`product ${id} (reactivated)`);
    } else report.unchanged.push(`product ${id}`);
    return id;
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
  await stripe.products.create({ id, name, metadata: { ...APP_METADATA, plan } });
  report.created.push(`product ${id}`);
  return id;
}

async function ensurePrice(stripe: Stripe, plan: PlanId, product: string, report: SetupReport) {
  const p = PLANS[plan];
  const lookupKey = priceLookupKey(plan);
  const [current] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
  if (
    current && current.unit_amount === p.priceCents && current.currency === CURRENCY
    && current.recurring?.interval === p.interval && (current.recurring?.interval_count ?? 1) === p.intervalCount
  ) {
    report.unchanged.push(`price ${lookupKey} (${current.id})`);
    return;
  }
  // Prices cannot be edited: a changed plan gets a new price that takes over the lookup key.
  const price = await stripe.prices.create({
    product, currency: CURRENCY, unit_amount: p.priceCents,
    recurring: { interval: p.interval, interval_count: p.intervalCount },
    lookup_key: lookupKey, transfer_lookup_key: Boolean(current), metadata: { ...APP_METADATA, plan },
  });
  report.created.push(`price ${lookupKey} (${price.id})`);
}

async function ensureWebhook(stripe: Stripe, url: string, replace: boolean, report: SetupReport) {
  const endpoints: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(endpoint);
  const existing = endpoints.find((e) => e.url === url) ?? endpoints.find((e) => e.metadata?.app === APP_METADATA.app);
  if (existing && existing.api_version !== STRIPE_API_VERSION && replace) {
    await stripe.webhookEndpoints.del(existing.id);
    report.updated.push(`webhook endpoint ${existing.id} deleted (API version ${existing.api_version ?? 'account default'})`);
  } else if (existing) {
    if (existing.api_version !== STRIPE_API_VERSION) {
      report.warnings.push(
        `Webhook endpoint ${existing.id} renders events as API version ${existing.api_version ?? '(account default)'}, not ` +
        `${STRIPE_API_VERSION}. The handler reads both, but re-run with --replace-webhook to pin it (a new signing secret follows).`);
    }
    const changes: Stripe.WebhookEndpointUpdateParams = {};
    if (!sameEvents(existing.enabled_events, STRIPE_WEBHOOK_EVENTS)) changes.enabled_events = [...STRIPE_WEBHOOK_EVENTS];
    if (existing.url !== url) changes.url = url;
    if (existing.status === 'disabled') changes.disabled = false;
    if (Object.keys(changes).length) {
      await stripe.webhookEndpoints.update(existing.id, changes);
      report.updated.push(`webhook endpoint ${existing.id} (${Object.keys(changes).join(', ')})`);
    } else report.unchanged.push(`webhook endpoint ${existing.id}`);
    report.webhook = { id: existing.id, url, secret: null };
    return;
  }
  const created = await stripe.webhookEndpoints.create({
    url, api_version: STRIPE_API_VERSION, enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    description: 'Pay Local API (npm run stripe:setup)', metadata: APP_METADATA,
  });
  report.created.push(`webhook endpoint ${created.id}`);
  report.webhook = { id: created.id, url, secret: created.secret ?? null };
}

/** The whole setup against one Stripe client (tests pass a client pointed at a local double). */
export async function stripeSetup(stripe: Stripe, options: { webhookUrl: string; replaceWebhook?: boolean }): Promise<SetupReport> {
  const report: SetupReport = { created: [], updated: [], unchanged: [], warnings: [], webhook: { id: '', url: options.webhookUrl, secret: null } };
  for (const plan of PLAN_IDS) {
    const product = await ensureProduct(stripe, plan, report);
    await ensurePrice(stripe, plan, product, report);
  }
  await ensureWebhook(stripe, options.webhookUrl, Boolean(options.replaceWebhook), report);
  return report;
}

/** The webhook URL from the argument, SUPABASE_URL or SITE_URL. */
export function webhookUrlFrom(arg: string | undefined, env: Record<string, string | undefined>): string {
  const url = arg
    ?? (env.SUPABASE_URL ? `${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/api/stripe/webhook` : undefined)
    ?? (env.SITE_URL ? `${env.SITE_URL.replace(/\/+$/, '')}/api/stripe/webhook` : undefined);
  if (!url) throw new Error('Give the webhook URL as an argument, or set SUPABASE_URL (https://<ref>.supabase.co) or SITE_URL.');
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(parsed.hostname)) {
    throw new Error(`Stripe sends webhooks only to https URLs: ${url}`);
  }
  return parsed.toString();
}

async function main() {
  const args = process.argv.slice(2);
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error('Set STRIPE_SECRET_KEY (sk_test_… or sk_live_…) to run the Stripe setup.');
  const webhookUrl = webhookUrlFrom(args.find((a) => !a.startsWith('--')), process.env);
  const stripe = stripeClient(secretKey);
  const report = await stripeSetup(stripe, { webhookUrl, replaceWebhook: args.includes('--replace-webhook') });
  for (const line of report.created) console.log(`created   ${line}`);
  for (const line of report.updated) console.log(`updated   ${line}`);
  for (const line of report.unchanged) console.log(`unchanged ${line}`);
  for (const line of report.warnings) console.warn(`warning   ${line}`);
  console.log(`\nWebhook endpoint ${report.webhook.id} → ${report.webhook.url}`);
  console.log(`API version ${STRIPE_API_VERSION}; events: ${STRIPE_WEBHOOK_EVENTS.join(', ')}`);
  if (report.webhook.secret) {
    console.log('\nSet its signing secret (shown only now):');
    console.log(`  npx supabase secrets set STRIPE_WEBHOOK_SECRET=${report.webhook.secret}`);
  } else {
    console.log('\nThe endpoint already existed: its signing secret was shown when it was created (roll it in the Dashboard if lost).');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: Error) => {
    console.error(`stripe:setup failed: ${error.message}`);
    process.exit(1);
  });
}
