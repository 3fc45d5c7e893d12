import { Hono } from 'hono';
import { type AppEnv, servicesOf } from '../http/context.ts';
import { badRequest } from '../http/http-error.ts';
import { PaymentWebhookError, type PaymentEvent } from '../ports/payments/payment-provider.ts';
import { handlePaymentEvent } from './payment-webhook.ts';

export const webhookRoutes = new Hono<AppEnv>();

/**
 * Stripe webhooks (decisions 070, 170, 172): the signature is checked on the raw body (an event that fails
 * it is a 400); subscriptions/payment-webhook.ts applies the event once. Events we do not use, or cannot read,
 * are acknowledged with 2xx, so nothing wedges the endpoint; a provider failure answers 5xx and Stripe retries.
 */
webhookRoutes.post('/webhook', async (c) => {
  const rawBody = await c.req.text();
  const { stats } = c.var.deps.monitor;
  let event: PaymentEvent;
  try {
    event = await c.var.deps.payments.verifyWebhook(rawBody, c.req.header('stripe-signature') ?? null);
  } catch (error) {
    // Counted in memory for the operator's console (decision 195): a call costs no statement of its own.
    stats.recordWebhook(error instanceof PaymentWebhookError ? 'bad_signature' : 'failed', null);
    if (error instanceof PaymentWebhookError) throw badRequest(error.message);
    throw error;
  }
  try {
    const answer = await handlePaymentEvent(servicesOf(c), event);
    stats.recordWebhook('ok', event.type === 'ignored' ? event.providerType : event.type);
    return c.json(answer);
  } catch (error) {
    stats.recordWebhook('failed', event.type === 'ignored' ? event.providerType : event.type);
    throw error;
  }
});
