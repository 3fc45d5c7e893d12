// Stripe adapter (production). Subscriptions are created incomplete (payment_behavior
// 'default_incomplete'); the browser confirms the first invoice's PaymentIntent with Stripe Elements
// using its client secret; the server then retrieves the PaymentIntent to confirm it succeeded.
// Prices are found by lookup key; `npm run stripe:setup` creates them (and the webhook endpoint).
// Billing periods are read from subscription items (API 2025-03-31 and later), falling back to the
// subscription's own period for older API versions.
import Stripe from 'stripe';
import { CURRENCY, isPass, PLAN_IDS, type PlanId } from '../../../_shared/constants.ts';
import {
  CardDeclinedError, PaymentWebhookError, type PaymentEvent, type PaymentProvider, type ProviderDispute, type ProviderPayment,
  cardLabel, type ProviderCard, type ProviderRefund, type ProviderSubscription,
} from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Only for tests against a local double of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export const priceLookupKey = (plan: PlanId) => `paylocal_${plan}`;

const seconds = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * The one Stripe API version (decision 170): every `new Stripe()` passes it (this adapter, `npm run
 * stripe:setup`) and stripe:setup pins the webhook endpoint to it, so requests, responses and events
 * all have one shape. Written out, and typed as the pinned SDK's own version, so an SDK upgrade that
 * moves the version does not compile until this line moves with it. Events on older versions are read
 * too (decision 070): periods from subscription items (2025-03-31 "basil" and later) or the
 * subscription's own current_period_* (before), invoice.subscription and invoice.payment_intent where
 * older versions put them.
 */
export const STRIPE_API_VERSION: typeof Stripe.API_VERSION = '2026-10-28.endive';

/** Fields that API versions before 2025-03-31 carry and the SDK's types no longer list. */
interface LegacySubscriptionFields { current_period_start?: number | null; current_period_end?: number | null }
interface LegacyInvoiceFields {
  subscription?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
}

function statusOf(subscription: Stripe.Subscription): ProviderSubscription['status'] {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.pause_collection ? 'paused' : 'active';
    case 'paused':
      return 'paused';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

/**
 * Stripe's subscription, as the subscriptions table sees it (retrieved on STRIPE_API_VERSION): the period
 * from its first item (2025-03-31 and later), else from the subscription itself (older versions).
 */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & LegacySubscriptionFields) | undefined;
  const legacy = subscription as unknown as LegacySubscriptionFields;
  const start = item?.current_period_start ?? legacy.current_period_start ?? null;
  const end = item?.current_period_end ?? legacy.current_period_end ?? null;
  if (start == null || end == null) throw new Error(`Stripe subscription ${subscription.id} has no billing period`);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: statusOf(subscription),
    currentPeriodStart: seconds(start),
    currentPeriodEnd: seconds(end),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    endedAt: subscription.ended_at ? seconds(subscription.ended_at) : null,
    openInvoice: openInvoiceOf(subscription),
    plan: planOfPrice(item?.price?.lookup_key),
    card: cardOf(subscription.default_payment_method),
  };
}

/** A payment method's card (expanded), else null: an id alone (an event's object) names no card. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): ProviderCard | null {
  const card = method && typeof method !== 'string' ? method.card : null;
  return card?.last4 ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
}

/** Prices are found by lookup key `paylocal_<plan>` (priceLookupKey); any other price is not one of our plans. */
function planOfPrice(lookupKey: string | null | undefined): PlanId | null {
  const plan = lookupKey?.startsWith('paylocal_') ? lookupKey.slice('paylocal_'.length) : null;
  return plan && (PLAN_IDS as string[]).includes(plan) ? (plan as PlanId) : null;
}

/** The latest invoice while it waits for payment (retrieved with latest_invoice expanded), else null. */
function openInvoiceOf(subscription: Stripe.Subscription): ProviderSubscription['openInvoice'] {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string' || invoice.status !== 'open' || !invoice.id) return null;
  return { id: invoice.id, hostedUrl: invoice.hosted_invoice_url ?? null };
}


/** Stripe's decline, as the member should read it. */
function declined(error: unknown): never {
  const e = error as { type?: string; message?: string; code?: string };
  if (e?.type === 'StripeCardError') throw new CardDeclinedError(e.message ?? 'Your card was declined.', e.code ?? 'card_declined');
  throw error;
}

/** Where a Stripe client connects: Stripe itself unless a test points it at a local double. */
type StripeConnection = Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'>;

/**
 * The one way this code base makes a Stripe client (the adapter, `npm run stripe:setup`, the tests'
 * account setup): on STRIPE_API_VERSION, through fetch (Deno and Node alike), with Stripe's retries.
 */
export function stripeClient(secretKey: string, connection: StripeConnection = {}): Stripe {
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(connection.host ? { host: connection.host, port: connection.port, protocol: connection.protocol ?? 'https' } : {}),
  });
}

export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options.secretKey, options);
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  const prices = new Map<PlanId, string>();

  /** Prices are created by `npm run stripe:setup` and found by lookup key (decision 070); cached per isolate. */
  async function priceFor(plan: PlanId): Promise<string> {
    const cached = prices.get(plan);
    if (cached) return cached;
    const lookupKey = priceLookupKey(plan);
    const [price] = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
    if (!price) throw new Error(`No active Stripe price with lookup key ${lookupKey}: run npm run stripe:setup`);
    prices.set(plan, price.id);
    return price.id;
  }

  /**
   * What paid an invoice, as a refund names it (payment_intent or charge). An invoice's payments are an includable
   * field, so webhook events do not carry them: they are listed (GET /v1/invoice_payments?invoice=).
   */
  async function invoicePaidBy(invoiceId: string): Promise<{ payment_intent: string } | { charge: string } | null> {
    const { data } = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
    for (const { payment } of data) {
      const intent = idOf(payment.payment_intent);
      if (intent) return { payment_intent: intent };
      const charge = idOf(payment.charge);
      if (charge) return { charge };
    }
    return null;
  }

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async startCheckout({ plan, email, name, metadata }) {
      const price = await priceFor(plan);
      const customer = await stripe.customers.create({ email, name, metadata });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        // A pass does not renew unless the member chooses to (decision 171).
        ...(isPass(plan) ? { cancel_at_period_end: true } : {}),
        metadata: { ...metadata, plan },
        expand: ['latest_invoice.confirmation_secret'],
      });
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      const secret = invoice?.confirmation_secret;
      if (!invoice || !secret || secret.type !== 'payment_intent') {
        throw new Error(`Stripe subscription ${subscription.id} has no payment to confirm`);
      }
      // A PaymentIntent client secret is "<payment intent id>_secret_<nonce>".
      const paymentIntentId = secret.client_secret.split('_secret_')[0];
      return {
        customerId: customer.id,
        subscriptionId: subscription.id,
        invoiceId: invoice.id ?? null,
        paymentIntentId,
        clientSecret: secret.client_secret,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
      };
    },

    async startOneOffPayment({ amountCents, email, description, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency: CURRENCY,
        // The card form confirms it; no redirecting methods (the app has no return page for them).
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        receipt_email: email,
        description,
        metadata,
      }, { idempotencyKey });
      if (!intent.client_secret) throw new Error(`Stripe payment intent ${intent.id} has no client secret`);
      return { paymentIntentId: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount, currency: intent.currency };
    },

    async retrievePayment(paymentIntentId): Promise<ProviderPayment> {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: intent.status as ProviderPayment['status'],
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
        customerId: idOf(intent.customer),
        failureMessage: intent.last_payment_error?.message ?? null,
        cardFingerprint: charge?.payment_method_details?.card?.fingerprint ?? null,
      };
    },

    async retrieveSubscription(subscriptionId) {
      // default_payment_method expanded: the card the profile names (issue 39).
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice', 'default_payment_method'] }));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },

    async pauseCollection(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } });
    },

    async resumeCollection(subscriptionId) {
      // Stripe clears pause_collection when it is set to an empty string.
      await stripe.subscriptions.update(subscriptionId, { pause_collection: '' });
    },

    async keepSubscription(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    },

    async creditCustomerBalance({ customerId, amountCents, description, idempotencyKey }) {
      const transaction = await stripe.customers.createBalanceTransaction(
        customerId, { amount: -amountCents, currency: 'usd', description }, { idempotencyKey });
      return transaction.id;
    },

    async refundPayment({ paymentIntentId, invoiceId, amountCents, reason, adminId }) {
      // A refund names the payment_intent or the charge (Stripe's API); an invoice paid by a bare charge has no intent.
      const paidBy = paymentIntentId ? { payment_intent: paymentIntentId } : await invoicePaidBy(invoiceId);
      if (!paidBy) throw new Error(`Stripe invoice ${invoiceId} has no payment to refund`);
      const refund = await stripe.refunds.create({
        ...paidBy,
        amount: amountCents,
        reason: 'requested_by_customer',
        metadata: { paylocal_admin_id: adminId, paylocal_reason: reason.slice(0, 500) },
      });
      return toProviderRefund(refund);
    },

    async invoicePaymentIntent(invoiceId) {
      const paidBy = await invoicePaidBy(invoiceId);
      return paidBy && 'payment_intent' in paidBy ? paidBy.payment_intent : null;
    },

    async listRefunds({ chargeId, paymentIntentId }) {
      const refunds = await stripe.refunds.list(chargeId ? { charge: chargeId, limit: 100 } : { payment_intent: paymentIntentId, limit: 100 });
      return refunds.data.map(toProviderRefund);
    },

    async cancelNow(subscriptionId) {
      // Idempotent: the app's refund and the webhook it causes may both ask.
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      if (current.status !== 'canceled' && current.status !== 'incomplete_expired') await stripe.subscriptions.cancel(subscriptionId);
    },

    async startCardSetup(customerId) {
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' });
      return { setupIntentId: intent.id, clientSecret: intent.client_secret! };
    },

    async completeCardSetup({ setupIntentId, customerId, subscriptionId }) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      if (idOf(intent.customer) !== customerId) throw new CardDeclinedError('This card setup belongs to another customer.', 'wrong_customer');
      if (intent.status !== 'succeeded' || !intent.payment_method) {
        throw new CardDeclinedError(intent.last_setup_error?.message ?? 'Your card could not be saved.', 'setup_incomplete');
      }
      const method = intent.payment_method as Stripe.PaymentMethod;
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
      await stripe.subscriptions.update(subscriptionId, { default_payment_method: method.id });
      const card = cardOf(method);
      return { label: card ? cardLabel(card) : 'Card' };
    },

    async payInvoice(invoiceId) {
      await stripe.invoices.pay(invoiceId, { off_session: true }).catch(declined);
    },

    async previewPlanChange({ subscriptionId, plan }) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      const preview = await stripe.invoices.createPreview({
        customer: idOf(subscription.customer)!,
        subscription: subscriptionId,
        subscription_details: { items: [{ id: item.id, price: await priceFor(plan) }], proration_behavior: 'always_invoice' },
      });
      const credit = preview.lines.data.filter((l) => l.amount < 0).reduce((sum, l) => sum - l.amount, 0);
      const charge = preview.lines.data.filter((l) => l.amount > 0).reduce((sum, l) => sum + l.amount, 0);
      return { amountDueCents: preview.amount_due, creditCents: credit, newPriceCents: charge, currency: preview.currency };
    },

    async changePlan({ subscriptionId, plan }) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: subscription.items.data[0].id, price: await priceFor(plan) }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        metadata: { plan },
      }).catch(declined);
    },

    async verifyWebhook(rawBody, signature): Promise<PaymentEvent> {
      if (!options.webhookSecret) throw new PaymentWebhookError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new PaymentWebhookError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret, undefined, cryptoProvider);
      } catch (error) {
        throw new PaymentWebhookError(`Invalid Stripe signature: ${(error as Error).message}`);
      }
      return toPaymentEvent(event);
    },
  };
}

/** A Stripe refund as the refunds table keeps it; the app's refunds carry the admin and the reason in metadata. */
export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: (refund.status ?? 'pending') as ProviderRefund['status'],
    created: seconds(refund.created),
    reason: refund.metadata?.paylocal_reason || null,
    adminId: refund.metadata?.paylocal_admin_id || null,
    paymentIntentId: idOf(refund.payment_intent),
  };
}

function disputeStatus(status: Stripe.Dispute.Status): ProviderDispute['status'] {
  if (status === 'lost') return 'lost';
  // warning_closed: an inquiry closed without a chargeback; no money moved, as when won.
  return status === 'won' || status === 'warning_closed' ? 'won' : 'open';
}

type Reader = (event: Stripe.Event, base: { id: string; created: Date }) => PaymentEvent | null;

/** A subscription event names its subscription; its state is then retrieved (decision 170). */
const subscriptionEvent: Reader = (event, base) => {
  const subscription = event.data?.object as Partial<Stripe.Subscription> | undefined;
  return subscription?.id && subscription.object === 'subscription'
    ? { ...base, type: 'subscription.changed', subscriptionId: subscription.id }
    : null;
};

const invoicePaid: Reader = (event, base) => {
  const invoice = event.data?.object as (Stripe.Invoice & LegacyInvoiceFields) | undefined;
  if (!invoice) return null;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  // The customer balance Stripe took off (decision 191): starting_balance is the credit (negative) before, ending after.
  const creditAppliedCents = Math.max(0, (invoice.ending_balance ?? 0) - (invoice.starting_balance ?? 0));
  if (!subscriptionId || !invoice.id || !(invoice.amount_paid > 0 || creditAppliedCents > 0)) return null;
  const payment = invoice.payments?.data?.[0]?.payment;
  return {
    ...base,
    type: 'invoice.paid',
    invoice: {
      id: invoice.id,
      subscriptionId,
      paymentIntentId: idOf(payment?.payment_intent) ?? idOf(invoice.payment_intent) ?? null,
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      creditAppliedCents,
    },
  };
};

/** charge.refunded names the charge; its refunds are then listed from Stripe (decision 172). */
const chargeRefunded: Reader = (event, base) => {
  const charge = event.data?.object as Partial<Stripe.Charge> | undefined;
  const paymentIntentId = idOf(charge?.payment_intent);
  return charge?.id && charge.object === 'charge' && paymentIntentId
    ? { ...base, type: 'charge.refunded', chargeId: charge.id, paymentIntentId }
    : null;
};

/** A dispute as the event shows it: once closed (won/lost) it does not change, and an open one never follows a closed one. */
const chargeDispute: Reader = (event, base) => {
  const dispute = event.data?.object as Partial<Stripe.Dispute> | undefined;
  const paymentIntentId = idOf(dispute?.payment_intent);
  if (!dispute?.id || dispute.object !== 'dispute' || !paymentIntentId || !(Number(dispute.amount) > 0) || !dispute.status) return null;
  return {
    ...base, type: 'charge.dispute',
    dispute: {
      id: dispute.id, paymentIntentId, amountCents: dispute.amount!, reason: dispute.reason ?? null, status: disputeStatus(dispute.status),
      evidenceDueBy: dispute.evidence_details?.due_by ? seconds(dispute.evidence_details.due_by) : null,
    },
  };
};

/** A renewal that failed, or that waits for the member's bank (3-D Secure): the invoice to pay, and where. */
const invoiceFailed = (actionRequired: boolean): Reader => (event, base) => {
  const invoice = event.data?.object as (Stripe.Invoice & LegacyInvoiceFields) | undefined;
  if (!invoice?.id) return null;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  if (!subscriptionId) return null;
  return {
    ...base,
    type: 'invoice.payment_failed',
    invoice: {
      id: invoice.id, subscriptionId, amountCents: invoice.amount_due, hostedUrl: invoice.hosted_invoice_url ?? null,
      actionRequired, failureMessage: actionRequired ? null : (invoice.last_finalization_error?.message ?? null),
    },
  };
};

/**
 * The Stripe events the webhook handles, each with its reader: the one list. `npm run stripe:setup`
 * subscribes the endpoint to exactly these (STRIPE_WEBHOOK_EVENTS); anything else is acknowledged and ignored.
 */
const READERS = {
  'customer.subscription.created': subscriptionEvent,
  'customer.subscription.updated': subscriptionEvent,
  'customer.subscription.deleted': subscriptionEvent,
  'customer.subscription.paused': subscriptionEvent,
  'customer.subscription.resumed': subscriptionEvent,
  'invoice.paid': invoicePaid,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': chargeDispute,
  'charge.dispute.closed': chargeDispute,
  'invoice.payment_failed': invoiceFailed(false),
  'invoice.payment_action_required': invoiceFailed(true),
} satisfies Partial<Record<Stripe.Event['type'], Reader>>;

/** The Stripe events the webhook endpoint subscribes to (scripts/stripe-setup.ts): exactly those handled here. */
export const STRIPE_WEBHOOK_EVENTS = Object.keys(READERS) as (keyof typeof READERS)[];

/** The Stripe events that change our rows; everything else (and anything unreadable) is acknowledged and ignored. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  // An event without a time (never seen from Stripe) orders before everything else.
  const created = Number.isFinite(event.created) ? seconds(event.created) : new Date(0);
  const base = { id: event.id, created };
  const reader: Reader | undefined = Object.hasOwn(READERS, event.type) ? READERS[event.type as keyof typeof READERS] : undefined;
  return reader?.(event, base) ?? { ...base, type: 'ignored', providerType: event.type };
}
