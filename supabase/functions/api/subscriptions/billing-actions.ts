// What a member does about billing after the first payment (decision 171), one function per request: save a
// card (a SetupIntent), retry a failed renewal, change plan with its proration shown first;
// and the built-in test provider's controls that rehearse all of it (test card, renewal outcomes, the
// hosted invoice page's 3-D Secure). The SQL is subscriptions/billing.ts's; this is the provider and the order.
import { PLANS, planTerms, SWITCHABLE_PLANS } from '../../_shared/constants.ts';
import type {
  CardCompleteAnswer, CardSetupAnswer, PlanChangePreview,
} from '../../_shared/contract/subscriptions.ts';
import type { Services } from '../services.ts';
import { CardDeclinedError, type PaymentProvider } from '../ports/payments/payment-provider.ts';
import {
  type BillingRow, changeTestPlan, latestBilling, renewTestSubscription, saveCardLabel, setPlan,
  settleOpenTestInvoice,
} from './billing.ts';
import { settleFromProvider } from './checkout.ts';
import { DomainError } from '../domain-error.ts';
import { providerCall } from './provider-call.ts';
import { applyProviderState, ticketIfKnown } from './subscription-records.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'payments' | 'siteUrl'>;

export const PAID_MESSAGE = 'Payment received: your membership is active.';

/** The caller's membership that billing may act on (not ended), or a 404 with `refusal`. */
async function billedMembership(s: Used, refusal: string): Promise<BillingRow> {
  const row = await s.tx.asCaller(latestBilling);
  if (!row || row.status === 'canceled' || (row.status === 'active' && row.period_over)) {
    throw new DomainError('not-found', refusal);
  }
  return row;
}

/** A decline is the member's to fix (402 with the provider's message); anything else is ours. */
async function declinable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new DomainError('payment-declined', error.message);
    throw error;
  }
}

/** After a change made at Stripe: its state now, applied as the webhook would (decision 170's ticket). */
async function syncFromProvider(s: Used, providerSubscriptionId: string): Promise<void> {
  const ticket = await s.tx.asService((q) => ticketIfKnown(q, providerSubscriptionId));
  if (!ticket) return;
  const state = await providerCall(() => s.payments.retrieveSubscription(providerSubscriptionId));
  await s.tx.asService((q) => applyProviderState(q, state, ticket));
}

/** Charges the open renewal invoice again with the card on file: paid, or CardDeclinedError. */
async function retryOpenInvoice(s: Used, row: BillingRow): Promise<void> {
  const { payments } = s;
  if (payments.testCards) {
    if (payments.testCards.declines(row.provider_customer_id)) throw new CardDeclinedError('Your card was declined.', 'card_declined');
    await s.tx.asService((q) => settleOpenTestInvoice(q, row, s.siteUrl));
    return;
  }
  await payments.payInvoice(row.open_invoice_id!);
  await syncFromProvider(s, row.provider_subscription_id);
}

const owesPayment = (row: BillingRow) => Boolean(row.open_invoice_id) && ['past_due', 'unpaid'].includes(row.status);

/** Starts saving a card for the caller's membership (Stripe: a SetupIntent). */
export async function startCardSetup(s: Used): Promise<CardSetupAnswer> {
  const row = await billedMembership(s, 'You have no membership to save a card for.');
  const { payments } = s;
  const setup = await providerCall(() => payments.startCardSetup(row.provider_customer_id));
  return { provider: payments.kind, publishableKey: payments.publishableKey, ...setup };
}

/** Saves the confirmed card; a renewal waiting for payment is charged to it at once. */
export async function completeCardSetup(s: Used, setupIntentId: string): Promise<CardCompleteAnswer> {
  const row = await billedMembership(s, 'You have no membership to save a card for.');
  const card = await declinable(() => s.payments.completeCardSetup({
    setupIntentId, customerId: row.provider_customer_id, subscriptionId: row.provider_subscription_id,
  }));
  await s.tx.asService((q) => saveCardLabel(q, row.id, card.label));
  if (!owesPayment(row)) return { cardLabel: card.label, retry: null, message: 'Your card is saved.' };
  try {
    await retryOpenInvoice(s, row);
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) throw error;
    return { cardLabel: card.label, retry: 'declined', message: `Your card is saved, but the payment failed: ${error.message}` };
  }
  return { cardLabel: card.label, retry: 'paid', message: `Your card is saved. ${PAID_MESSAGE}` };
}

/** Tries the failed renewal again with the card on file. */
export async function retryRenewalPayment(s: Used): Promise<void> {
  const row = await billedMembership(s, 'You have no membership to pay for.');
  if (!owesPayment(row)) throw new DomainError('conflict', 'Nothing is waiting for payment.');
  await declinable(() => retryOpenInvoice(s, row));
}

/** A plan change is monthly ↔ yearly on a running, paid membership: the membership and the provider's proration. */
async function planChangeOf(s: Used, plan: 'monthly' | 'yearly') {
  const row = await billedMembership(s, 'You have no membership to change.');
  if (row.status !== 'active') throw new DomainError('conflict', 'Your membership must be active and paid to change plans.');
  if (!SWITCHABLE_PLANS.includes(row.plan)) throw new DomainError('conflict', 'Passes cannot be switched; choose a plan when your pass ends.');
  if (row.plan === plan) throw new DomainError('conflict', `You are already on the ${PLANS[plan].label} plan.`);
  const preview = await providerCall(() => s.payments.previewPlanChange({
    subscriptionId: row.provider_subscription_id, plan, currentPlan: row.plan,
    periodStart: new Date(row.current_period_start), periodEnd: new Date(row.current_period_end),
  }));
  return { row, preview };
}

/** What switching to `plan` would cost now (shown before the member confirms). */
export async function previewPlanChange(s: Used, plan: 'monthly' | 'yearly'): Promise<PlanChangePreview> {
  const { preview } = await planChangeOf(s, plan);
  return { plan, planLabel: PLANS[plan].label, ...preview, terms: planTerms(plan) };
}

/** Switches the caller's plan now, the proration charged at once. */
export async function changePlan(s: Used, plan: 'monthly' | 'yearly'): Promise<void> {
  const { row, preview } = await planChangeOf(s, plan);
  const { payments } = s;
  if (payments.testCards) {
    if (payments.testCards.declines(row.provider_customer_id)) throw new DomainError('payment-declined', 'Your card was declined.');
    await s.tx.asService((q) => changeTestPlan(q, row, plan, preview.amountDueCents, s.siteUrl));
  } else {
    await declinable(() => payments.changePlan({ subscriptionId: row.provider_subscription_id, plan, currentPlan: row.plan }));
    await s.tx.asService((q) => setPlan(q, row.id, plan));
    await syncFromProvider(s, row.provider_subscription_id);
  }
}

/** The built-in test provider, or a 404: its controls do not exist with Stripe. */
export function testCardsOf(s: Used) {
  const testCards = s.payments.testCards;
  if (!testCards) throw new DomainError('not-found', 'The test payment provider is not in use');
  return testCards;
}

/** A test card as the card form sends it. */
type TestCard = Parameters<NonNullable<PaymentProvider['testCards']>['confirmCard']>[0];

/** A test card step's failure: a decline is a 402 with its message, anything else (an unknown intent) a 404. */
function testCardRefusal(error: unknown): DomainError {
  if (error instanceof CardDeclinedError) return new DomainError('payment-declined', error.message);
  return new DomainError('not-found', (error as Error).message);
}

/**
 * The test provider's card step (what Stripe.js does against Stripe). A succeeded payment is settled by
 * the server, as Stripe's invoice.paid webhook does, so the account exists even if the browser never calls
 * /complete-subscription.
 */
export async function confirmTestCard(s: Used, card: TestCard) {
  const testCards = testCardsOf(s);
  let paymentIntent: Awaited<ReturnType<typeof testCards.confirmCard>>;
  try {
    paymentIntent = await testCards.confirmCard(card);
  } catch (error) {
    throw testCardRefusal(error);
  }
  if (paymentIntent.status === 'succeeded') await settleFromProvider(s, { paymentIntentId: paymentIntent.id });
  return { paymentIntent };
}

/** Stripe.js confirmSetup's stand-in: saves a test card for a SetupIntent. */
export async function confirmTestSetup(s: Used, card: TestCard) {
  const testCards = testCardsOf(s);
  try {
    return { setupIntent: await testCards.confirmSetup(card) };
  } catch (error) {
    throw testCardRefusal(error);
  }
}

export const TEST_RENEWAL_MESSAGES = {
  succeed: 'The renewal was paid.', fail: 'The renewal failed: the card was declined.', action: 'The renewal waits for 3-D Secure.',
} as const;

/** The test-mode control: the member's next renewal happens now and succeeds, fails, or asks for 3-D Secure. */
export async function renewTestMembership(s: Used, outcome: 'succeed' | 'fail' | 'action'): Promise<void> {
  const testCards = testCardsOf(s);
  const row = await billedMembership(s, 'You have no membership to renew.');
  if (row.status === 'paused') throw new DomainError('conflict', 'A paused membership does not renew.');
  if (row.cancel_at_period_end) throw new DomainError('conflict', 'This membership ends at the end of its period and does not renew.');
  if (outcome === 'fail') testCards.decline(row.provider_customer_id);
  await s.tx.asService((q) => renewTestSubscription(q, row, outcome, s.siteUrl));
}

/** The hosted invoice page's stand-in: the member completes 3-D Secure and the open renewal is paid. */
export async function payTestInvoice(s: Used, invoiceId: string): Promise<void> {
  testCardsOf(s);
  const row = await billedMembership(s, 'No such invoice.');
  if (row.open_invoice_id !== invoiceId) throw new DomainError('not-found', 'No such invoice, or it is paid already.');
  await s.tx.asService((q) => settleOpenTestInvoice(q, row, s.siteUrl));
}
