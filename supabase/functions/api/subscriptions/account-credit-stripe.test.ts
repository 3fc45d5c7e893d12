// Account credit with Stripe (decision 191), against the local double: a granted credit is carried to Stripe once as
// a negative customer balance transaction; Stripe takes it off the next invoice; invoice.paid reports what it took
// (ending_balance - starting_balance) and the ledger follows: the payment holds what was charged, the charity's share
// is on that, and the credit is linked to the payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverStripeEvent, startStripeTestApp } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { PaymentProvider } from '../ports/payments/payment-provider.ts';
import { carryCreditsToProvider } from './billing.ts';

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
