// SQL that keeps subscription and payment rows in step with the provider. Callers run it in a
// service_role transaction, only after the provider confirmed the payment or signed the event.
import { CHARITY_SHARE_BPS, type PlanId } from '../../_shared/constants.ts';
import type { PaymentProviderKind } from '../../_shared/contract/subscriptions.ts';
import type { Query } from '../db/database.ts';
import type { ProviderSubscription } from '../ports/payments/payment-provider.ts';
import { enqueueReceipt } from '../mail/index.ts';

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
        current_period_start, current_period_end, cancel_at_period_end, paused_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $3 = 'paused' then now() end)
     on conflict (provider_subscription_id) do update set updated_at = now()
     returning id`,
    [s.userId, s.plan, status, s.provider, s.subscription.customerId, s.subscription.id,
      s.subscription.currentPeriodStart, s.subscription.currentPeriodEnd, s.subscription.cancelAtPeriodEnd],
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
