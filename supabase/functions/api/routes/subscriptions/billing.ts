// Billing after the first payment (decision 171): the saved card (a SetupIntent), a retry of a failed
// renewal, the payment history with receipts, a plan change with its proration shown first, and the
// built-in test provider's controls that rehearse all of it. SQL lives in domain/billing.ts.
import { Hono } from 'hono';
import { PLANS, planTerms, SWITCHABLE_PLANS } from '../../../_shared/constants.ts';
import {
  cardCompleteBody, planChangeBody, testCardConfirmBody, testInvoicePayBody, testRenewalBody,
  type CardCompleteAnswer, type CardSetupAnswer, type PaymentHistoryItem, type PlanChangePreview,
  type SubscriptionActionAnswer,
} from '../../../_shared/contract/subscriptions.ts';
import { type AppContext, type AppEnv, serviceTx, siteUrlOf, userTx } from '../../context.ts';
import {
  type BillingRow, changeTestPlan, latestBilling, paymentHistory, receiptOf, renewTestSubscription, saveCardLabel,
  setPlan, settleOpenTestInvoice,
} from '../../domain/billing.ts';
import { providerCall } from '../../domain/provider-call.ts';
import { applyProviderState, ticketIfKnown } from '../../domain/subscription-sync.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { parseJson, parseQuery } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { CardDeclinedError } from '../../ports/payments/payment-provider.ts';

export const billingRoutes = new Hono<AppEnv>();

const PAID_MESSAGE = 'Payment received: your membership is active.';

async function membershipOf(c: AppContext, refusal: string): Promise<BillingRow> {
  requireUser(c);
  const row = await userTx(c, latestBilling);
  if (!row || row.status === 'canceled' || (row.status === 'active' && row.period_over)) throw notFound(refusal);
  return row;
}

/** A decline is the member's to fix (402 with the provider's message); anything else is ours. */
async function declinable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    throw error;
  }
}

/** After a change made at Stripe: its state now, applied as the webhook would (decision 170's ticket). */
async function syncFromProvider(c: AppContext, providerSubscriptionId: string): Promise<void> {
  const ticket = await serviceTx(c, (q) => ticketIfKnown(q, providerSubscriptionId));
  if (!ticket) return;
  const state = await providerCall(() => c.var.deps.payments.retrieveSubscription(providerSubscriptionId));
  await serviceTx(c, (q) => applyProviderState(q, state, ticket));
}

/** Charges the open renewal invoice again with the card on file: 'paid', or a 402 with the decline. */
async function retryOpenInvoice(c: AppContext, row: BillingRow): Promise<void> {
  const { payments } = c.var.deps;
  if (payments.testCards) {
    if (payments.testCards.declines(row.provider_customer_id)) throw new CardDeclinedError('Your card was declined.', 'card_declined');
    await serviceTx(c, (q) => settleOpenTestInvoice(q, row, siteUrlOf(c)));
    return;
  }
  await payments.payInvoice(row.open_invoice_id!);
  await syncFromProvider(c, row.provider_subscription_id);
}

billingRoutes.post('/card', async (c) => {
  const row = await membershipOf(c, 'You have no membership to save a card for.');
  const { kind, publishableKey } = c.var.deps.payments;
  const setup = await providerCall(() => c.var.deps.payments.startCardSetup(row.provider_customer_id));
  return c.json({ provider: kind, publishableKey, ...setup } satisfies CardSetupAnswer);
});

billingRoutes.post('/card/complete', async (c) => {
  const row = await membershipOf(c, 'You have no membership to save a card for.');
  const { setupIntentId } = await parseJson(c, cardCompleteBody);
  const card = await declinable(() => c.var.deps.payments.completeCardSetup({
    setupIntentId, customerId: row.provider_customer_id, subscriptionId: row.provider_subscription_id,
  }));
  await serviceTx(c, (q) => saveCardLabel(q, row.id, card.label));
  if (!row.open_invoice_id || !['past_due', 'unpaid'].includes(row.status)) {
    return c.json({ cardLabel: card.label, retry: null, message: 'Your card is saved.' } satisfies CardCompleteAnswer);
  }
  try {
    await retryOpenInvoice(c, row);
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) throw error;
    return c.json({ cardLabel: card.label, retry: 'declined', message: `Your card is saved, but the payment failed: ${error.message}` } satisfies CardCompleteAnswer);
  }
  return c.json({ cardLabel: card.label, retry: 'paid', message: `Your card is saved. ${PAID_MESSAGE}` } satisfies CardCompleteAnswer);
});

/** Tries the failed renewal again with the card on file. */
billingRoutes.post('/retry-payment', async (c) => {
  const row = await membershipOf(c, 'You have no membership to pay for.');
  if (!row.open_invoice_id || !['past_due', 'unpaid'].includes(row.status)) throw conflict('Nothing is waiting for payment.');
  await declinable(() => retryOpenInvoice(c, row));
  return c.json({ success: true, message: PAID_MESSAGE } satisfies SubscriptionActionAnswer);
});

billingRoutes.get('/payments', async (c) => {
  requireUser(c);
  const rows = await userTx(c, paymentHistory);
  return c.json(rows.map((p): PaymentHistoryItem => ({
    id: p.id, paidAt: new Date(p.paid_at).toISOString(), amountCents: p.amount_cents, currency: p.currency,
    charityShareCents: p.charity_share_cents, charityName: p.charity_name, planLabel: PLANS[p.plan].label,
    receiptUrl: `/api/subscription/payments/${p.id}/receipt`,
  })));
});

billingRoutes.get('/payments/:id/receipt', async (c) => {
  requireUser(c);
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such payment.');
  const html = await userTx(c, (q) => receiptOf(q, id, siteUrlOf(c)));
  if (!html) throw notFound('No such payment.');
  return c.html(html);
});

/** A plan change is monthly ↔ yearly on a running, paid membership. */
async function planChangeOf(c: AppContext, plan: 'monthly' | 'yearly') {
  const row = await membershipOf(c, 'You have no membership to change.');
  if (row.status !== 'active') throw conflict('Your membership must be active and paid to change plans.');
  if (!SWITCHABLE_PLANS.includes(row.plan)) throw conflict('Passes cannot be switched; choose a plan when your pass ends.');
  if (row.plan === plan) throw conflict(`You are already on the ${PLANS[plan].label} plan.`);
  const preview = await providerCall(() => c.var.deps.payments.previewPlanChange({
    subscriptionId: row.provider_subscription_id, plan, currentPlan: row.plan,
    periodStart: new Date(row.current_period_start), periodEnd: new Date(row.current_period_end),
  }));
  return { row, preview };
}

billingRoutes.get('/plan-change', async (c) => {
  const { plan } = parseQuery(c, planChangeBody);
  const { preview } = await planChangeOf(c, plan);
  return c.json({ plan, planLabel: PLANS[plan].label, ...preview, terms: planTerms(plan) } satisfies PlanChangePreview);
});

billingRoutes.post('/plan-change', async (c) => {
  const { plan } = await parseJson(c, planChangeBody);
  const { row, preview } = await planChangeOf(c, plan);
  const { payments } = c.var.deps;
  if (payments.testCards) {
    if (payments.testCards.declines(row.provider_customer_id)) throw new HttpError(402, 'Your card was declined.');
    await serviceTx(c, (q) => changeTestPlan(q, row, plan, preview.amountDueCents, siteUrlOf(c)));
  } else {
    await declinable(() => payments.changePlan({ subscriptionId: row.provider_subscription_id, plan, currentPlan: row.plan }));
    await serviceTx(c, (q) => setPlan(q, row.id, plan));
    await syncFromProvider(c, row.provider_subscription_id);
  }
  return c.json({ success: true, message: `You are now on the ${PLANS[plan].label} plan.` } satisfies SubscriptionActionAnswer);
});

/** The built-in test provider's billing controls (decision 171): 404 with Stripe. */
export const testBillingRoutes = new Hono<AppEnv>();

const testCardsOf = (c: AppContext) => {
  const testCards = c.var.deps.payments.testCards;
  if (!testCards) throw notFound('The test payment provider is not in use');
  return testCards;
};

/** The test-mode control: the member's next renewal happens now and succeeds, fails, or asks for 3-D Secure. */
testBillingRoutes.post('/renewal', async (c) => {
  const testCards = testCardsOf(c);
  const { outcome } = await parseJson(c, testRenewalBody);
  const row = await membershipOf(c, 'You have no membership to renew.');
  if (row.status === 'paused') throw conflict('A paused membership does not renew.');
  if (row.cancel_at_period_end) throw conflict('This membership ends at the end of its period and does not renew.');
  if (outcome === 'fail') testCards.decline(row.provider_customer_id);
  await serviceTx(c, (q) => renewTestSubscription(q, row, outcome, siteUrlOf(c)));
  const said = { succeed: 'The renewal was paid.', fail: 'The renewal failed: the card was declined.', action: 'The renewal waits for 3-D Secure.' };
  return c.json({ success: true, message: said[outcome] } satisfies SubscriptionActionAnswer);
});

/** Stripe.js confirmSetup's stand-in: saves a test card for a SetupIntent. */
testBillingRoutes.post('/setup-confirm', async (c) => {
  const testCards = testCardsOf(c);
  const body = await parseJson(c, testCardConfirmBody); // the same test card fields as a payment
  try {
    return c.json({ setupIntent: await testCards.confirmSetup(body) });
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    throw notFound((error as Error).message);
  }
});

/** The hosted invoice page's stand-in: the member completes 3-D Secure and the open renewal is paid. */
testBillingRoutes.post('/invoice/pay', async (c) => {
  testCardsOf(c);
  const { invoiceId } = await parseJson(c, testInvoicePayBody);
  const row = await membershipOf(c, 'No such invoice.');
  if (row.open_invoice_id !== invoiceId) throw notFound('No such invoice, or it is paid already.');
  await serviceTx(c, (q) => settleOpenTestInvoice(q, row, siteUrlOf(c)));
  return c.json({ success: true, message: PAID_MESSAGE } satisfies SubscriptionActionAnswer);
});
