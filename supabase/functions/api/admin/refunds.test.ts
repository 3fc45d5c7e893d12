// Refunds, disputes and the audit log on the embedded default (test payments, decision 172): the admin
// refunds from the users table, and rehearses disputes with the test-mode control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService, asUser } from '../../../../tests/support/test-database.ts';
import { type AdminPayment, refundEndsMembership } from '../../_shared/contract/admin-payments.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
afterAll(() => t.close());

let ip = 0;
/** A member who subscribed through the browser's flow with the test provider (monthly: $9.99, $1.00 to the Lyons default charity). */
async function member(email: string, plan = 'monthly') {
  const agent = t.agent(`198.51.100.${++ip}`);
  const account = { email, name: 'Rita Refund', password: 'secret123', homeCityId: SEED.lyonsId };
  const done = (await subscribeThroughApi(agent, account, { plan })).completed!;
  expect(done.status).toBe(200);
  const userId = done.body.user.id as string;
  const listed = await admin.get(`/api/admin/payments?userId=${userId}`);
  expect(listed.status).toBe(200);
  return { agent, userId, paymentId: listed.body.payments[0].id as string };
}

const isActive = async (agent: Agent) => (await agent.get('/api/subscription/details')).body.isActive as boolean;
const ledgerOf = (paymentId: string) => asService(t.database, (q) => q<{ kind: string; cents: number; amount_cents: number }>(
  `select kind, cents, amount_cents from public.charity_ledger where payment_id = $1 order by created_at, kind desc`, [paymentId]));

describe('refunds', () => {
  it('lists a member\'s payments; a partial refund reverses a proportional share as a new row and keeps the membership', async () => {
    const m = await member('partial@example.com');
    const listed = await admin.get(`/api/admin/payments?userId=${m.userId}`);
    expect(listed.body).toMatchObject({
      testMode: true,
      payments: [{ amountCents: 999, returnedCents: 0, charityNetCents: 100, charityName: 'Lyons Community Foundation', dispute: null, provider: 'test' }],
    });
    const res = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 500, reason: 'Shop closed for a week' });
    expect(res.status).toBe(200);
    // 100 × 500/999 = 50.05 → 50 (half up).
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 500, charityCents: 50, membershipEnded: false,
      payment: { returnedCents: 500, charityNetCents: 50 } });
    expect(await ledgerOf(m.paymentId)).toEqual([
      { kind: 'share', cents: 100, amount_cents: 999 },
      { kind: 'refund', cents: -50, amount_cents: -500 },
    ]);
    expect(await isActive(m.agent)).toBe(true);
    expect((await m.agent.get('/api/subscription/details')).body.charityGivenCents).toBe(50);
    // The rest: 100 × 999/999 − 50 = 50, so the reversals add up to the share exactly; the membership ends.
    const rest = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'Goodwill' });
    expect(rest.body).toMatchObject({ outcome: 'recorded', amountCents: 499, charityCents: 50, membershipEnded: true });
    expect(await isActive(m.agent)).toBe(false);
    expect((await m.agent.get('/api/subscription/details')).body).toMatchObject({ status: 'canceled', charityGivenCents: 0 });
  });

  it('a full refund ends the membership at once, at the provider too', async () => {
    const m = await member('full@example.com', 'yearly');
    const [{ sub }] = await asService(t.database, (q) => q<{ sub: string }>(
      `select provider_subscription_id as sub from public.subscriptions where user_id = $1`, [m.userId]));
    const res = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'Charged twice' });
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 10000, charityCents: 1000, membershipEnded: true });
    expect(await isActive(m.agent)).toBe(false);
    expect((await t.deps.payments.retrieveSubscription(sub)).status).toBe('canceled');
    const again = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment has already been refunded in full.');
  });

  it('refuses bad input with a clear message, and anyone but the admin', async () => {
    const m = await member('bad-input@example.com');
    const url = `/api/admin/payments/${m.paymentId}/refund`;
    expect((await admin.post(url, { amountCents: 500 })).body.message).toBe('The reason is required');
    expect((await admin.post(url, { reason: ' ' })).body.message).toBe('The reason is required');
    expect((await admin.post(url, { amountCents: 0, reason: 'x' })).body.message).toBe('The amount must be at least 1 cent');
    expect((await admin.post(url, { amountCents: 1.5, reason: 'x' })).body.message).toBe('The amount must be a whole number of cents');
    expect((await admin.post(url, { amountCents: 1000, reason: 'x' })).body.message).toBe('The amount must be at most 999 cents (what is left of this payment)');
    expect((await admin.post('/api/admin/payments/00000000-0000-4000-8000-000000000000/refund', { reason: 'x' })).status).toBe(404);
    expect((await admin.post('/api/admin/payments/nope/refund', { reason: 'x' })).body.message).toMatch(/^The ID /);
    expect((await admin.get('/api/admin/payments')).body.message).toMatch(/^The member /);
    expect((await t.agent().post(url, { reason: 'x' })).status).toBe(401);
    expect((await m.agent.post(url, { reason: 'x' })).status).toBe(403);
    expect((await m.agent.get(`/api/admin/payments?userId=${m.userId}`)).status).toBe(403);
    expect((await m.agent.get('/api/admin/audit-log')).status).toBe(403);
    expect((await ledgerOf(m.paymentId)).length).toBe(1);
  });
});

describe('the plan-switch charge (issue 39)', () => {
  const paymentsOf = async (userId: string) =>
    (await admin.get(`/api/admin/payments?userId=${userId}`)).body.payments as AdminPayment[];

  it('is refundable like any charge; each payment names its own plan; only the current period\'s payment ends the membership', async () => {
    const m = await member('switch-refund@example.com');
    expect((await m.agent.post('/api/subscription/plan-change', { plan: 'yearly' })).status).toBe(200);
    const [switchCharge, monthly] = await paymentsOf(m.userId);
    // The switch charge pays the new yearly period; the first payment stays a monthly one (not "yearly").
    expect(monthly).toMatchObject({ plan: 'monthly', amountCents: 999, refundableCents: 999, paysCurrentPeriod: false, membershipOver: false });
    expect(switchCharge).toMatchObject({ plan: 'yearly', returnedCents: 0, paysCurrentPeriod: true });
    expect(switchCharge.amountCents).toBeGreaterThan(9000);
    expect(switchCharge.refundableCents).toBe(switchCharge.amountCents);

    // Part of it: the remainder is what is left; the membership stays.
    const part = await admin.post(`/api/admin/payments/${switchCharge.id}/refund`, { amountCents: 1000, reason: 'Switched by mistake' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ outcome: 'recorded', amountCents: 1000, membershipEnded: false,
      payment: { returnedCents: 1000, refundableCents: switchCharge.amountCents - 1000 } });

    // All of the older monthly payment: its period is over, so the membership stays, as the dialog's rule says.
    expect(refundEndsMembership(monthly, 999)).toBe(false);
    const old = await admin.post(`/api/admin/payments/${monthly.id}/refund`, { reason: 'Goodwill' });
    expect(old.body).toMatchObject({ outcome: 'recorded', amountCents: 999, membershipEnded: false, payment: { refundableCents: 0 } });
    expect(await isActive(m.agent)).toBe(true);

    // The rest of the switch charge (the default: the remainder) ends it, as the rule predicts.
    const [current] = await paymentsOf(m.userId);
    expect(refundEndsMembership(current, current.refundableCents)).toBe(true);
    expect(refundEndsMembership(current, current.refundableCents - 1)).toBe(false);
    const rest = await admin.post(`/api/admin/payments/${current.id}/refund`, { reason: 'Leaving' });
    expect(rest.body).toMatchObject({ outcome: 'recorded', amountCents: switchCharge.amountCents - 1000, membershipEnded: true,
      payment: { membershipOver: true, paysCurrentPeriod: false } });
    expect(await isActive(m.agent)).toBe(false);
  });

  it('a renewal charged by the test provider is refundable too', async () => {
    const m = await member('renewal-refund@example.com');
    expect((await m.agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(200);
    const [renewal] = await paymentsOf(m.userId);
    expect(renewal).toMatchObject({ plan: 'monthly', amountCents: 999, paysCurrentPeriod: true });
    const res = await admin.post(`/api/admin/payments/${renewal.id}/refund`, { amountCents: 200, reason: 'Late renewal' });
    expect(res.body).toMatchObject({ outcome: 'recorded', amountCents: 200, membershipEnded: false });
  });
});

describe('disputes (test-mode control)', () => {
  it('open suspends access and mails the admin; won restores it', async () => {
    const m = await member('dispute-won@example.com');
    const url = `/api/admin/payments/${m.paymentId}/test-dispute`;
    const opened = await admin.post(url, { action: 'open' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ outcome: 'recorded', status: 'open', payment: { dispute: 'open' } });
    expect(await isActive(m.agent)).toBe(false);
    // The admin's user table says why this member has no access.
    const statusInTable = async () => ((await admin.get('/api/admin/users?search=dispute-won')).body.users as { email: string; subscriptionStatus: string }[])
      .find((u) => u.email === 'dispute-won@example.com')?.subscriptionStatus;
    expect(await statusInTable()).toBe('suspended');
    const mail = await asService(t.database, (q) => q<{ to_address: string; subject: string }>(
      `select to_address, subject from private.mail_outbox where kind = 'dispute_opened' order by created_at desc limit 1`));
    expect(mail).toEqual([{ to_address: TEST_ADMIN.email, subject: 'A payment dispute was opened ($9.99)' }]);
    expect((await admin.post(url, { action: 'open' })).status).toBe(409);
    // No refund while the bank decides.
    expect((await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'x' })).status).toBe(409);
    const won = await admin.post(url, { action: 'win' });
    expect(won.body).toMatchObject({ outcome: 'recorded', status: 'won', payment: { dispute: 'won', charityNetCents: 100 } });
    expect(await isActive(m.agent)).toBe(true);
    expect(await statusInTable()).toBe('active');
    expect((await admin.post(url, { action: 'win' })).body.message).toBe('This payment has no open dispute.');
    expect((await admin.post(url, { action: 'maybe' })).body.message).toBe('The action must be open, win or lose');
  });

  it('lost counts as a refund: a reversal row, and the membership ends', async () => {
    const m = await member('dispute-lost@example.com');
    const url = `/api/admin/payments/${m.paymentId}/test-dispute`;
    await admin.post(url, { action: 'open' });
    const lost = await admin.post(url, { action: 'lose' });
    expect(lost.body).toMatchObject({ outcome: 'recorded', status: 'lost', charityCents: 100, membershipEnded: true, payment: { dispute: 'lost', charityNetCents: 0 } });
    expect(await ledgerOf(m.paymentId)).toEqual([
      { kind: 'share', cents: 100, amount_cents: 999 },
      { kind: 'dispute_lost', cents: -100, amount_cents: -999 },
    ]);
    expect(await isActive(m.agent)).toBe(false);
  });
});

describe('the dispute list', () => {
  it('lists open, won and lost disputes with the evidence deadline, the member and the membership state; the admin only', async () => {
    const m = await member('dispute-listed@example.com');
    const opened = await admin.post(`/api/admin/payments/${m.paymentId}/test-dispute`, { action: 'open' });
    expect(opened.status).toBe(200);
    const res = await admin.get('/api/admin/disputes');
    expect(res.status).toBe(200);
    const disputes = res.body.disputes as { status: string; memberEmail: string; evidenceDueBy: string | null; membership: string; amountCents: number; paymentId: string }[];
    // Open first; the test provider's dispute asks for evidence within 7 days, as Stripe gives a due date.
    expect(disputes[0]).toMatchObject({ status: 'open', memberEmail: 'dispute-listed@example.com', membership: 'suspended', amountCents: 999, paymentId: m.paymentId });
    const due = new Date(disputes[0].evidenceDueBy!).getTime();
    expect(due).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(due).toBeLessThan(Date.now() + 8 * 86_400_000);
    expect(disputes.find((d) => d.memberEmail === 'dispute-won@example.com')).toMatchObject({ status: 'won', membership: 'active' });
    expect(disputes.find((d) => d.memberEmail === 'dispute-lost@example.com')).toMatchObject({ status: 'lost', membership: 'canceled' });
    // Members and merchants are refused by the route, and RLS hides the rows from them anyway.
    expect((await m.agent.get('/api/admin/disputes')).status).toBe(403);
    expect((await (await t.signIn(SEED.merchantOwner)).get('/api/admin/disputes')).status).toBe(403);
    expect((await t.agent().get('/api/admin/disputes')).status).toBe(401);
    expect(await asUser(t.database, m.userId, (q) => q(`select id from public.payment_disputes`))).toEqual([]);
  });
});

describe('audit log', () => {
  it('holds every refund and dispute action (who, when, why, what); the admin reads it, nobody edits or deletes it', async () => {
    const log = await admin.get('/api/admin/audit-log');
    expect(log.status).toBe(200);
    const entries = log.body.entries as { actor: string; action: string; reason: string | null; subjectEmail: string }[];
    expect(entries.find((e) => e.reason === 'Shop closed for a week')).toMatchObject({
      actor: TEST_ADMIN.email, action: 'refund', subjectEmail: 'partial@example.com', description: "Refund of $5 of Rita Refund's payment of $9.99",
      before: { refundedCents: 0 }, after: { refundedCents: 500, membershipEnded: false },
    });
    expect(entries.filter((e) => e.subjectEmail === 'dispute-won@example.com').map((e) => e.action).sort()).toEqual(['dispute_opened', 'dispute_won']);
    expect(entries.filter((e) => e.subjectEmail === 'dispute-lost@example.com').map((e) => e.action).sort()).toEqual(['dispute_lost', 'dispute_opened']);
    // Nobody rewrites history: not the admin, not the service role; members read nothing.
    await expect(asUser(t.database, TEST_ADMIN.id, (q) => q(`update public.admin_audit_log set reason = 'edited'`))).rejects.toThrow();
    await expect(asUser(t.database, TEST_ADMIN.id, (q) => q(`delete from public.admin_audit_log`))).rejects.toThrow();
    await expect(asService(t.database, (q) => q(`update public.admin_audit_log set reason = 'edited'`))).rejects.toThrow();
    await expect(asService(t.database, (q) => q(`delete from public.admin_audit_log`))).rejects.toThrow();
    await expect(asService(t.database, (q) => q(`update public.charity_ledger set cents = 0`))).rejects.toThrow();
    await expect(asService(t.database, (q) => q(`delete from public.charity_ledger`))).rejects.toThrow();
    expect(await asUser(t.database, SEED.member.id, (q) => q(`select id from public.admin_audit_log`))).toEqual([]);
  });
});
