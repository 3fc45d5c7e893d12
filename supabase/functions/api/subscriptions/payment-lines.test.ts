// Issue 39, the member's side: every charge, refund and credit in view with sums that add up, one mail per refund,
// the in-app receipt (own payments only), and membership terms that say what a paused or ending membership does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsAnswer } from '../../_shared/contract/subscriptions.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { recordRefund } from './refunds.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
afterAll(() => t.close());

let ip = 0;
/** A monthly member of Lyons ($9.99, $1.00 to the Lyons default charity) and their first payment. */
async function member(email: string) {
  const agent = t.agent(`198.51.100.${150 + ++ip}`);
  const account = { email, name: 'Lena Lines', password: 'secret123', homeCityId: SEED.lyonsId };
  const done = (await subscribeThroughApi(agent, account, { plan: 'monthly' })).completed!;
  expect(done.status).toBe(200);
  const userId = done.body.user.id as string;
  const listed = await admin.get(`/api/admin/payments?userId=${userId}`);
  return { agent, userId, paymentId: listed.body.payments[0].id as string };
}

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => asService(t.database, (q) => q<T>(text, params));
const mailsOf = (email: string, kind: string) =>
  sql<{ subject: string; text_body: string }>(`select subject, text_body from private.mail_outbox where to_address = $1 and kind = $2`, [email, kind]);

/** The sums recomputed from the lines alone: what the answer's totals must be. */
function addUp({ lines }: PaymentsAnswer) {
  let paid = 0, charity = 0, credit = 0;
  for (const line of lines) {
    if (line.kind === 'charge') { paid += line.amountCents; charity += line.charityShareCents; }
    else if (line.kind === 'credit') credit += line.amountCents;
    else { paid -= line.amountCents; charity += line.charityCents; }
  }
  return { paid, charity, credit };
}

describe('GET /api/subscription/payments', () => {
  it('a partial refund is its own line with its reason, the charity share is corrected, and the lines add up', async () => {
    const m = await member('lines-partial@example.com');
    const refunded = await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 250, reason: 'Shop closed for a week' });
    expect(refunded.status).toBe(200);
    // An account credit (decision 191) is a line too.
    await sql(`select private.grant_account_credit($1, 300, 'offer_not_honoured', 'offer_report:lines')`, [m.userId]);

    const answer = (await m.agent.get('/api/subscription/payments')).body as PaymentsAnswer;
    const byKind = (kind: string) => answer.lines.filter((l) => l.kind === kind);
    expect(byKind('charge')).toEqual([expect.objectContaining({
      paymentId: m.paymentId, amountCents: 999, plan: 'monthly', planLabel: 'Monthly', charityShareCents: 100,
      charityNetCents: 75, charityName: 'Lyons Community Foundation', receiptPath: `/receipts/${m.paymentId}`,
    })]);
    // 100 × 250/999 = 25.03 → 25 of the share went back with the refund.
    expect(byKind('refund')).toEqual([expect.objectContaining({
      paymentId: m.paymentId, amountCents: 250, reason: 'Shop closed for a week', charityCents: -25, planLabel: 'Monthly',
    })]);
    expect(byKind('credit')).toEqual([expect.objectContaining({ amountCents: 300, paymentId: null })]);
    expect(answer.totals).toEqual({ chargedCents: 999, returnedCents: 250, paidCents: 749, charityCents: 75, creditCents: 300 });
    const sums = addUp(answer);
    expect([sums.paid, sums.charity, sums.credit]).toEqual([answer.totals.paidCents, answer.totals.charityCents, answer.totals.creditCents]);
    // The membership's "given" line is the same figure.
    expect((await m.agent.get('/api/subscription/details')).body.charityGivenCents).toBe(answer.totals.charityCents);
  });

  it('a credit taken off a later charge shows on the charge and as a credit line, and the lines still add up', async () => {
    const m = await member('lines-credit@example.com');
    await sql(`select private.grant_account_credit($1, 400, 'offer_not_honoured', 'offer_report:lines-credit')`, [m.userId]);
    expect((await m.agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(200);
    const answer = (await m.agent.get('/api/subscription/payments')).body as PaymentsAnswer;
    const charges = answer.lines.filter((l) => l.kind === 'charge');
    expect(charges.map((c) => [c.amountCents, c.creditAppliedCents])).toEqual([[599, 400], [999, 0]]);
    expect(answer.lines.filter((l) => l.kind === 'credit').map((l) => l.amountCents).sort()).toEqual([-400, 400]);
    expect(answer.totals).toMatchObject({ paidCents: 1598, creditCents: 0 });
    expect(addUp(answer).charity).toBe(answer.totals.charityCents);
  });
});

describe('the refund mail', () => {
  it('is sent once per refund, however often the refund is reported', async () => {
    const m = await member('lines-mail@example.com');
    expect((await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 250, reason: 'Shop closed' })).status).toBe(200);
    const [{ provider_refund_id: refundId, refunded_at: at }] = await sql<{ provider_refund_id: string; refunded_at: Date }>(
      `select provider_refund_id, refunded_at from public.payment_refunds where payment_id = $1`, [m.paymentId]);
    // The webhook reporting the same refund again records nothing and mails nothing.
    const again = await asService(t.database, (q) => recordRefund(q, m.paymentId, {
      id: refundId, amountCents: 250, status: 'succeeded', created: new Date(at), reason: 'Shop closed', adminId: null,
    }, null, 'http://site.test'));
    expect(again).toEqual({ outcome: 'duplicate' });
    const mails = await mailsOf('lines-mail@example.com', 'refund');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('$2.50 refunded to your card');
    expect(mails[0].text_body).toContain('We refunded $2.50 of your $9.99 payment');
    expect(mails[0].text_body).toContain('Reason: Shop closed');
    expect(mails[0].text_body).toContain('$0.25 of the charity share went back');
    expect(mails[0].text_body).toContain('Your membership stays active.');
    expect(mails[0].text_body).toContain(`/receipts/${m.paymentId}`);

    // The rest ends the membership, and its mail says so: a second refund, a second mail.
    expect((await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { reason: 'Goodwill' })).status).toBe(200);
    const all = await mailsOf('lines-mail@example.com', 'refund');
    expect(all).toHaveLength(2);
    expect(all.some((mail) => mail.text_body.includes('your membership has ended'))).toBe(true);
  });
});

describe('GET /api/subscription/receipts/{id}', () => {
  it('answers the member\'s own receipt with its refunds and corrected charity share; another member gets 404', async () => {
    const m = await member('lines-receipt@example.com');
    await admin.post(`/api/admin/payments/${m.paymentId}/refund`, { amountCents: 250, reason: 'Shop closed for a week' });
    const receipt = await m.agent.get(`/api/subscription/receipts/${m.paymentId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      platform: { name: 'Pay Local' }, memberName: 'Lena Lines', paidCents: 749,
      charge: { amountCents: 999, charityShareCents: 100, charityNetCents: 75 },
      returns: [{ kind: 'refund', amountCents: 250, reason: 'Shop closed for a week', charityCents: -25 }],
    });
    const other = await member('lines-receipt-other@example.com');
    const refused = await other.agent.get(`/api/subscription/receipts/${m.paymentId}`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Lena');
  });
});

describe('membership terms', () => {
  it('say paused, cancelled, and renewing only while the membership renews', async () => {
    const m = await member('lines-terms@example.com');
    const terms = async () => (await m.agent.get('/api/subscription/details')).body.terms as string;
    expect(await terms()).toContain('renewing automatically every month');
    expect((await m.agent.post('/api/subscription/pause')).status).toBe(200);
    expect(await terms()).toMatch(/^Paused: you are not charged and it does not renew/);
    expect((await m.agent.post('/api/subscription/resume')).status).toBe(200);
    expect((await m.agent.post('/api/subscription/cancel')).status).toBe(200);
    const ending = await terms();
    expect(ending).toMatch(/^Cancelled: it does not renew/);
    expect(ending).not.toContain('renewing automatically');
  });
});
