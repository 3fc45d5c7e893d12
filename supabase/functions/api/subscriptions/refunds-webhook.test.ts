// Refunds and disputes through Stripe (decision 172): the app runs the Stripe adapter against the local
// double; the events the double records (as Stripe would send them) are signed and delivered, in any
// order and more than once. Each refund or dispute change reverses the charity share once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { deliverStripeEvent, startStripeTestApp } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';

const secret = 'whsec_refunds_test';
let t: TestApp;
let double: StripeDouble;
let admin: Agent;
/** Stripe unreachable for ending a subscription (the rest of the API answers). */
let cancelFails = false;

beforeAll(async () => {
  ({ t, double } = await startStripeTestApp('refunds', secret, (stripe) => ({
    ...stripe, cancelNow: (id: string) => (cancelFails ? Promise.reject(new Error('connection reset')) : stripe.cancelNow(id)),
  })));
  admin = await t.signIn(TEST_ADMIN);
});
afterAll(async () => { await t.close(); await double.close(); });

async function deliver(event: object) {
  const res = await deliverStripeEvent(t, event, secret);
  expect(res.status).toBe(200);
  return (await res.json()) as { outcome: string };
}
const eventsOf = (type: string, paymentIntentId: string) =>
  double.events.filter((e) => e.type === type && e.data.object.payment_intent === paymentIntentId);

let ip = 0;
/** A member who subscribed with Stripe (monthly: $9.99, $1.00 to the Lyons default charity). */
async function member(email: string) {
  const agent = t.agent(`203.0.113.${++ip}`);
  const account = { email, name: 'Stripe Refund', password: 'secret123', homeCityId: SEED.lyonsId };
  const { created, completed: done } = await subscribeThroughApi(agent, account, { pay: (id) => double.pay(id) });
  expect(done?.status).toBe(200);
  const [payment] = await asService(t.database, (q) => q<{ id: string }>(
    `select id from public.payments where provider_payment_intent_id = $1`, [created.body.paymentIntentId]));
  return { agent, paymentIntentId: created.body.paymentIntentId as string, subscriptionId: created.body.subscriptionId as string, paymentId: payment.id };
}

const ledgerOf = (paymentId: string) => asService(t.database, (q) => q<{ kind: string; cents: number; amount_cents: number }>(
  `select kind, cents, amount_cents from public.charity_ledger where payment_id = $1 order by created_at, kind desc`, [paymentId]));
const isActive = async (agent: Agent) => (await agent.get('/api/subscription/details')).body.isActive as boolean;

describe('refunds through Stripe', () => {
  it('a refund made in the app and the charge.refunded it causes reverse the share once; one made in the Dashboard too', async () => {
    const m = await member('stripe-refund@example.com');
    const res = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 300, reason: 'Partly unhappy' });
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 300, charityCents: 30, membershipEnded: false });
    // Stripe got the admin and the reason as the refund's metadata.
    const [made] = [...double.refunds.values()].filter((r) => r.payment_intent === m.paymentIntentId);
    expect(made.metadata).toEqual({ paylocal_admin_id: TEST_ADMIN.id, paylocal_reason: 'Partly unhappy' });
    const [caused] = eventsOf('charge.refunded', m.paymentIntentId);
    expect(await deliver(caused)).toEqual({ received: true, outcome: 'already-recorded' });
    expect(await deliver(caused)).toEqual({ received: true, outcome: 'duplicate' });
    expect(await ledgerOf(m.paymentId)).toEqual([
      { kind: 'share', cents: 100, amount_cents: 999 }, { kind: 'refund', cents: -30, amount_cents: -300 }]);

    // The rest, refunded in Stripe's Dashboard: only the webhook tells; delivered twice (two event ids for the charge).
    double.refundInDashboard(m.paymentIntentId);
    const [, dashboard] = eventsOf('charge.refunded', m.paymentIntentId);
    expect(await deliver(dashboard)).toEqual({ received: true, outcome: 'refund-recorded' });
    expect(await deliver({ ...dashboard, id: `${dashboard.id}_again` })).toEqual({ received: true, outcome: 'already-recorded' });
    expect(await ledgerOf(m.paymentId)).toEqual([
      { kind: 'share', cents: 100, amount_cents: 999 }, { kind: 'refund', cents: -30, amount_cents: -300 },
      { kind: 'refund', cents: -70, amount_cents: -699 }]);
    // All of it went back: the membership ended here and at Stripe (or Stripe would renew it).
    expect(await isActive(m.agent)).toBe(false);
    expect(double.subscriptions.get(m.subscriptionId)!.status).toBe('canceled');
    const log = (await admin.get('/api/admin/audit-log')).body.entries as { action: string; actor: string; reason: string | null; description: string }[];
    expect(log.filter((e) => e.action === 'refund' && e.description.startsWith('Refund of $6.99 '))).toMatchObject([{ actor: 'Stripe', reason: null }]);
    expect(log.filter((e) => e.reason === 'Partly unhappy')).toMatchObject([{ actor: TEST_ADMIN.email }]);
  });

  it('the webhook first, the app\'s refund second: recorded once, with the admin and reason from the refund\'s metadata', async () => {
    const m = await member('webhook-first@example.com');
    // What the app does at Stripe, its webhook overtaking the app's own recording.
    await t.deps.payments.refundPayment({ paymentIntentId: m.paymentIntentId, invoiceId: 'unused', amountCents: 999, reason: 'Moved away', adminId: TEST_ADMIN.id });
    expect(await deliver(eventsOf('charge.refunded', m.paymentIntentId)[0])).toEqual({ received: true, outcome: 'refund-recorded' });
    const log = (await admin.get('/api/admin/audit-log')).body.entries as { actor: string; reason: string | null }[];
    expect(log.filter((e) => e.reason === 'Moved away')).toMatchObject([{ actor: TEST_ADMIN.email }]);
    expect(await ledgerOf(m.paymentId)).toHaveLength(2);
    expect((await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'again' })).status).toBe(409);
  });

  it('Stripe fails to end the subscription after a full refund: 502, and the refund\'s webhook records it and ends it', async () => {
    const m = await member('cancel-fails@example.com');
    cancelFails = true;
    const res = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'Closed account' });
    cancelFails = false;
    expect(res.status).toBe(502);
    expect(await ledgerOf(m.paymentId)).toHaveLength(1);
    expect(double.subscriptions.get(m.subscriptionId)!.status).toBe('active');
    expect(await deliver(eventsOf('charge.refunded', m.paymentIntentId)[0])).toEqual({ received: true, outcome: 'refund-recorded' });
    expect(await ledgerOf(m.paymentId)).toHaveLength(2);
    expect(double.subscriptions.get(m.subscriptionId)!.status).toBe('canceled');
    expect(await isActive(m.agent)).toBe(false);
    const log = (await admin.get('/api/admin/audit-log')).body.entries as { actor: string; reason: string | null }[];
    expect(log.filter((e) => e.reason === 'Closed account')).toMatchObject([{ actor: TEST_ADMIN.email }]);
  });
});

describe('disputes through Stripe', () => {
  it('created suspends access and mails the admin; closed won restores it; redeliveries change nothing', async () => {
    const m = await member('stripe-dispute@example.com');
    double.dispute(m.paymentIntentId, 'needs_response');
    const [created] = double.events.filter((e) => e.type === 'charge.dispute.created' && e.data.object.payment_intent === m.paymentIntentId);
    expect(await deliver(created)).toEqual({ received: true, outcome: 'dispute-recorded' });
    expect(await isActive(m.agent)).toBe(false);
    // The admin's dispute list has it, with Stripe's evidence deadline (evidence_details.due_by).
    const listed = ((await admin.get('/api/admin/disputes')).body.disputes as { paymentId: string; status: string; evidenceDueBy: string; membership: string }[])
      .find((d) => d.paymentId === m.paymentId);
    expect(listed).toMatchObject({ status: 'open', membership: 'suspended',
      evidenceDueBy: new Date(created.data.object.evidence_details.due_by * 1000).toISOString() });
    const mail = await asService(t.database, (q) => q<{ to_address: string }>(
      `select to_address from private.mail_outbox where kind = 'dispute_opened' and text_body like '%stripe-dispute@example.com%'`));
    expect(mail).toEqual([{ to_address: TEST_ADMIN.email }]);
    double.dispute(m.paymentIntentId, 'won');
    const [closed] = double.events.filter((e) => e.type === 'charge.dispute.closed' && e.data.object.payment_intent === m.paymentIntentId);
    expect(await deliver(closed)).toEqual({ received: true, outcome: 'dispute-recorded' });
    expect(await isActive(m.agent)).toBe(true);
    // A late 'created' (new event id) does not reopen it.
    expect(await deliver({ ...created, id: `${created.id}_late` })).toEqual({ received: true, outcome: 'already-recorded' });
    expect(await isActive(m.agent)).toBe(true);
    expect(await ledgerOf(m.paymentId)).toHaveLength(1);
  });

  it('lost counts as a refund (delivered before created, too): one reversal row, the membership ends', async () => {
    const m = await member('stripe-lost@example.com');
    double.dispute(m.paymentIntentId, 'lost');
    const created = double.events.find((e) => e.type === 'charge.dispute.created' && e.data.object.payment_intent === m.paymentIntentId)!;
    const closed = double.events.find((e) => e.type === 'charge.dispute.closed' && e.data.object.payment_intent === m.paymentIntentId)!;
    expect(await deliver(closed)).toEqual({ received: true, outcome: 'dispute-recorded' });
    expect(await deliver(created)).toEqual({ received: true, outcome: 'already-recorded' });
    expect(await ledgerOf(m.paymentId)).toEqual([
      { kind: 'share', cents: 100, amount_cents: 999 }, { kind: 'dispute_lost', cents: -100, amount_cents: -999 }]);
    expect(await isActive(m.agent)).toBe(false);
    const [sub] = await asService(t.database, (q) => q<{ status: string; suspended_at: Date | null }>(
      `select status, suspended_at from public.subscriptions where provider_subscription_id = $1`, [m.subscriptionId]));
    expect(sub).toEqual({ status: 'canceled', suspended_at: null });
  });

  it('the test-mode dispute control does not exist with Stripe', async () => {
    const m = await member('stripe-no-control@example.com');
    expect((await admin.post(`/api/admin/payments/${m.paymentId}/test-dispute`, { action: 'open' })).status).toBe(404);
    expect((await admin.get(`/api/admin/payments?userId=${(await m.agent.get('/api/auth/me')).body.user?.id ?? SEED.member.id}`)).body.testMode).toBe(false);
  });
});

describe('the plan-switch charge through Stripe (issue 39)', () => {
  it('invoice.paid leaves out the invoice\'s payments: the app lists them for the intent, and the admin refunds the switch charge', async () => {
    const m = await member('stripe-switch-refund@example.com');
    const from = double.events.length;
    expect((await m.agent.post('/api/subscription/plan-change', { plan: 'yearly' })).status).toBe(200);
    const paid = double.events.slice(from).find((e) => e.type === 'invoice.paid')!;
    expect(paid.data.object.payments).toBeUndefined();
    for (const e of double.events.slice(from)) await deliver(e);
    const intent = double.invoices.get(paid.data.object.id)!.payments.data[0].payment.payment_intent as string;
    const [row] = await asService(t.database, (q) => q<{ id: string; provider_payment_intent_id: string; plan: string }>(
      `select id, provider_payment_intent_id, plan from public.payments where provider_invoice_id = $1`, [paid.data.object.id]));
    expect(row).toMatchObject({ provider_payment_intent_id: intent, plan: 'yearly' });
    const res = await admin.post(`/api/admin/payments/${row.id}/refund`, { amountCents: 1000, reason: 'Switched by mistake' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 1000, membershipEnded: false, payment: { plan: 'yearly' } });
    const asked = double.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').at(-1)!;
    expect(asked.params).toMatchObject({ payment_intent: intent, amount: '1000' });
    expect(await deliver(eventsOf('charge.refunded', intent)[0])).toEqual({ received: true, outcome: 'already-recorded' });
  });

  it('a payment recorded without its intent is refunded through its invoice\'s payments and learns the intent', async () => {
    const m = await member('stripe-no-intent@example.com');
    const [{ invoice }] = await asService(t.database, (q) => q<{ invoice: string }>(
      `update public.payments set provider_payment_intent_id = null where id = $1 returning provider_invoice_id as invoice`, [m.paymentId]));
    const res = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 300, reason: 'Recorded before the fix' });
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 300 });
    expect(double.requests.some((r) => r.method === 'GET' && r.path === '/v1/invoice_payments' && r.params.invoice === invoice)).toBe(true);
    const [after] = await asService(t.database, (q) => q<{ intent: string }>(
      `select provider_payment_intent_id as intent from public.payments where id = $1`, [m.paymentId]));
    expect(after.intent).toBe(m.paymentIntentId);
    expect(await deliver(eventsOf('charge.refunded', m.paymentIntentId).at(-1)!)).toEqual({ received: true, outcome: 'already-recorded' });
  });
});
