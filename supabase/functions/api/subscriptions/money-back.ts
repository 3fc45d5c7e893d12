// Money going back, reported by Stripe (decision 172): charge.refunded (the app's own refunds and those
// made in Stripe's Dashboard) and charge.dispute.created/closed. Each provider refund or dispute change
// is recorded once, whoever reports it first; a delivery is processed once (its event id, in the same
// transaction as its effects, so a failure is retried by Stripe).
import type { Services } from '../services.ts';
import { providerCall } from './provider-call.ts';
import { paymentIdByIntent, providerSubscriptionOf, recordDispute, recordRefund, type RecordedStep } from './refunds.ts';
import type { PaymentEvent } from '../ports/payments/payment-provider.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'payments' | 'config' | 'siteUrl'>;

type MoneyBackEvent = Extract<PaymentEvent, { type: 'charge.refunded' | 'charge.dispute' }>;

export async function applyMoneyBack(s: Used, event: MoneyBackEvent): Promise<{ outcome: string }> {
  const { payments, config } = s;
  const paymentIntentId = event.type === 'charge.refunded' ? event.paymentIntentId : event.dispute.paymentIntentId;
  const paymentId = await s.tx.asService((q) => paymentIdByIntent(q, paymentIntentId));
  // The charge's refunds as Stripe has them now (a charge.refunded event does not list them).
  const refunds = paymentId && event.type === 'charge.refunded'
    ? await providerCall(() => payments.listRefunds({ chargeId: event.chargeId, paymentIntentId }))
    : [];
  const result = await s.tx.asService(async (q) => {
    const fresh = await q(
      `insert into private.processed_webhook_events (event_id, type) values ($1, $2)
       on conflict (event_id) do nothing returning event_id`, [event.id, event.type]);
    if (fresh.length === 0) return { outcome: 'duplicate', ended: false };
    if (!paymentId) return { outcome: 'unknown-payment', ended: false };
    const steps: (RecordedStep | null)[] = [];
    if (event.type === 'charge.dispute') {
      steps.push(await recordDispute(q, paymentId, event.dispute, event.created, null, { adminEmail: config.adminEmail, siteUrl: s.siteUrl }));
    }
    for (const refund of refunds) steps.push(await recordRefund(q, paymentId, refund, null, s.siteUrl));
    const recorded = steps.filter((s) => s?.outcome === 'recorded');
    return {
      outcome: recorded.length > 0 ? (event.type === 'charge.refunded' ? 'refund-recorded' : 'dispute-recorded') : 'already-recorded',
      ended: recorded.some((s) => s?.membershipEnded),
    };
  });
  // All of the payment went back: the membership ended here; end it at Stripe too, or it would renew.
  if (result.ended && paymentId) {
    const sub = await s.tx.asService((q) => providerSubscriptionOf(q, paymentId));
    if (sub) await providerCall(() => payments.cancelNow(sub));
  }
  return { outcome: result.outcome };
}
