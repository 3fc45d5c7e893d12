// A local HTTP double of the parts of Stripe's API the Stripe adapter uses, shaped from Stripe's
// API reference (objects, list envelopes, form-encoded params, error bodies). Test-only controls
// (pay, decline, renew) stand in for what Stripe.js and Stripe's billing engine do. Like Stripe, it
// records an event for each change (`events`: the object as it was then), for tests to deliver.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STRIPE_API_VERSION } from '../../supabase/functions/api/ports/payments/stripe-provider.ts';

type Obj = Record<string, any>;

export interface StripeDouble {
  port: number;
  /** Every request, with the API version it asked for (the Stripe-Version header; null: the account default). */
  requests: { method: string; path: string; params: Record<string, string>; stripeVersion: string | null }[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  invoices: Map<string, Obj>;
  prices: Map<string, Obj>;
  products: Map<string, Obj>;
  webhookEndpoints: Map<string, Obj>;
  charges: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** Customer balance transactions made through the API (account credits, decision 191), oldest first. */
  balanceTransactions: Obj[];
  /** Stripe events for every change, oldest first, each with the object as it was then (Stripe's event shape). */
  events: Obj[];
  /** What Stripe does when the browser confirms the card: the intent succeeds, the invoice is paid, the subscription activates. */
  /** `card`: the card's fingerprint (Stripe's, one per card number), default one per customer. */
  pay(paymentIntentId: string, card?: { fingerprint: string }): void;
  /** What Stripe's billing engine does at a renewal that succeeds: a new paid invoice, the next period. Returns the invoice. */
  renew(subscriptionId: string): Obj;
  decline(paymentIntentId: string, message?: string): void;
  /**
   * A renewal that fails (Stripe's billing engine, decision 171): an open invoice with its hosted page, the
   * next period, status past_due; events invoice.payment_failed (and invoice.payment_action_required when
   * the bank asks for 3-D Secure) and customer.subscription.updated. Returns the invoice.
   */
  failRenewal(subscriptionId: string, options?: { actionRequired?: boolean }): Obj;
  /** Stripe's retries ran out: the subscription becomes unpaid (the invoice stays open). */
  exhaustRetries(subscriptionId: string): void;
  /** What Stripe.js confirmSetup does with a good card: the SetupIntent succeeds with a Visa •••• 4242. */
  confirmSetup(setupIntentId: string): void;
  /** Payment methods Stripe would decline (invoices.pay answers a card error while one is the default). */
  setupIntents: Map<string, Obj>;
  /** A payment method that clears later (Stripe's PaymentIntent status 'processing'). */
  process(paymentIntentId: string): void;
  /** A refund made in Stripe's Dashboard (not through the app): the refund, and the charge.refunded event. */
  refundInDashboard(paymentIntentId: string, amount?: number): Obj;
  /** The bank opens a dispute of a payment (charge.dispute.created), or Stripe closes it won or lost (charge.dispute.closed). */
  dispute(paymentIntentId: string, status: 'needs_response' | 'won' | 'lost'): Obj;
  /** The invoice whose PaymentIntent this is (its invoice.paid event carries it). */
  invoiceOf(paymentIntentId: string): Obj;
  close(): Promise<void>;
}

let counter = 0;
const newId = (prefix: string) => `${prefix}_dbl${(++counter).toString().padStart(6, '0')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const params: Record<string, string> = {};
  for (const [k, v] of url.searchParams) params[k] = v;
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[k] = v;
  return params;
}

/** Form-encoded `metadata[key]=value` pairs. */
const metadataOf = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).flatMap(([k, v]) => {
    const m = k.match(/^metadata\[(.+)\]$/);
    return m ? [[m[1], v]] : [];
  }));
/** Form-encoded arrays: `name[0]=a&name[1]=b`. */
const listOf = (params: Record<string, string>, name: string) =>
  Object.entries(params).filter(([k]) => k.startsWith(`${name}[`)).map(([, v]) => v);

/** An invoice's payments list (API 2025-03-31 and later), paid by one PaymentIntent. */
const paymentsOf = (paymentIntentId: string) => ({
  object: 'list', has_more: false,
  data: [{ id: newId('inpay'), object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: paymentIntentId } }],
});

const periodSeconds = (interval: string, count: number) =>
  interval === 'day' ? count * 86400 : interval === 'month' ? count * 30 * 86400 : count * 365 * 86400;

export async function startStripeDouble(options: { port?: number } = {}): Promise<StripeDouble> {
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const webhookEndpoints = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const balanceTransactions: Obj[] = [];
  const disputes = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  /** Payment methods by id (Stripe's PaymentMethod: card.brand, last4, exp_month, exp_year). */
  const paymentMethods = new Map<string, Obj>();
  const newCard = () => {
    const method = { id: newId('pm'), object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } };
    paymentMethods.set(method.id, method);
    return method;
  };
  const requests: StripeDouble['requests'] = [];
  const events: Obj[] = [];
  const idempotent = new Map<string, [number, Obj]>();
  /** Records a Stripe event with a copy of the object as it is now. */
  const emit = (type: string, object: Obj) => {
    const data = structuredClone(object);
    // An invoice's payments are an includable field: Stripe's events never carry them (they are listed or expanded).
    if (data.object === 'invoice') delete data.payments;
    events.push({
      id: newId('evt'), object: 'event', api_version: STRIPE_API_VERSION, created: nowSeconds(), type, livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: data },
    });
  };

  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const subscriptionView = (sub: Obj, expand: string[]) => {
    const view = { ...sub };
    if (expand.includes('latest_invoice') || expand.some((e) => e.startsWith('latest_invoice.'))) {
      view.latest_invoice = invoices.get(sub.latest_invoice);
    }
    if (expand.includes('default_payment_method') && sub.default_payment_method) {
      view.default_payment_method = paymentMethods.get(sub.default_payment_method) ?? sub.default_payment_method;
    }
    return view;
  };

  /** The charge a succeeded PaymentIntent made (its latest_charge). */
  const chargeFor = (pi: Obj, fingerprint = `fp_${pi.customer}`) => {
    const charge = { id: newId('ch'), object: 'charge', amount: pi.amount, amount_refunded: 0, refunded: false, disputed: false,
      currency: pi.currency, customer: pi.customer, payment_intent: pi.id, status: 'succeeded', created: nowSeconds(),
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', fingerprint } } };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
  };
  /** Refunds a charge as Stripe does: never more than is left; charge.refunded carries the charge (not its refunds). */
  const refund = (params: Record<string, string>): [number, Obj] => {
    const pi = params.payment_intent ? paymentIntents.get(params.payment_intent) : undefined;
    const charge = charges.get(params.charge ?? pi?.latest_charge ?? '');
    if (!charge) return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such charge or payment_intent' } }];
    const amount = params.amount ? Number(params.amount) : charge.amount - charge.amount_refunded;
    if (amount > charge.amount - charge.amount_refunded) {
      return [400, { error: { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charge.amount - charge.amount_refunded) / 100).toFixed(2)})` } }];
    }
    const made = { id: newId('re'), object: 'refund', amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency,
      status: 'succeeded', reason: params.reason ?? null, metadata: metadataOf(params), created: nowSeconds() };
    refunds.set(made.id, made);
    Object.assign(charge, { amount_refunded: charge.amount_refunded + amount, refunded: charge.amount_refunded + amount === charge.amount });
    emit('charge.refunded', charge);
    return [200, made];
  };

  function route(method: string, path: string, params: Record<string, string>): [number, Obj] {
    const expand = Object.entries(params).filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.entries(params).filter(([k]) => k.startsWith('lookup_keys[')).map(([, v]) => v);
      return [200, list([...prices.values()].filter((p) => keys.includes(p.lookup_key) && p.active), '/v1/prices')];
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (params.product && !products.has(params.product)) {
        return [400, { error: { type: 'invalid_request_error', message: `No such product: '${params.product}'`, param: 'product' } }];
      }
      const lookupKey = params.lookup_key ?? null;
      const holder = lookupKey ? [...prices.values()].find((p) => p.lookup_key === lookupKey) : undefined;
      if (holder && params.transfer_lookup_key !== 'true') {
        return [400, { error: { type: 'invalid_request_error', message: `A price (\`${holder.id}\`) already uses that lookup key.`, param: 'lookup_key' } }];
      }
      if (holder) holder.lookup_key = null;
      const price = {
        id: newId('price'), object: 'price', active: true, currency: params.currency, unit_amount: Number(params.unit_amount),
        lookup_key: lookupKey, product: params.product ?? newId('prod'), type: 'recurring', metadata: metadataOf(params),
        recurring: { interval: params['recurring[interval]'], interval_count: Number(params['recurring[interval_count]'] ?? 1) },
      };
      prices.set(price.id, price);
      return [200, price];
    }
    if ((m = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const product = products.get(m[1]);
      if (!product) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such product: '${m[1]}'` } }];
      if (method === 'POST' && params.active !== undefined) product.active = params.active === 'true';
      return [200, product];
    }
    if (method === 'POST' && path === '/v1/products') {
      const id = params.id ?? newId('prod');
      if (products.has(id)) return [400, { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists.' } }];
      const product = { id, object: 'product', active: true, name: params.name, metadata: metadataOf(params) };
      products.set(id, product);
      return [200, product];
    }
    if (method === 'GET' && path === '/v1/webhook_endpoints') {
      // The secret is returned only at creation.
      return [200, list([...webhookEndpoints.values()].map(({ secret: _secret, ...e }) => e), '/v1/webhook_endpoints')];
    }
    if (method === 'POST' && path === '/v1/webhook_endpoints') {
      const endpoint = {
        id: newId('we'), object: 'webhook_endpoint', url: params.url, api_version: params.api_version ?? null,
        enabled_events: listOf(params, 'enabled_events'), description: params.description ?? null, metadata: metadataOf(params),
        status: 'enabled', livemode: false, created: nowSeconds(), secret: `whsec_${newId('secret')}`,
      };
      webhookEndpoints.set(endpoint.id, endpoint);
      return [200, endpoint];
    }
    if ((m = path.match(/^\/v1\/webhook_endpoints\/([^/]+)$/))) {
      const endpoint = webhookEndpoints.get(m[1]);
      if (!endpoint) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such webhook endpoint: '${m[1]}'` } }];
      if (method === 'DELETE') {
        webhookEndpoints.delete(m[1]);
        return [200, { id: m[1], object: 'webhook_endpoint', deleted: true }];
      }
      if (method === 'POST') {
        if (Object.keys(params).some((k) => k.startsWith('enabled_events['))) endpoint.enabled_events = listOf(params, 'enabled_events');
        if (params.url) endpoint.url = params.url;
        if (params.disabled !== undefined) endpoint.status = params.disabled === 'true' ? 'disabled' : 'enabled';
      }
      const { secret: _secret, ...shown } = endpoint;
      return [200, shown];
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(params.customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${params.customer}'` } }];
      const id = newId('seti');
      const intent = { id, object: 'setup_intent', customer: params.customer, status: 'requires_payment_method', usage: params.usage, payment_method: null, last_setup_error: null, client_secret: `${id}_secret_${newId('s')}` };
      setupIntents.set(id, intent);
      return [200, intent];
    }
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)$/)) && method === 'GET') {
      const intent = setupIntents.get(m[1]);
      if (!intent) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${m[1]}'` } }];
      return [200, expand.includes('payment_method') ? intent : { ...intent, payment_method: intent.payment_method?.id ?? null }];
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)\/balance_transactions$/)) && method === 'POST') {
      // A customer balance adjustment: a negative amount is a credit Stripe takes off the next invoices.
      const customer = customers.get(m[1]);
      if (!customer) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${m[1]}'` } }];
      customer.balance = (customer.balance ?? 0) + Number(params.amount);
      const transaction = {
        id: newId('cbtxn'), object: 'customer_balance_transaction', amount: Number(params.amount), currency: params.currency,
        customer: customer.id, description: params.description ?? null, ending_balance: customer.balance, type: 'adjustment',
      };
      balanceTransactions.push(transaction);
      return [200, transaction];
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === 'POST') {
      const customer = customers.get(m[1]);
      if (!customer) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${m[1]}'` } }];
      if (params['invoice_settings[default_payment_method]']) customer.invoice_settings = { default_payment_method: params['invoice_settings[default_payment_method]'] };
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      // A price change now with proration (always_invoice): a credit for the unused part, the new price in full.
      const sub = subscriptions.get(params.subscription);
      const price = prices.get(params['subscription_details[items][0][price]']);
      if (!sub || !price) return [400, { error: { type: 'invalid_request_error', message: 'No such subscription or price' } }];
      const item = sub.items.data[0];
      const total = item.current_period_end - item.current_period_start;
      const left = Math.max(0, item.current_period_end - nowSeconds());
      const credit = Math.round((item.price.unit_amount * left) / total);
      return [200, {
        object: 'invoice', customer: sub.customer, currency: price.currency, amount_due: Math.max(0, price.unit_amount - credit),
        lines: { object: 'list', has_more: false, data: [
          { id: newId('il'), amount: -credit, description: 'Unused time' },
          { id: newId('il'), amount: price.unit_amount, description: 'Remaining time' },
        ] },
      }];
    }
    if ((m = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/)) && method === 'POST') {
      const invoice = invoices.get(m[1]);
      if (!invoice) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such invoice: '${m[1]}'` } }];
      if (invoice.status !== 'open') return [400, { error: { type: 'invalid_request_error', message: 'Invoice is already paid' } }];
      const sub = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      const method = sub.default_payment_method ?? customers.get(sub.customer)?.invoice_settings?.default_payment_method ?? null;
      if (!method || method === sub.failed_payment_method) {
        return [402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }];
      }
      const piId = newId('pi');
      paymentIntents.set(piId, { id: piId, object: 'payment_intent', amount: invoice.amount_due, amount_received: invoice.amount_due, currency: invoice.currency, customer: sub.customer, status: 'succeeded', last_payment_error: null, client_secret: `${piId}_secret_${newId('s')}` });
      chargeFor(paymentIntents.get(piId)!);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, payments: paymentsOf(piId) });
      sub.status = 'active';
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', sub);
      return [200, invoice];
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: params.email, name: params.name, metadata: {}, balance: 0 };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const price = prices.get(params['items[0][price]']);
      if (!price) return [400, { error: { type: 'invalid_request_error', message: `No such price: '${params['items[0][price]']}'`, param: 'items[0][price]' } }];
      if (!customers.has(params.customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${params.customer}'` } }];
      const start = nowSeconds();
      const end = start + periodSeconds(price.recurring.interval, price.recurring.interval_count);
      const subId = newId('sub');
      const piId = newId('pi');
      const invoice = {
        id: newId('in'), object: 'invoice', customer: params.customer, currency: price.currency,
        amount_due: price.unit_amount, amount_paid: 0, status: 'open', billing_reason: 'subscription_create',
        period_start: start, period_end: start,
        parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: {} } },
        confirmation_secret: { type: 'payment_intent', client_secret: `${piId}_secret_${newId('s')}` },
        lines: { object: 'list', data: [{ id: newId('il'), period: { start, end } }], has_more: false },
      };
      invoices.set(invoice.id, invoice);
      paymentIntents.set(piId, {
        id: piId, object: 'payment_intent', amount: price.unit_amount, amount_received: 0, currency: price.currency,
        customer: params.customer, status: 'requires_payment_method', last_payment_error: null, client_secret: invoice.confirmation_secret.client_secret,
      });
      const sub = {
        id: subId, object: 'subscription', customer: params.customer, status: 'incomplete', currency: price.currency,
        created: start, start_date: start, billing_cycle_anchor: start, collection_method: 'charge_automatically', livemode: false,
        cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null, pause_collection: null,
        default_payment_method: null, latest_invoice: invoice.id, metadata: metadataOf(params),
        payment_settings: { save_default_payment_method: params['payment_settings[save_default_payment_method]'] ?? 'off' },
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, current_period_start: start, current_period_end: end }], has_more: false },
      };
      subscriptions.set(subId, sub);
      emit('customer.subscription.created', sub);
      return [200, subscriptionView(sub, expand)];
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      // List an invoice's payments (API 2025-03-31 and later): its invoice_payment objects, filtered by status.
      const invoice = invoices.get(params.invoice ?? '');
      const found = ((invoice?.payments?.data ?? []) as Obj[]).filter((p) => !params.status || p.status === params.status)
        .map((p) => ({ ...p, invoice: invoice!.id, amount_paid: invoice!.amount_paid, currency: invoice!.currency }));
      return [200, list(found, '/v1/invoice_payments')];
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'GET' && path === '/v1/refunds') {
      const found = [...refunds.values()].filter((r) => (params.charge ? r.charge === params.charge : r.payment_intent === params.payment_intent));
      return [200, list(found.reverse(), '/v1/refunds')];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      // A one-off payment (a gift membership): confirmed by the browser's card form, here by pay().
      if (!(Number(params.amount) > 0) || !params.currency) {
        return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: amount or currency.' } }];
      }
      const piId = newId('pi');
      const pi = {
        id: piId, object: 'payment_intent', amount: Number(params.amount), amount_received: 0, currency: params.currency,
        customer: params.customer ?? null, status: 'requires_payment_method', last_payment_error: null,
        client_secret: `${piId}_secret_${newId('s')}`, receipt_email: params.receipt_email ?? null,
        description: params.description ?? null, metadata: metadataOf(params), latest_charge: null,
        automatic_payment_methods: params['automatic_payment_methods[enabled]'] === 'true'
          ? { enabled: true, allow_redirects: params['automatic_payment_methods[allow_redirects]'] ?? 'always' } : null,
      };
      paymentIntents.set(piId, pi);
      return [200, pi];
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const pi = paymentIntents.get(m[1]);
      if (pi && expand.includes('latest_charge')) return [200, { ...pi, latest_charge: charges.get(pi.latest_charge) ?? pi.latest_charge ?? null }];
      return pi ? [200, pi] : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` } }];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${m[1]}'` } }];
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null;
          sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
        }
        if (params['pause_collection[behavior]']) sub.pause_collection = { behavior: params['pause_collection[behavior]'], resumes_at: null };
        if (params.pause_collection === '') sub.pause_collection = null;
        if (params.default_payment_method) sub.default_payment_method = params.default_payment_method;
        const newPrice = params['items[0][price]'] ? prices.get(params['items[0][price]']) : undefined;
        if (newPrice) {
          // An interval change: the period restarts now and the proration is invoiced and paid at once.
          const item = sub.items.data[0];
          const start = nowSeconds();
          const left = Math.max(0, item.current_period_end - start);
          const credit = Math.round((item.price.unit_amount * left) / (item.current_period_end - item.current_period_start));
          const due = Math.max(0, newPrice.unit_amount - credit);
          Object.assign(item, {
            price: newPrice, current_period_start: start,
            current_period_end: start + periodSeconds(newPrice.recurring.interval, newPrice.recurring.interval_count),
          });
          const piId = newId('pi');
          paymentIntents.set(piId, { id: piId, object: 'payment_intent', amount: due, amount_received: due, currency: newPrice.currency, customer: sub.customer, status: 'succeeded', last_payment_error: null, client_secret: `${piId}_secret_${newId('s')}` });
          // A succeeded PaymentIntent has its charge, which refunds and disputes name.
          if (due > 0) chargeFor(paymentIntents.get(piId)!);
          const invoice = {
            id: newId('in'), object: 'invoice', customer: sub.customer, currency: newPrice.currency, status: 'paid',
            amount_due: due, amount_paid: due, billing_reason: 'subscription_update',
            parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
            payments: paymentsOf(piId), lines: { object: 'list', data: [], has_more: false },
          };
          invoices.set(invoice.id, invoice);
          sub.latest_invoice = invoice.id;
          emit('invoice.paid', invoice);
        }
        emit('customer.subscription.updated', sub);
      }
      if (method === 'DELETE' && sub.status !== 'canceled') {
        // Cancel a subscription: it ends now (Stripe keeps it, retrievable, with status canceled).
        Object.assign(sub, { status: 'canceled', canceled_at: sub.canceled_at ?? nowSeconds(), ended_at: nowSeconds(), cancel_at: null });
        emit('customer.subscription.deleted', sub);
      }
      return [200, subscriptionView(sub, expand)];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = await readParams(req, url);
    const stripeVersion = req.headers['stripe-version'];
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params, stripeVersion: typeof stripeVersion === 'string' ? stripeVersion : null });
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? idempotent.get(`${url.pathname} ${key}`) : undefined;
    const [status, body] = replay ?? (/^Bearer sk_test_/.test(req.headers.authorization ?? '')
      ? route(req.method ?? 'GET', url.pathname, params)
      : [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }]);
    // As Stripe does: a POST with an Idempotency-Key seen before answers what the first one did (the key is per path here).
    if (typeof key === 'string' && !replay && status < 500) idempotent.set(`${url.pathname} ${key}`, [status, body]);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    requests, customers, subscriptions, paymentIntents, invoices, prices, products, webhookEndpoints, charges, refunds, balanceTransactions, events, setupIntents,
    failRenewal(subscriptionId, { actionRequired = false } = {}) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      const start = item.current_period_end;
      const end = start + periodSeconds(item.price.recurring.interval, item.price.recurring.interval_count);
      const id = newId('in');
      const invoice = {
        id, object: 'invoice', customer: sub.customer, currency: item.price.currency, status: 'open',
        amount_due: item.price.unit_amount, amount_paid: 0, billing_reason: 'subscription_cycle', attempt_count: 1,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_dbl/test_${id}`,
        period_start: item.current_period_start, period_end: start,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
        lines: { object: 'list', data: [{ id: newId('il'), period: { start, end } }], has_more: false },
      };
      invoices.set(id, invoice);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      // The card on file is the one that failed: paying again with it declines until another is saved.
      Object.assign(sub, { status: 'past_due', latest_invoice: id, failed_payment_method: sub.default_payment_method ?? null });
      if (actionRequired) emit('invoice.payment_action_required', invoice);
      emit('invoice.payment_failed', invoice);
      emit('customer.subscription.updated', sub);
      return invoice;
    },
    exhaustRetries(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'unpaid';
      emit('customer.subscription.updated', sub);
    },
    confirmSetup(setupIntentId) {
      const intent = setupIntents.get(setupIntentId)!;
      Object.assign(intent, {
        status: 'succeeded',
        payment_method: newCard(),
      });
    },
    pay(paymentIntentId, card) {
      const pi = paymentIntents.get(paymentIntentId)!;
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
      chargeFor(pi, card?.fingerprint);
      const invoice = [...invoices.values()].find((i) => i.confirmation_secret?.client_secret === pi.client_secret);
      // A one-off payment has no invoice: Stripe tells of it with payment_intent.succeeded alone.
      if (!invoice) {
        emit('payment_intent.succeeded', pi);
        return;
      }
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, payments: paymentsOf(paymentIntentId) });
      const sub = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      sub.status = 'active';
      // The card paid with becomes the subscription's default when it was created with save_default_payment_method: on_subscription.
      const method = newCard();
      pi.payment_method = method.id;
      if (sub.payment_settings?.save_default_payment_method === 'on_subscription') sub.default_payment_method = method.id;
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', sub);
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      const start = item.current_period_end;
      const end = start + periodSeconds(item.price.recurring.interval, item.price.recurring.interval_count);
      // Stripe takes the customer's credit balance (negative) off the invoice first.
      const customer = customers.get(sub.customer);
      const startingBalance = customer?.balance ?? 0;
      const credit = Math.min(Math.max(0, -startingBalance), item.price.unit_amount);
      if (customer) customer.balance = startingBalance + credit;
      const due = item.price.unit_amount - credit;
      const piId = newId('pi');
      paymentIntents.set(piId, {
        id: piId, object: 'payment_intent', amount: due, amount_received: due, currency: item.price.currency,
        customer: sub.customer, status: 'succeeded', last_payment_error: null, client_secret: `${piId}_secret_${newId('s')}`,
      });
      if (due > 0) chargeFor(paymentIntents.get(piId)!);
      const invoice = {
        id: newId('in'), object: 'invoice', customer: sub.customer, currency: item.price.currency, status: 'paid',
        amount_due: due, amount_paid: due, billing_reason: 'subscription_cycle',
        starting_balance: startingBalance, ending_balance: startingBalance + credit,
        period_start: item.current_period_start, period_end: start,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
        payments: due > 0 ? paymentsOf(piId) : { object: 'list', data: [], has_more: false },
        lines: { object: 'list', data: [{ id: newId('il'), period: { start, end } }], has_more: false },
      };
      invoices.set(invoice.id, invoice);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      Object.assign(sub, { status: 'active', latest_invoice: invoice.id });
      emit('invoice.paid', invoice);
      emit('customer.subscription.updated', sub);
      return invoice;
    },
    decline(paymentIntentId, message = 'Your card was declined.') {
      Object.assign(paymentIntents.get(paymentIntentId)!, {
        status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message },
      });
    },
    process(paymentIntentId) {
      Object.assign(paymentIntents.get(paymentIntentId)!, { status: 'processing', last_payment_error: null });
    },
    refundInDashboard(paymentIntentId, amount) {
      const [status, body] = refund({ payment_intent: paymentIntentId, ...(amount ? { amount: String(amount) } : {}), reason: 'requested_by_customer' });
      if (status !== 200) throw new Error(body.error.message);
      return body;
    },
    dispute(paymentIntentId, status) {
      const charge = charges.get(paymentIntents.get(paymentIntentId)!.latest_charge)!;
      let dispute = [...disputes.values()].find((d) => d.charge === charge.id);
      if (!dispute) {
        dispute = { id: newId('dp'), object: 'dispute', amount: charge.amount, charge: charge.id, payment_intent: paymentIntentId,
          currency: charge.currency, reason: 'fraudulent', status, created: nowSeconds(),
          evidence_details: { due_by: nowSeconds() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 } };
        disputes.set(dispute.id, dispute);
        charge.disputed = true;
        emit('charge.dispute.created', dispute);
      }
      if (status !== 'needs_response') {
        dispute.status = status;
        emit('charge.dispute.closed', dispute);
      }
      return dispute;
    },
    invoiceOf(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId)!;
      return [...invoices.values()].find((i) => i.confirmation_secret?.client_secret === pi.client_secret)!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
