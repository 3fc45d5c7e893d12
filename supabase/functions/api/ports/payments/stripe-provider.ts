// Stripe adapter (production). Subscriptions are created incomplete (payment_behavior
// 'default_incomplete'); the browser confirms the first invoice's PaymentIntent with Stripe Elements
// using its client secret; the server then retrieves the PaymentIntent to confirm it succeeded.
// Prices are found by lookup key (created once if missing), so no dashboard setup is needed.
// Billing periods are read from subscription items (API 2025-03-31 and later).
import Stripe from 'stripe';
import { CURRENCY, PLANS, type PlanId } from '../../../_shared/constants.ts';
import {
  PaymentWebhookError,
  type PaymentEvent, type PaymentProvider, type ProviderPayment, type ProviderSubscription,
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

/** Stripe's subscription, as the subscriptions table sees it. */
function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  let status: ProviderSubscription['status'];
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      status = subscription.pause_collection ? 'paused' : 'active';
      break;
    case 'paused':
      status = 'paused';
      break;
    case 'past_due':
    case 'unpaid':
      status = 'past_due';
      break;
    case 'incomplete':
      status = 'incomplete';
      break;
    default:
      status = 'canceled';
  }
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status,
    currentPeriodStart: seconds(item.current_period_start),
    currentPeriodEnd: seconds(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol ?? 'https' } : {}),
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  const prices = new Map<PlanId, string>();

  async function priceFor(plan: PlanId): Promise<string> {
    const cached = prices.get(plan);
    if (cached) return cached;
    const lookupKey = priceLookupKey(plan);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const p = PLANS[plan];
    const price = found.data[0] ?? await stripe.prices.create({
      currency: CURRENCY,
      unit_amount: p.priceCents,
      recurring: { interval: p.interval, interval_count: p.intervalCount },
      lookup_key: lookupKey,
      product_data: { name: `Pay Local ${p.name} (${p.label})` },
    });
    prices.set(plan, price.id);
    return price.id;
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

    async retrievePayment(paymentIntentId): Promise<ProviderPayment> {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      return {
        id: intent.id,
        status: intent.status as ProviderPayment['status'],
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
        customerId: idOf(intent.customer),
        failureMessage: intent.last_payment_error?.message ?? null,
      };
    },

    async retrieveSubscription(subscriptionId) {
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },

    async pauseCollection(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } });
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

/** The Stripe events that change our rows; everything else is acknowledged and ignored. */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { id: event.id, type: 'subscription.changed', subscription: toProviderSubscription(event.data.object) };
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const line = invoice.lines?.data?.[0];
      if (!subscriptionId || !invoice.id || invoice.amount_paid <= 0) {
        return { id: event.id, type: 'ignored', providerType: event.type };
      }
      const payment = invoice.payments?.data?.[0]?.payment;
      return {
        id: event.id,
        type: 'invoice.paid',
        invoice: {
          id: invoice.id,
          subscriptionId,
          paymentIntentId: idOf(payment?.payment_intent) ?? null,
          amountCents: invoice.amount_paid,
          currency: invoice.currency,
          periodStart: seconds(line?.period?.start ?? invoice.period_start),
          periodEnd: seconds(line?.period?.end ?? invoice.period_end),
        },
      };
    }
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}
