import { Hono } from 'hono';
import { type AppEnv, serviceTx, siteUrlOf } from '../../context.ts';
import { badRequest } from '../../lib/http-error.ts';
import { PaymentWebhookError, type PaymentEvent } from '../../ports/payments/payment-provider.ts';
import type { Query } from '../../db/database.ts';
import { claimEventOrder, recordPayment, syncSubscription } from './records.ts';
import { settleFromProvider } from './settle.ts';

export const webhookRoutes = new Hono<AppEnv>();

/**
 * Stripe webhooks (decision 070): the signature is checked on the raw body; each event id is
 * processed once (stored in the same transaction as its effects, so a failed event is retried by
 * Stripe). invoice.paid settles a checkout the browser never completed (the account is created
 * here). Subscription events older than the last one applied are acknowledged and skipped. Events
 * we do not use, or cannot read, are acknowledged with 2xx, so nothing wedges the endpoint.
 */
webhookRoutes.post('/webhook', async (c) => {
  const rawBody = await c.req.text();
  let event: PaymentEvent;
  try {
    event = await c.var.deps.payments.verifyWebhook(rawBody, c.req.header('stripe-signature') ?? null);
  } catch (error) {
    if (error instanceof PaymentWebhookError) throw badRequest(error.message);
    throw error;
  }
  const [seen] = await serviceTx(c, (q) => q(`select 1 from private.processed_webhook_events where event_id = $1`, [event.id]));
  if (seen) return c.json({ received: true, outcome: 'duplicate' });

  // Before the event's own transaction: settling asks the provider (a failure answers 5xx and Stripe retries).
  const settled = event.type === 'invoice.paid'
    ? await settleFromProvider(c, { subscriptionId: event.invoice.subscriptionId })
    : null;

  const outcome = await serviceTx(c, async (q) => {
    const fresh = await q(
      `insert into private.processed_webhook_events (event_id, type) values ($1, $2)
       on conflict (event_id) do nothing returning event_id`,
      [event.id, event.type === 'ignored' ? event.providerType : event.type],
    );
    if (fresh.length === 0) return 'duplicate';
    return applyEvent(q, event, siteUrlOf(c));
  });
  return c.json({ received: true, outcome, ...(settled && settled !== 'no-checkout' ? { checkout: settled } : {}) });
});

async function applyEvent(q: Query, event: PaymentEvent, siteUrl: string): Promise<string> {
  switch (event.type) {
    case 'subscription.changed': {
      const [known] = await q(`select 1 from public.subscriptions where provider_subscription_id = $1`, [event.subscription.id]);
      if (!known) return 'unknown-subscription';
      if (!(await claimEventOrder(q, event.subscription.id, event.created))) return 'stale';
      return (await syncSubscription(q, event.subscription)) ? 'updated' : 'not-applied';
    }
    case 'invoice.paid': {
      const { invoice } = event;
      const [row] = await q<{ id: string; user_id: string; provider: 'test' | 'stripe' }>(
        `select id, user_id, provider from public.subscriptions where provider_subscription_id = $1`, [invoice.subscriptionId]);
      // No membership and no checkout that could become one (e.g. still processing): nothing to record yet.
      if (!row) return 'unknown-subscription';
      const recorded = await recordPayment(q, {
        userId: row.user_id, subscriptionRowId: row.id, provider: row.provider,
        invoiceId: invoice.id, paymentIntentId: invoice.paymentIntentId,
        amountCents: invoice.amountCents, currency: invoice.currency, receiptSiteUrl: siteUrl,
      });
      await q(
        `update public.subscriptions
            set current_period_start = greatest(current_period_start, $2),
                current_period_end = greatest(current_period_end, $3),
                updated_at = now()
          where id = $1`,
        [row.id, invoice.periodStart, invoice.periodEnd],
      );
      return recorded ? 'payment-recorded' : 'payment-already-recorded';
    }
    default:
      return 'ignored';
  }
}
