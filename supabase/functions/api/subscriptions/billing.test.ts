// Issue 27, part 2 (decision 171), on the built-in test provider: a failed renewal keeps access for the grace
// period and then ends it; 3-D Secure at renewal; card update; history and receipts; plan change with
// proration; passes that do not renew; the reminder mails. The Stripe side is in billing-stripe.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_GRACE_DAYS } from '../../_shared/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi, testCard as card } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { sendBillingReminders } from './billing.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ MAIL_DRAIN_SECRET: 'billing-drain-secret' }); });
afterAll(() => t.close());

let ipCounter = 0;
const freshAgent = () => t.agent(`198.51.100.${100 + ++ipCounter}`);

async function member(email: string, plan = 'monthly'): Promise<Agent> {
  const agent = freshAgent();
  const { completed } = await subscribeThroughApi(agent, { email, name: 'Dana Dunning', password: 'secret123' }, { plan });
  expect(completed?.status).toBe(200);
  return agent;
}

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  asService(t.database, (q) => q<T>(text, params));

const mailsTo = async (email: string) =>
  (await sql<{ kind: string; subject: string; text_body: string }>(
    `select kind, subject, text_body from private.mail_outbox where to_address = $1 order by created_at`, [email]));

async function saveCard(agent: Agent, cardNumber = '4242 4242 4242 4242') {
  const setup = await agent.post('/api/subscription/card');
  expect(setup.status).toBe(200);
  expect(setup.body).toMatchObject({ provider: 'test', publishableKey: null });
  const confirmed = await agent.post('/api/test-payments/setup-confirm', card(setup.body.clientSecret, cardNumber));
  if (confirmed.status !== 200) return { confirmed, completed: null };
  return { confirmed, completed: await agent.post('/api/subscription/card/complete', { setupIntentId: setup.body.setupIntentId }) };
}

describe('a failed renewal (dunning)', () => {
  it('keeps access for the grace period, shows why, mails the member, and a new card pays it', async () => {
    const agent = await member('dunning@example.com');
    // The card paid with is named from the start (issue 39): brand, last 4 and expiry of the test card.
    expect((await agent.get('/api/subscription/details')).body.cardLabel).toBe('Visa •••• 4242, expires 12/2034');
    const failed = await agent.post('/api/test-payments/renewal', { outcome: 'fail' });
    expect(failed.status).toBe(200);

    const details = (await agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({ status: 'past_due', isActive: true, paymentError: 'Your card was declined.', paymentActionUrl: null });
    const graceDays = (new Date(details.graceEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(PAYMENT_GRACE_DAYS - 0.01);
    expect(graceDays).toBeLessThan(PAYMENT_GRACE_DAYS + 0.01);
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: true });
    const mails = await mailsTo('dunning@example.com');
    expect(mails.filter((m) => m.kind === 'renewal_failed')).toHaveLength(1);
    expect(mails.at(-1)!.text_body).toContain('Update card');

    // The same card again: declined.
    const retried = await agent.post('/api/subscription/retry-payment');
    expect(retried.status).toBe(402);
    expect(retried.body.message).toContain('declined');

    // A declining card cannot be saved; a good one is saved and pays the open renewal.
    expect((await saveCard(agent, '4000 0000 0000 0002')).confirmed.status).toBe(402);
    const saved = await saveCard(agent);
    expect(saved.completed!.status).toBe(200);
    expect(saved.completed!.body).toMatchObject({ cardLabel: 'Visa •••• 4242, expires 12/2034', retry: 'paid' });
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({
      status: 'active', isActive: true, graceEndsAt: null, paymentError: null, cardLabel: 'Visa •••• 4242, expires 12/2034',
    });
    const history = (await agent.get('/api/subscription/payments')).body.lines;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ kind: 'charge', amountCents: 999, charityShareCents: 100, planLabel: 'Monthly' });
  });

  it('ends access when the grace period is over, and the profile says unpaid', async () => {
    const agent = await member('grace-over@example.com');
    await agent.post('/api/test-payments/renewal', { outcome: 'fail' });
    await sql(`update public.subscriptions s set grace_ends_at = now() - interval '1 minute'
                 from public.profiles p where p.id = s.user_id and p.email = 'grace-over@example.com'`);
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({ status: 'unpaid', isActive: false });
    expect((await agent.get('/api/auth/me')).body.user.subscriptionStatus).toBe('unpaid');
    // The open renewal is paid by a card update, not by a second subscription.
    const again = await agent.post('/api/create-subscription', { plan: 'monthly' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('update your card');
    expect((await saveCard(agent)).completed!.body).toMatchObject({ retry: 'paid' });
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: true });
  });

  it('Stripe-style unpaid (retries over) ends access at once', async () => {
    const agent = await member('unpaid@example.com');
    await sql(`update public.subscriptions s set status = 'unpaid'
                 from public.profiles p where p.id = s.user_id and p.email = 'unpaid@example.com'`);
    expect((await agent.get('/api/subscription/status')).body).toEqual({ isActive: false });
  });

  it('3-D Secure at renewal: the banner links to the invoice page, which pays it', async () => {
    const agent = await member('threeds@example.com');
    expect((await agent.post('/api/test-payments/renewal', { outcome: 'action' })).status).toBe(200);
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details.status).toBe('past_due');
    expect(details.paymentActionUrl).toMatch(/\/test-payments\/invoice\/in_test_\w+$/);
    const mail = (await mailsTo('threeds@example.com')).find((m) => m.kind === 'renewal_action_required')!;
    expect(mail.text_body).toContain(details.paymentActionUrl);
    const invoiceId = details.paymentActionUrl.split('/').at(-1);
    expect((await freshAgent().post('/api/test-payments/invoice/pay', { invoiceId })).status).toBe(401);
    expect((await agent.post('/api/test-payments/invoice/pay', { invoiceId: 'in_test_other' })).status).toBe(404);
    expect((await agent.post('/api/test-payments/invoice/pay', { invoiceId })).status).toBe(200);
    expect((await agent.get('/api/subscription/details')).body).toMatchObject({ status: 'active', paymentActionUrl: null });
    expect((await agent.post('/api/test-payments/invoice/pay', { invoiceId })).status).toBe(404);
  });

  it('mails once before the grace period ends', async () => {
    const agent = await member('reminder@example.com');
    await agent.post('/api/test-payments/renewal', { outcome: 'fail' });
    await sql(`update public.subscriptions s set grace_ends_at = now() + interval '1 day'
                 from public.profiles p where p.id = s.user_id and p.email = 'reminder@example.com'`);
    // Supabase Cron's call: the drain secret, else 403.
    const cron = (secret?: string) => t.agent().request('POST', '/api/internal/billing-reminders', undefined, secret ? { 'x-drain-secret': secret } : {});
    expect((await cron()).status).toBe(403);
    expect((await cron('wrong')).status).toBe(403);
    const first = await cron('billing-drain-secret');
    expect(first.status).toBe(200);
    expect(first.body.graceEnding).toBeGreaterThanOrEqual(1);
    await sendBillingReminders(t.database.db, 'http://site.test');
    const mails = (await mailsTo('reminder@example.com')).filter((m) => m.kind === 'grace_ending');
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain('Update card');
  });
});

describe('receipts', () => {
  it('lists own payments with an in-app receipt that states the terms; another member gets 404', async () => {
    const agent = await member('receipts@example.com');
    const [payment] = (await agent.get('/api/subscription/payments')).body.lines;
    expect(payment.receiptPath).toBe(`/receipts/${payment.paymentId}`);
    const receipt = await agent.get(`/api/subscription/receipts/${payment.paymentId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      platform: { name: 'Pay Local' }, memberName: 'Dana Dunning', returns: [], paidCents: 999,
      charge: { amountCents: 999, plan: 'monthly', charityShareCents: 100, charityNetCents: 100 },
    });
    expect(receipt.body.terms).toContain('renewing automatically every month');
    // The receipt mail links to the page, not to the API.
    const mail = (await mailsTo('receipts@example.com')).find((m) => m.kind === 'receipt')!;
    expect(mail.text_body).toContain(`/receipts/${payment.paymentId}`);
    const other = await member('receipts-other@example.com');
    expect((await other.get(`/api/subscription/receipts/${payment.paymentId}`)).status).toBe(404);
    expect((await other.get('/api/subscription/receipts/not-a-uuid')).status).toBe(404);
    expect((await freshAgent().get(`/api/subscription/receipts/${payment.paymentId}`)).status).toBe(401);
    // The old mail-HTML address is gone.
    expect((await agent.get(`/api/subscription/payments/${payment.paymentId}/receipt`)).status).toBe(404);
  });
});

describe('plan change', () => {
  it('shows the proration first, then charges it and switches monthly to yearly', async () => {
    const agent = await member('switch@example.com');
    const preview = await agent.get('/api/subscription/plan-change?plan=yearly');
    expect(preview.status).toBe(200);
    // Just paid: nearly the whole month is credited.
    expect(preview.body.creditCents).toBeGreaterThan(990);
    expect(preview.body.amountDueCents).toBe(10000 - preview.body.creditCents);
    expect((await agent.get('/api/subscription/plan-change?plan=monthly')).status).toBe(409);
    expect((await agent.get('/api/subscription/plan-change?plan=weekend')).status).toBe(400);
    const changed = await agent.post('/api/subscription/plan-change', { plan: 'yearly' });
    expect(changed.status).toBe(200);
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details.plan).toBe('yearly');
    expect(new Date(details.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const history = (await agent.get('/api/subscription/payments')).body.lines;
    expect(history[0]).toMatchObject({ kind: 'charge', amountCents: preview.body.amountDueCents, plan: 'yearly', planLabel: 'Yearly' });
    // Its period is the new plan's, from the switch.
    expect(new Date(history[0].periodEnd).getTime() - new Date(history[0].periodStart).getTime()).toBeGreaterThan(360 * 86_400_000);
    // The earlier payment keeps the plan it paid for.
    expect(history[1]).toMatchObject({ amountCents: 999, plan: 'monthly', planLabel: 'Monthly' });
  });
});

describe('passes', () => {
  it('a Weekend pass does not renew unless chosen, says its terms, and is announced the day before it ends', async () => {
    const agent = await member('tourist@example.com', 'weekend');
    const details = (await agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({ plan: 'weekend', isPass: true, cancelAtPeriodEnd: true, isActive: true });
    expect(details.terms).toContain('does not renew');
    expect((await agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(409);
    const receipt = (await mailsTo('tourist@example.com')).find((m) => m.kind === 'receipt')!;
    expect(receipt.text_body).toContain('The pass does not renew');

    await sql(`update public.subscriptions s set current_period_end = now() + interval '20 hours'
                 from public.profiles p where p.id = s.user_id and p.email = 'tourist@example.com'`);
    await sendBillingReminders(t.database.db, 'http://site.test');
    await sendBillingReminders(t.database.db, 'http://site.test');
    expect((await mailsTo('tourist@example.com')).filter((m) => m.kind === 'pass_ending')).toHaveLength(1);

    // The member chooses to renew it: recorded as the provider's cancel-at-period-end turned off.
    expect((await agent.post('/api/subscription/resume')).status).toBe(200);
    expect((await agent.get('/api/subscription/details')).body.cancelAtPeriodEnd).toBe(false);
  });
});

describe('the test-mode control', () => {
  it('needs a signed-in member with a membership and a valid outcome', async () => {
    expect((await freshAgent().post('/api/test-payments/renewal', { outcome: 'fail' })).status).toBe(401);
    const agent = await member('control@example.com');
    expect((await agent.post('/api/test-payments/renewal', { outcome: 'explode' })).status).toBe(400);
    expect((await agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(200);
    expect((await agent.get('/api/subscription/payments')).body.lines).toHaveLength(2);
  });
});
