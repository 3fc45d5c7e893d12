// Account credit with Stripe (decision 191), against the local double: a granted credit is carried to Stripe once as
// a negative customer balance transaction; Stripe takes it off the next invoice; invoice.paid reports what it took
// (ending_balance - starting_balance) and the ledger follows: the payment holds what was charged, the charity's share
// is on that, and the credit is linked to the payment. A referral reward (decision 200) goes the same way, and one
// taken back goes to Stripe as a debit of what was left; the card's fingerprint refuses one person's two accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverStripeEvent, startStripeTestApp } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { PaymentProvider } from '../ports/payments/payment-provider.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { carryCreditsToProvider } from './billing.ts';
import { rewardReferrals } from './referrals.ts';

const secret = 'whsec_credit_test';
let t: TestApp;
let double: StripeDouble;
let stripe: PaymentProvider;

beforeAll(async () => ({ t, double } = await startStripeTestApp('credit', secret, (provider) => (stripe = provider))));
afterAll(async () => { await t.close(); await double.close(); });

async function deliverSince(from: number) {
  const outcomes: Record<string, string> = {};
  for (const e of double.events.slice(from)) {
    const res = await deliverStripeEvent(t, e, secret);
    expect(res.status).toBe(200);
    outcomes[e.type] = ((await res.json()) as { outcome: string }).outcome;
  }
  return outcomes;
}

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => asService(t.database, (q) => q<T>(text, params));

describe('an account credit with Stripe', () => {
  it('goes to Stripe once as a customer balance credit and comes off the next invoice', async () => {
    const agent = t.agent('198.51.100.240');
    const account = { email: 'credit-stripe@example.com', name: 'Cora Credit', password: 'secret123' };
    const created = await agent.post('/api/create-subscription', { ...account, plan: 'monthly' });
    double.pay(created.body.paymentIntentId);
    expect((await agent.post('/api/complete-subscription', {
      ...account, paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId, plan: 'monthly',
    })).status).toBe(200);
    await deliverSince(0);
    const [{ id: userId }] = await sql<{ id: string }>(`select id from public.profiles where email = $1`, [account.email]);
    await t.database.admin.query(`select private.grant_account_credit($1, 500, 'offer_not_honoured', 'offer_report:stripe')`, [userId]);

    expect(await carryCreditsToProvider({ db: t.database.db, payments: stripe })).toBe(1);
    expect(await carryCreditsToProvider({ db: t.database.db, payments: stripe })).toBe(0);
    expect(double.balanceTransactions).toEqual([expect.objectContaining({ amount: -500, currency: 'usd', customer: created.body.customerId })]);
    const [granted] = await sql<{ provider_credit_id: string }>(`select provider_credit_id from public.account_credits where user_id = $1 and amount_cents > 0`, [userId]);
    expect(granted!.provider_credit_id).toBe(double.balanceTransactions[0]!.id);
    expect((await agent.get('/api/subscription/details')).body.accountCreditCents).toBe(500);

    const from = double.events.length;
    const invoice = double.renew(created.body.subscriptionId);
    expect(invoice).toMatchObject({ amount_paid: 499, starting_balance: -500, ending_balance: 0 });
    expect((await deliverSince(from))['invoice.paid']).toBe('payment-recorded');
    const [payment] = await sql<{ id: string; amount_cents: number; charity_share_cents: number }>(
      `select id, amount_cents, charity_share_cents from public.payments where provider_invoice_id = $1`, [invoice.id]);
    expect(payment).toMatchObject({ amount_cents: 499, charity_share_cents: 50 });
    const [taken] = await sql<{ amount_cents: number; applied_payment_id: string }>(
      `select amount_cents, applied_payment_id from public.account_credits where user_id = $1 and reason = 'payment'`, [userId]);
    expect(taken).toEqual({ amount_cents: -500, applied_payment_id: payment!.id });
    expect((await agent.get('/api/subscription/details')).body.accountCreditCents).toBe(0);
  });
});

describe('a referral reward with Stripe', () => {
  /** A member who subscribed monthly through the Stripe double, paying with `fingerprint`'s card (default: their own). */
  async function stripeMember(email: string, extra: Record<string, unknown> = {}, fingerprint?: string) {
    const agent = t.agent(`198.51.100.${Math.floor(Math.random() * 200) + 20}`);
    const from = double.events.length;
    const { created, completed } = await subscribeThroughApi(agent, { email, name: 'Rhea Referral', password: 'secret123', ...extra },
      { pay: (paymentIntentId) => double.pay(paymentIntentId, fingerprint ? { fingerprint } : undefined) });
    expect(completed!.status).toBe(200);
    await deliverSince(from);
    return { agent, userId: completed!.body.user.id as string, customerId: created.body.customerId as string };
  }
  const balanceOf = (customerId: string) => double.customers.get(customerId)!.balance ?? 0;

  it('goes to both Stripe customers as a balance credit after 7 days; taken back, as a debit', async () => {
    const referrer = await stripeMember('stripe-referrer@example.com');
    const { code } = (await referrer.agent.get('/api/member/referral')).body as { code: string };
    const friend = await stripeMember('stripe-friend@example.com', { referralCode: code });
    const sameCard = await stripeMember('stripe-same-card@example.com', { referralCode: code }, `fp_${referrer.customerId}`);
    // Stripe gave each charge's card fingerprint: noted for every account that settled a checkout.
    const noted = await t.database.admin.query<{ user_id: string; fingerprint: string }>(
      `select user_id, fingerprint from private.card_fingerprints where user_id = any($1)`, [[referrer.userId, friend.userId, sameCard.userId]]);
    expect(noted).toEqual(expect.arrayContaining([
      { user_id: referrer.userId, fingerprint: `fp_${referrer.customerId}` },
      { user_id: friend.userId, fingerprint: `fp_${friend.customerId}` },
      { user_id: sameCard.userId, fingerprint: `fp_${referrer.customerId}` },
    ]));
    await sql(`update public.payments set paid_at = now() - interval '8 days' where user_id = any($1)`, [[friend.userId, sameCard.userId]]);

    const stripeNow = { db: t.database.db, payments: stripe };
    const transactionsBefore = double.balanceTransactions.length;
    expect(await rewardReferrals(stripeNow, 999)).toEqual({ rewarded: 1, carried: 2 });
    expect(await sql(`select refusal from public.referrals where invited_id = $1`, [sameCard.userId])).toEqual([{ refusal: 'own_account' }]);
    expect(double.balanceTransactions.slice(transactionsBefore).map((b) => [b.customer, b.amount]))
      .toEqual(expect.arrayContaining([[referrer.customerId, -999], [friend.customerId, -999]]));
    expect([balanceOf(referrer.customerId), balanceOf(friend.customerId)]).toEqual([-999, -999]);

    // The friend's first payment is refunded before either credit was used: both are taken back, at Stripe too.
    const [first] = await sql<{ id: string }>(`select id from public.payments where user_id = $1`, [friend.userId]);
    await t.database.admin.query(`insert into public.payment_refunds (payment_id, provider_refund_id, amount_cents, refunded_at) values ($1, 're_referral', 999, now())`, [first!.id]);
    expect(await carryCreditsToProvider(stripeNow)).toBe(2);
    expect(await carryCreditsToProvider(stripeNow)).toBe(0);
    expect([balanceOf(referrer.customerId), balanceOf(friend.customerId)]).toEqual([0, 0]);
    expect((await referrer.agent.get('/api/subscription/details')).body.accountCreditCents).toBe(0);
  });
});
