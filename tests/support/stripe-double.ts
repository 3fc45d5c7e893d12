// A local HTTP double of the parts of Stripe's API the Stripe adapter uses, shaped from Stripe's
// API reference (objects, list envelopes, form-encoded params, error bodies). Test-only controls
// (pay, decline) stand in for what Stripe.js and Stripe's billing engine do.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /** What Stripe does when the browser confirms the card: the intent succeeds, the subscription activates. */
  pay(paymentIntentId: string): void;
  decline(paymentIntentId: string, message?: string): void;
  /** A payment method that clears later (Stripe's PaymentIntent status 'processing'). */
  process(paymentIntentId: string): void;
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

const periodSeconds = (interval: string, count: number) =>
  interval === 'day' ? count * 86400 : interval === 'month' ? count * 30 * 86400 : count * 365 * 86400;

export async function startStripeDouble(): Promise<StripeDouble> {
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const webhookEndpoints = new Map<string, Obj>();
  const requests: StripeDouble['requests'] = [];

  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const subscriptionView = (sub: Obj, expand: string[]) => {
    const view = { ...sub };
    if (expand.includes('latest_invoice') || expand.some((e) => e.startsWith('latest_invoice.'))) {
      view.latest_invoice = invoices.get(sub.latest_invoice);
    }
    return view;
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
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: params.email, name: params.name, metadata: {} };
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
        id: subId, object: 'subscription', customer: params.customer, status: 'incomplete',
        cancel_at_period_end: false, pause_collection: null, latest_invoice: invoice.id, metadata: {},
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, current_period_start: start, current_period_end: end }], has_more: false },
      };
      subscriptions.set(subId, sub);
      return [200, subscriptionView(sub, expand)];
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const pi = paymentIntents.get(m[1]);
      return pi ? [200, pi] : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` } }];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${m[1]}'` } }];
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (params['pause_collection[behavior]']) sub.pause_collection = { behavior: params['pause_collection[behavior]'], resumes_at: null };
        if (params.pause_collection === '') sub.pause_collection = null;
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
    const [status, body] = /^Bearer sk_test_/.test(req.headers.authorization ?? '')
      ? route(req.method ?? 'GET', url.pathname, params)
      : [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    requests, customers, subscriptions, paymentIntents, invoices, prices, products, webhookEndpoints,
    pay(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId)!;
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
      const invoice = [...invoices.values()].find((i) => i.confirmation_secret?.client_secret === pi.client_secret)!;
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      subscriptions.get(invoice.parent.subscription_details.subscription)!.status = 'active';
    },
    decline(paymentIntentId, message = 'Your card was declined.') {
      Object.assign(paymentIntents.get(paymentIntentId)!, {
        status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message },
      });
    },
    process(paymentIntentId) {
      Object.assign(paymentIntents.get(paymentIntentId)!, { status: 'processing', last_payment_error: null });
    },
    invoiceOf(paymentIntentId) {
      const pi = paymentIntents.get(paymentIntentId)!;
      return [...invoices.values()].find((i) => i.confirmation_secret?.client_secret === pi.client_secret)!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
