// Stripe webhooks (decisions 070, 170, 172): what a delivery whose signature the route checked does.
import type { Services } from '../services.ts';
import type { PaymentEvent, ProviderSubscription } from '../ports/payments/payment-provider.ts';
import type { Query } from '../db/database.ts';
import { applyProviderState, ticketIfKnown, webhookPreflight } from './subscription-records.ts';
import { providerCall } from './provider-call.ts';
import { recordRenewalFailure } from './billing.ts';
import { recordPayment, takeAccountCredit } from './subscription-records.ts';
import { settleFromProvider } from './checkout.ts';
import { applyMoneyBack } from './money-back.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'payments' | 'config' | 'siteUrl'>;

/** The webhook's answer: the delivery was received, and what it did. */
export interface WebhookOutcome {
  received: true;
  outcome: string;
  checkout?: Awaited<ReturnType<typeof settleFromProvider>>;
}

/**
 * Each event id is processed once (stored in the same transaction as its effects, so a failed event is
 * retried by Stripe). A subscription or invoice event first settles a checkout the browser never completed
 * (the account is created here), then reads the subscription's current state from Stripe and applies that,
 * never the object the event carries: events arrive in any order, more than once, in whole seconds.
 * A paid invoice is recorded as the event shows it (a paid invoice does not change). Events we do not
 * use, or about subscriptions that are not ours, are acknowledged, so nothing wedges the endpoint; a
 * provider failure is thrown (the answer is 5xx and Stripe retries).
 */
export async function handlePaymentEvent(s: Used, event: PaymentEvent): Promise<WebhookOutcome> {
  const subscriptionId = event.type === 'invoice.paid' || event.type === 'invoice.payment_failed' ? event.invoice.subscriptionId
    : event.type === 'subscription.changed' ? event.subscriptionId : null;
  const first = await s.tx.asService((q) => webhookPreflight(q, event.id, subscriptionId));
  if (first.seen) return { received: true, outcome: 'duplicate' };
  if (event.type === 'charge.refunded' || event.type === 'charge.dispute') return { received: true, ...(await applyMoneyBack(s, event)) };

  // Before the event's own transaction, asking the provider (a failure answers 5xx and Stripe retries):
  // settle an open checkout of this subscription, then read the subscription's state with its ticket.
  let settled: Awaited<ReturnType<typeof settleFromProvider>> | null = null;
  let ticket = first.ticket;
  if (subscriptionId && first.openCheckout) {
    settled = await settleFromProvider(s, { subscriptionId });
    ticket = await s.tx.asService((q) => ticketIfKnown(q, subscriptionId));
  }
  const current = subscriptionId && ticket
    ? { subscription: await providerCall(() => s.payments.retrieveSubscription(subscriptionId)), ticket }
    : null;
  // Stripe's events leave out an invoice's payments (an includable field): without its payment intent the payment
  // could not be refunded nor matched to its refunds and disputes, so it is asked for.
  if (event.type === 'invoice.paid' && !event.invoice.paymentIntentId && event.invoice.amountCents > 0) {
    const { invoice } = event;
    event = { ...event, invoice: { ...invoice, paymentIntentId: await providerCall(() => s.payments.invoicePaymentIntent(invoice.id)) } };
  }

  const outcome = await s.tx.asService(async (q) => {
    const fresh = await q(
      `insert into private.processed_webhook_events (event_id, type) values ($1, $2)
       on conflict (event_id) do nothing returning event_id`,
      [event.id, event.type === 'ignored' ? event.providerType : event.type],
    );
    if (fresh.length === 0) return 'duplicate';
    return applyEvent(q, event, current, s.siteUrl);
  });
  return { received: true, outcome, ...(settled && settled !== 'no-checkout' ? { checkout: settled } : {}) };
}

/** The subscription as the provider had it, read with the ticket drawn just before asking. */
interface ProviderState { subscription: ProviderSubscription; ticket: string }

async function applyEvent(
  q: Query, event: PaymentEvent, current: ProviderState | null, siteUrl: string,
): Promise<string> {
  switch (event.type) {
    case 'subscription.changed':
      return current ? applyProviderState(q, current.subscription, current.ticket) : 'unknown-subscription';
    case 'invoice.paid': {
      const { invoice } = event;
      const [row] = await q<{ id: string; user_id: string; provider: 'test' | 'stripe' }>(
        `select id, user_id, provider from public.subscriptions where provider_subscription_id = $1`, [invoice.subscriptionId]);
      // No membership and no checkout that could become one (e.g. still processing): nothing to record yet.
      if (!row) return 'unknown-subscription';
      // The period, plan and status the payment brought, as Stripe has them now: first, so the payment and
      // its receipt name them (decision 171).
      if (current) await applyProviderState(q, current.subscription, current.ticket);
      // The credit Stripe took off is taken off the app's ledger too (decision 191), at most what it holds.
      if (invoice.creditAppliedCents > 0) {
        await takeAccountCredit(q, row.user_id, invoice.amountCents + invoice.creditAppliedCents, invoice.id, invoice.creditAppliedCents);
      }
      if (invoice.amountCents <= 0) return 'payment-recorded';
      const recorded = await recordPayment(q, {
        userId: row.user_id, subscriptionRowId: row.id, provider: row.provider,
        invoiceId: invoice.id, paymentIntentId: invoice.paymentIntentId,
        amountCents: invoice.amountCents, currency: invoice.currency, receiptSiteUrl: siteUrl,
      });
      return recorded ? 'payment-recorded' : 'payment-already-recorded';
    }
    case 'invoice.payment_failed': {
      // The state first (past_due, its grace period), then the failure if Stripe still has one (decision 171).
      if (!current) return 'unknown-subscription';
      await applyProviderState(q, current.subscription, current.ticket);
      const { invoice } = event;
      const recorded = await recordRenewalFailure(q, {
        providerSubscriptionId: invoice.subscriptionId, invoiceId: invoice.id, amountCents: invoice.amountCents,
        hostedUrl: invoice.hostedUrl, actionRequired: invoice.actionRequired, message: invoice.failureMessage,
      }, siteUrl);
      return recorded ? 'payment-failure-recorded' : 'payment-failure-over';
    }
    default:
      return 'ignored';
  }
}
