// Subscription state from Stripe, not from event order (decision 170). Stripe delivers webhook events in
// any order, more than once, stamped in whole seconds. A member's realistic life at Stripe (the local
// double, which records an event for each change) is delivered in EVERY order, a redelivery included,
// and each order must end in the same subscriptions row and payments: Stripe's final state. One database
// for all 360 distinct orders (720 permutations, less those that only swap the redelivery's two identical copies),
// the rows reset between them. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp, stripeClientFor } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';

const secret = 'whsec_order_test';
let t: TestApp;
let double: StripeDouble;
/** When set, the next subscription retrieval reads Stripe, then waits for `release` before answering. */
let hold: { reached: () => void; release: Promise<void> } | null = null;

beforeAll(async () => ({ t, double } = await startStripeTestApp('order', secret, (stripe) => ({
  ...stripe,
  async retrieveSubscription(id) {
    const state = await stripe.retrieveSubscription(id);
    const held = hold;
    if (held) {
      hold = null;
      held.reached();
      await held.release;
    }
    return state;
  },
}))));
afterAll(async () => { await t.close(); await double.close(); });

type StripeEvent = Record<string, any>;

async function deliver(body: StripeEvent) {
  const res = await deliverStripeEvent(t, body, secret);
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { outcome: string };
}

let ip = 0;
/** A member who subscribed and paid (the browser completed the checkout); returns the Stripe subscription id. */
async function member(email: string): Promise<string> {
  const browser = t.agent(`198.51.100.${++ip}`);
  const account = { email, name: 'Order Member', password: 'chosen-secret1', homeCityId: SEED.lyonsId };
  const { created, completed } = await subscribeThroughApi(browser, account, { pay: (id) => double.pay(id) });
  expect(completed?.status).toBe(200);
  return created.body.subscriptionId;
}

const eventsOf = (subscriptionId: string) => double.events.filter((e) =>
  e.data.object.id === subscriptionId || e.data.object.parent?.subscription_details?.subscription === subscriptionId);

/** Every order of `items` (n! of them). */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

interface Final {
  status: string; period_start: string; period_end: string; cancel_at_period_end: boolean;
  canceled_at: string | null; paused_at: string | null; payments: string;
}

describe('every delivery order ends in Stripe\'s state', () => {
  let subscriptionId: string;
  let sequence: StripeEvent[];
  let initial: { start: Date; end: Date };
  let renewalInvoiceId: string;

  beforeAll(async () => {
    subscriptionId = await member('every-order@example.com');
    const [row] = await asService(t.database, (q) => q<{ current_period_start: Date; current_period_end: Date }>(
      `select current_period_start, current_period_end from public.subscriptions where provider_subscription_id = $1`, [subscriptionId]));
    initial = { start: new Date(row.current_period_start), end: new Date(row.current_period_end) };
    // The member's life at Stripe: created (incomplete), first invoice paid, active; renewed; then cancelled.
    renewalInvoiceId = double.renew(subscriptionId).id;
    await stripeClientFor(double).subscriptions.cancel(subscriptionId);
    const events = eventsOf(subscriptionId);
    const pick = (type: string, nth = 0) => events.filter((e) => e.type === type)[nth];
    const activated = pick('customer.subscription.updated', 0);
    expect(activated.data.object.status).toBe('active');
    // Stripe stamps events in whole seconds: all of these in one second, as when they happen together.
    sequence = [
      pick('customer.subscription.created'), pick('invoice.paid', 0), activated, pick('invoice.paid', 1),
      pick('customer.subscription.deleted'),
      activated, // a redelivery: the same event id again
    ].map((e) => ({ ...e, created: events[0].created }));
    expect(sequence.map((e) => e.type)).toEqual([
      'customer.subscription.created', 'invoice.paid', 'customer.subscription.updated', 'invoice.paid',
      'customer.subscription.deleted', 'customer.subscription.updated',
    ]);
  });

  /** Back to the row as the checkout left it: active, first period, first payment only, nothing processed. */
  const reset = () => asService(t.database, async (q) => {
    await q(`delete from private.processed_webhook_events where event_id = any($1::text[])`, [sequence.map((e) => e.id)]);
    await q(`delete from private.subscription_event_marks where provider_subscription_id = $1`, [subscriptionId]);
    await q(`delete from public.payments where provider_invoice_id = $1`, [renewalInvoiceId]);
    await q(
      `update public.subscriptions set status = 'active', current_period_start = $2, current_period_end = $3,
              cancel_at_period_end = false, canceled_at = null, paused_at = null
        where provider_subscription_id = $1`,
      [subscriptionId, initial.start, initial.end],
    );
  });

  const final = async (): Promise<Final> => (await asService(t.database, (q) => q<Final>(
    `select s.status, s.current_period_start::text as period_start, s.current_period_end::text as period_end,
            s.cancel_at_period_end, s.canceled_at::text as canceled_at, s.paused_at::text as paused_at,
            (select string_agg(x.provider_invoice_id || ':' || x.amount_cents || ':' || x.charity_share_cents, ',' order by x.provider_invoice_id)
               from public.payments x where x.subscription_id = s.id) as payments
       from public.subscriptions s where s.provider_subscription_id = $1`, [subscriptionId])))[0];

  it('all 360 distinct orders of 6 deliveries (a redelivery among them) give one row: cancelled, renewed period, two payments', async () => {
    const stripeNow = double.subscriptions.get(subscriptionId)!;
    const item = stripeNow.items.data[0];
    const permuted = permutations(sequence);
    expect(permuted).toHaveLength(720);
    // The redelivery is the same event twice (same id, same body): two permutations that only swap its copies send
    // the same requests in the same order, so each order of event ids is delivered once.
    const orders = [...new Map(permuted.map((order) => [order.map((e) => e.id).join(' '), order])).values()];
    expect(orders).toHaveLength(360);
    const finals = new Map<string, string[]>();
    for (const order of orders) {
      await reset();
      for (const e of order) await deliver(e);
      const key = JSON.stringify(await final());
      if (!finals.has(key)) finals.set(key, order.map((e) => e.type.replace('customer.subscription.', '')));
    }
    // One final row whatever the order (if not, the first orders reaching different rows are shown).
    const differing = [...finals.entries()].slice(0, 3).map(([row, order]) => ({ order: order.join(' > '), row: JSON.parse(row) }));
    expect(finals.size, JSON.stringify(differing, null, 1)).toBe(1);
    const [row] = [...finals.keys()].map((k) => JSON.parse(k) as Final);
    expect({
      status: row.status, cancel_at_period_end: row.cancel_at_period_end, paused_at: row.paused_at,
      period_start: new Date(row.period_start).getTime(), period_end: new Date(row.period_end).getTime(),
      canceled_at: row.canceled_at && new Date(row.canceled_at).getTime(),
    }).toEqual({
      status: 'canceled', cancel_at_period_end: false, paused_at: null,
      period_start: item.current_period_start * 1000, period_end: item.current_period_end * 1000,
      canceled_at: stripeNow.ended_at * 1000,
    });
    const firstInvoiceId = sequence[1].data.object.id;
    expect(row.payments).toBe([`${firstInvoiceId}:999:100`, `${renewalInvoiceId}:999:100`].sort().join(','));
  }, 600_000);
});

describe('two deliveries answered out of order', () => {
  it('never lets a state read earlier overwrite one read later (the ticket drawn before each retrieval)', async () => {
    const subscriptionId = await member('slow-answer@example.com');
    const stripe = stripeClientFor(double);
    const cancelAt = () => asService(t.database, async (q) => (await q<{ cancel_at_period_end: boolean }>(
      `select cancel_at_period_end from public.subscriptions where provider_subscription_id = $1`, [subscriptionId]))[0].cancel_at_period_end);

    // Delivery A reads Stripe (not cancelling) and is slow to answer...
    let release!: () => void;
    let reached!: () => void;
    const readByA = new Promise<void>((resolve) => { reached = resolve; });
    hold = { reached, release: new Promise<void>((resolve) => { release = resolve; }) };
    const first = eventsOf(subscriptionId).find((e) => e.type === 'customer.subscription.updated')!;
    const slow = deliver(first);
    await readByA;
    // ...meanwhile the member cancels at period end and delivery B reads and applies that.
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const cancelled = eventsOf(subscriptionId).filter((e) => e.type === 'customer.subscription.updated').at(-1)!;
    expect(await deliver(cancelled)).toMatchObject({ outcome: 'updated' });
    expect(await cancelAt()).toBe(true);
    // A answers last with the older state: it is not applied.
    release();
    expect(await slow).toMatchObject({ outcome: 'stale' });
    expect(await cancelAt()).toBe(true);
  });
});
