// The built-in test provider: the embedded default. No network, no keys. It keeps its payment
// intents and subscriptions in memory (one process, like the local runner), behaves like Stripe in
// test mode for Stripe's test card numbers, and sends no webhooks: periods end by time.
import { CURRENCY, isPass, PLANS, type PlanId } from '../../../_shared/constants.ts';
import { periodEnd } from './billing-period.ts';
import { randomToken } from '../../../_shared/tokens.ts';
import {
  cardLabel, CardDeclinedError, PaymentWebhookError,
  type PaymentProvider, type ProviderCard, type ProviderPayment, type ProviderRefund, type ProviderSubscription, type StartedCheckout,
} from './payment-provider.ts';
import { testCardDetails, testCardOutcome } from './test-cards.ts';

interface TestIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
  /** Null for a one-off payment (a gift). */
  subscriptionId: string | null;
  status: ProviderPayment['status'];
  failureMessage: string | null;
  idempotencyKey?: string;
}

interface TestSubscription {
  id: string;
  customerId: string;
  plan: PlanId;
  status: ProviderSubscription['status'];
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The card paid with, then the one saved last (Stripe: the subscription's default payment method). */
  card: ProviderCard | null;
}

const id = (prefix: string) => `${prefix}_test_${randomToken(12).replace(/[-_]/g, 'x')}`;

class UnknownTestObjectError extends Error {}

export function testPaymentProvider(options: { now?: () => Date } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const intents = new Map<string, TestIntent>();
  const subscriptions = new Map<string, TestSubscription>();
  /** Refunds per payment intent (intents from before a restart are refunded by id alone, like subscriptions). */
  const refunds = new Map<string, ProviderRefund[]>();

  const intentOf = (paymentIntentId: string) => {
    const intent = intents.get(paymentIntentId);
    if (!intent) throw new UnknownTestObjectError(`No such payment_intent: '${paymentIntentId}'`);
    return intent;
  };
  /** Subscriptions from before a restart (or seeded) are known by id alone; the caller keeps their state. */
  const subscriptionOf = (subscriptionId: string): TestSubscription | undefined => subscriptions.get(subscriptionId);
  const view = (s: TestSubscription): ProviderSubscription => ({
    id: s.id, customerId: s.customerId, status: s.status,
    currentPeriodStart: s.currentPeriodStart, currentPeriodEnd: s.currentPeriodEnd, cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    endedAt: null, openInvoice: null, plan: s.plan, card: s.card,
  });
  /** Customers whose card on file declines (the test-mode control made their renewal fail) until they save another. */
  const decliningCustomers = new Set<string>();
  const setups = new Map<string, { id: string; clientSecret: string; customerId: string; card: ProviderCard | null }>();

  return {
    kind: 'test',
    publishableKey: null,

    async startCheckout({ plan }): Promise<StartedCheckout> {
      const start = now();
      const subscription: TestSubscription = {
        id: id('sub'), customerId: id('cus'), plan, status: 'incomplete',
        currentPeriodStart: start, currentPeriodEnd: periodEnd(start, plan), cancelAtPeriodEnd: isPass(plan), card: null,
      };
      const intentId = id('pi');
      const intent: TestIntent = {
        id: intentId, clientSecret: `${intentId}_secret_${randomToken(18).replace(/[-_]/g, 'x')}`,
        amountCents: PLANS[plan].priceCents, currency: CURRENCY,
        customerId: subscription.customerId, subscriptionId: subscription.id,
        status: 'requires_payment_method', failureMessage: null,
      };
      subscriptions.set(subscription.id, subscription);
      intents.set(intent.id, intent);
      return {
        customerId: subscription.customerId, subscriptionId: subscription.id, invoiceId: id('in'),
        paymentIntentId: intent.id, clientSecret: intent.clientSecret,
        amountCents: intent.amountCents, currency: intent.currency,
      };
    },

    async startOneOffPayment({ amountCents, idempotencyKey }) {
      const known = [...intents.values()].find((intent) => intent.idempotencyKey === idempotencyKey);
      const intentId = id('pi');
      const intent: TestIntent = known ?? {
        id: intentId, clientSecret: `${intentId}_secret_${randomToken(18).replace(/[-_]/g, 'x')}`,
        amountCents, currency: CURRENCY, customerId: null, subscriptionId: null,
        status: 'requires_payment_method', failureMessage: null, idempotencyKey,
      };
      intents.set(intent.id, intent);
      return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, amountCents: intent.amountCents, currency: intent.currency };
    },

    async retrievePayment(paymentIntentId) {
      const { id: pid, status, amountCents, currency, customerId, failureMessage } = intentOf(paymentIntentId);
      return { id: pid, status, amountCents, currency, customerId, failureMessage };
    },

    async retrieveSubscription(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (!subscription) throw new UnknownTestObjectError(`No such subscription: '${subscriptionId}'`);
      return view(subscription);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (subscription) subscription.cancelAtPeriodEnd = true;
    },

    async pauseCollection(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (subscription) subscription.status = 'paused';
    },

    async resumeCollection(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (subscription?.status === 'paused') subscription.status = 'active';
    },

    async keepSubscription(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (subscription) subscription.cancelAtPeriodEnd = false;
    },

    async creditCustomerBalance() {
      return null;
    },
    async refundPayment({ paymentIntentId, invoiceId, amountCents, reason, adminId }) {
      const refund: ProviderRefund = {
        id: id('re'), amountCents, status: 'succeeded', created: now(), reason, adminId, paymentIntentId,
      };
      // A test charge recorded before its charges carried an intent id is refunded by its invoice.
      const key = paymentIntentId ?? invoiceId;
      refunds.set(key, [...(refunds.get(key) ?? []), refund]);
      return refund;
    },
    async invoicePaymentIntent() {
      // Test charges are recorded with their intent already (recordTestCharge); there is no invoice to ask.
      return null;
    },
    async listRefunds({ paymentIntentId }) {
      return refunds.get(paymentIntentId) ?? [];
    },
    async cancelNow(subscriptionId) {
      const subscription = subscriptionOf(subscriptionId);
      if (subscription) Object.assign(subscription, { status: 'canceled', cancelAtPeriodEnd: false });
    },
    async startCardSetup(customerId) {
      const setupId = id('seti');
      const setup = { id: setupId, clientSecret: `${setupId}_secret_${randomToken(18).replace(/[-_]/g, 'x')}`, customerId, card: null };
      setups.set(setupId, setup);
      return { setupIntentId: setupId, clientSecret: setup.clientSecret };
    },

    async completeCardSetup({ setupIntentId, customerId, subscriptionId }) {
      const setup = setups.get(setupIntentId);
      if (!setup || setup.customerId !== customerId) throw new CardDeclinedError('This card setup belongs to another customer.', 'wrong_customer');
      if (!setup.card) throw new CardDeclinedError('Your card could not be saved.', 'setup_incomplete');
      decliningCustomers.delete(customerId);
      const subscription = subscriptionOf(subscriptionId);
      if (subscription) subscription.card = setup.card;
      return { label: cardLabel(setup.card) };
    },

    async payInvoice() {
      // The test renewal's outcome is kept by the caller (the customer's declining card is checked there).
    },

    async previewPlanChange({ plan, currentPlan, periodStart, periodEnd: end }) {
      // As Stripe prorates an interval change: the new plan in full from now, less the unused part of
      // the current period at the current plan's price.
      const total = end.getTime() - periodStart.getTime();
      const left = Math.max(0, Math.min(total, end.getTime() - now().getTime()));
      const creditCents = total > 0 ? Math.round((PLANS[currentPlan].priceCents * left) / total) : 0;
      const newPriceCents = PLANS[plan].priceCents;
      return { amountDueCents: Math.max(0, newPriceCents - creditCents), creditCents, newPriceCents, currency: CURRENCY };
    },

    async changePlan() {},

    async verifyWebhook() {
      throw new PaymentWebhookError('The built-in test payment provider sends no webhooks');
    },

    testCards: {
      async confirmCard({ clientSecret, ...card }) {
        const intentId = clientSecret.split('_secret_')[0];
        const intent = intents.get(intentId);
        if (!intent || intent.clientSecret !== clientSecret) {
          throw new UnknownTestObjectError('No such payment_intent for this client secret');
        }
        if (intent.status === 'succeeded') return { id: intent.id, status: intent.status };
        const outcome = testCardOutcome(card, now());
        if (!outcome.ok) {
          intent.status = 'requires_payment_method';
          intent.failureMessage = outcome.message;
          throw new CardDeclinedError(outcome.message, outcome.code);
        }
        intent.status = 'succeeded';
        intent.failureMessage = null;
        const subscription = intent.subscriptionId ? subscriptions.get(intent.subscriptionId) : undefined;
        const start = now();
        if (subscription) {
          Object.assign(subscription, {
            status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd(start, subscription.plan), card: testCardDetails(card),
          });
        }
        return { id: intent.id, status: intent.status };
      },

      async confirmSetup({ clientSecret, ...card }) {
        const setup = setups.get(clientSecret.split('_secret_')[0]);
        if (!setup || setup.clientSecret !== clientSecret) throw new UnknownTestObjectError('No such setup_intent for this client secret');
        const outcome = testCardOutcome(card, now());
        if (!outcome.ok) throw new CardDeclinedError(outcome.message, outcome.code);
        setup.card = testCardDetails(card);
        return { id: setup.id, status: 'succeeded' as const };
      },

      decline(customerId: string) {
        decliningCustomers.add(customerId);
      },

      declines(customerId: string) {
        return decliningCustomers.has(customerId);
      },
    },
  };
}
