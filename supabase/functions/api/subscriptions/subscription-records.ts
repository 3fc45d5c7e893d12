// SQL that keeps subscription and payment rows in step with the provider: recording what it confirmed, and
// applying its current state in order (below). Callers run it in a service_role transaction, only after the
// provider confirmed the payment or signed the event.
import { CHARITY_SHARE_BPS, type PlanId, PAYMENT_GRACE_DAYS } from '../../_shared/constants.ts';
import type { PaymentProviderKind } from '../../_shared/contract/subscriptions.ts';
import type { Query } from '../db/database.ts';
import { cardLabel, type ProviderSubscription } from '../ports/payments/payment-provider.ts';
import { enqueueReceipt } from '../mail/index.ts';
import { randomToken } from '../../_shared/tokens.ts';

/** The card the provider charges the subscription to, as the profile names it; null keeps the one known. */
const cardLabelOf = (s: ProviderSubscription) => (s.card ? cardLabel(s.card) : null);

export interface NewSubscription {
  userId: string;
  plan: PlanId;
  provider: PaymentProviderKind;
  subscription: ProviderSubscription;
}

/** Inserts the member's subscription (or returns the existing row for this provider id). */
export async function upsertSubscription(q: Query, s: NewSubscription): Promise<string> {
  const status = s.subscription.status === 'paused' ? 'paused' : 'active';
  const [row] = await q<{ id: string }>(
    `insert into public.subscriptions
       (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
        current_period_start, current_period_end, cancel_at_period_end, paused_at, card_label)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $3 = 'paused' then now() end, $10)
     on conflict (provider_subscription_id) do update set updated_at = now()
     returning id`,
    [s.userId, s.plan, status, s.provider, s.subscription.customerId, s.subscription.id,
      s.subscription.currentPeriodStart, s.subscription.currentPeriodEnd, s.subscription.cancelAtPeriodEnd,
      cardLabelOf(s.subscription)],
  );
  return row.id;
}

export interface PaidInvoice {
  userId: string;
  subscriptionRowId: string;
  provider: PaymentProviderKind;
  invoiceId: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  /** When set, a receipt is mailed for a newly recorded payment (decision 093). */
  receiptSiteUrl?: string | null;
}

/**
 * Records one paid invoice and its charity share (computed by a trigger: CHARITY_SHARE_BPS of the
 * amount for the member's charity). A replayed invoice or payment intent inserts nothing.
 */
export async function recordPayment(q: Query, p: PaidInvoice): Promise<boolean> {
  const rows = await q(
    `insert into public.payments
       (user_id, subscription_id, provider, provider_invoice_id, provider_payment_intent_id,
        amount_cents, currency, charity_share_bps, charity_share_cents, plan)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 0, (select plan from public.subscriptions where id = $2))
     on conflict do nothing
     returning id`,
    [p.userId, p.subscriptionRowId, p.provider, p.invoiceId, p.paymentIntentId, p.amountCents, p.currency, CHARITY_SHARE_BPS],
  );
  if (rows.length > 0 && p.receiptSiteUrl) await enqueueReceipt(q, (rows[0] as { id: string }).id, p.receiptSiteUrl);
  return rows.length > 0;
}

/**
 * Takes the member's account credit off a charge of dueCents (decision 191), once per provider invoice: at most
 * the balance, and at most providerApplied when the provider already took it (Stripe's customer balance). Run
 * before recordPayment: the payment then holds what was charged (dueCents less this), and a trigger links the two.
 */
export async function takeAccountCredit(
  q: Query, userId: string, dueCents: number, invoiceId: string, providerApplied: number | null = null,
): Promise<number> {
  const [row] = await q<{ used: number }>(`select private.apply_account_credit($1, $2, $3, $4) as used`,
    [userId, dueCents, invoiceId, providerApplied]);
  return row.used;
}

/**
 * Records a charge made with the built-in test provider: its credit taken off first; nothing charged, no payment.
 * Each charge has its own payment intent, as Stripe's have, so the admin can refund it (renewals, plan switches).
 */
export async function recordTestCharge(q: Query, p: Omit<PaidInvoice, 'provider' | 'paymentIntentId' | 'currency'>): Promise<void> {
  const credit = await takeAccountCredit(q, p.userId, p.amountCents, p.invoiceId);
  if (p.amountCents - credit <= 0) return;
  const paymentIntentId = `pi_test_${randomToken(12).replace(/[-_]/g, 'x')}`;
  await recordPayment(q, { ...p, provider: 'test', paymentIntentId, currency: 'usd', amountCents: p.amountCents - credit });
}

/** The latest subscription row of the signed-in user (RLS: own rows only). */
export interface CurrentSubscription {
  id: string;
  plan: PlanId;
  status: 'active' | 'paused' | 'past_due' | 'canceled';
  provider_subscription_id: string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  period_over: boolean;
}

export async function currentSubscription(q: Query): Promise<CurrentSubscription | null> {
  const [row] = await q<CurrentSubscription>(
    `select id, plan, status, provider_subscription_id, current_period_end, cancel_at_period_end,
            current_period_end <= now() as period_over
       from public.subscriptions
      where user_id = (select auth.uid())
      order by created_at desc, id desc
      limit 1`,
  );
  return row ?? null;
}

// ---------------------------------------------------------------- following the provider's state
// Subscription state from the payment provider, not from webhook order (decision 170). Stripe delivers
// events in any order, more than once, stamped in whole seconds: the webhook does not apply the object an
// event carries but retrieves the subscription and applies its current state. Each retrieval draws a
// ticket just before it asks (one sequence, so later = higher across every instance of the function); a
// state is applied only above the last ticket applied, so a slow answer that was asked first can never
// overwrite a newer one.

/** True when a membership row exists for this provider subscription (an event about anything else changes nothing). */
async function isKnownSubscription(q: Query, providerSubscriptionId: string): Promise<boolean> {
  const [row] = await q(`select 1 from public.subscriptions where provider_subscription_id = $1`, [providerSubscriptionId]);
  return Boolean(row);
}

/** A ticket drawn just before asking the provider for a subscription's state: a higher ticket asked later. */
const drawTicket = async (q: Query) =>
  (await q<{ ticket: string }>(`select nextval('private.subscription_sync_tickets')::text as ticket`))[0].ticket;

/**
 * What a webhook delivery needs to know first, in one round trip: whether the event was processed
 * already, whether a checkout of its subscription is still open (to settle first), and, for a known
 * membership, the ticket to read its state with (null: not ours, or not yet).
 */
export async function webhookPreflight(q: Query, eventId: string, providerSubscriptionId: string | null) {
  const [row] = await q<{ seen: boolean; open_checkout: boolean; known: boolean }>(
    `select exists (select 1 from private.processed_webhook_events where event_id = $1) as seen,
            exists (select 1 from private.checkouts where provider_subscription_id = $2 and completed_user_id is null) as open_checkout,
            exists (select 1 from public.subscriptions where provider_subscription_id = $2) as known`,
    [eventId, providerSubscriptionId],
  );
  const ticket = !row.seen && !row.open_checkout && row.known ? await drawTicket(q) : null;
  return { seen: row.seen, openCheckout: row.open_checkout, ticket };
}

/** The ticket to read a subscription's state with, once its checkout was settled; null when there is still no membership. */
export async function ticketIfKnown(q: Query, providerSubscriptionId: string): Promise<string | null> {
  return (await isKnownSubscription(q, providerSubscriptionId)) ? drawTicket(q) : null;
}

/**
 * The dunning columns from a state (decision 171), as SQL assignments over $2 (status), $7 (open invoice id),
 * $8 (its hosted page) and $9 (grace days): past_due keeps the grace period that started when the failure
 * was first seen; any other status clears it. The action-required flag stays only for the same open invoice.
 */
const DUNNING_FROM_STATE = `
            grace_ends_at = case when $2 = 'past_due'
                                 then coalesce(grace_ends_at, now() + make_interval(days => $9::int)) end,
            open_invoice_id = case when $2 in ('past_due', 'unpaid') then coalesce($7, open_invoice_id) end,
            open_invoice_url = case when $2 in ('past_due', 'unpaid') then coalesce($8, open_invoice_url) end,
            payment_action_required = $2 in ('past_due', 'unpaid') and payment_action_required
                                      and open_invoice_id is not distinct from coalesce($7, open_invoice_id),
            last_payment_error = case when $2 in ('past_due', 'unpaid') then last_payment_error end,
            grace_reminder_sent_at = case when $2 = 'past_due' then grace_reminder_sent_at end`;

export type SyncOutcome = 'updated' | 'stale' | 'not-applied' | 'unknown-subscription';

/**
 * Applies the provider's state of a subscription, read with `ticket`, to its row: unless a state read
 * with a higher ticket is there already ('stale'), or the subscription is still incomplete (its first
 * payment is settled by the checkout, never here). Locks the row's mark, so two deliveries for one
 * subscription apply one after the other. The row keeps the provider's period, cancel-at-period-end and
 * status; it ended when the provider says it ended.
 */
export async function applyProviderState(q: Query, s: ProviderSubscription, ticket: string): Promise<SyncOutcome> {
  if (s.status === 'incomplete') return 'not-applied';
  if (!(await isKnownSubscription(q, s.id))) return 'unknown-subscription';
  const claimed = await q(
    `insert into private.subscription_event_marks as m (provider_subscription_id, last_sync_ticket)
     values ($1, $2::bigint)
     on conflict (provider_subscription_id) do update
       set last_sync_ticket = excluded.last_sync_ticket, updated_at = now()
       where m.last_sync_ticket < excluded.last_sync_ticket
     returning provider_subscription_id`,
    [s.id, ticket],
  );
  if (claimed.length === 0) return 'stale';
  await q(
    `update public.subscriptions
        set status = $2,
            current_period_start = $3,
            current_period_end = $4,
            cancel_at_period_end = $5,
            paused_at = case when $2 = 'paused' then coalesce(paused_at, now()) end,
            canceled_at = case when $2 = 'canceled' then coalesce($6, canceled_at, now()) else canceled_at end,
            ${DUNNING_FROM_STATE},
            plan = coalesce($10, plan),
            card_label = coalesce($11, card_label),
            updated_at = now()
      where provider_subscription_id = $1`,
    [s.id, s.status, s.currentPeriodStart, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.endedAt,
      s.openInvoice?.id ?? null, s.openInvoice?.hostedUrl ?? null, PAYMENT_GRACE_DAYS, s.plan, cardLabelOf(s)],
  );
  return 'updated';
}
