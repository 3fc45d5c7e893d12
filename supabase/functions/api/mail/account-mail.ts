// Mail about payments, memberships and businesses, each enqueued in the transaction of its cause
// (decision 093). Recipients and details are read in that transaction.
import { planTerms, PLANS, type PlanId } from '../../_shared/constants.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import type { Query } from '../db/database.ts';
import { membershipChangeMail, merchantApprovedMail, merchantDeletedMail, receiptMail, refundMail } from './templates.ts';
import { enqueueMail } from './outbox.ts';

/** A receipt for one recorded payment (service_role): plan, period, amount and the charity's 10%. */
export async function enqueueReceipt(q: Query, paymentId: string, siteUrl: string): Promise<void> {
  const [row] = await q<{
    email: string; name: string; plan: PlanId; amount_cents: number; charity_share_cents: number;
    charity_name: string | null; current_period_start: Date | string; current_period_end: Date | string;
  }>(
    `select p.email, p.name, coalesce(pay.plan, s.plan) as plan, pay.amount_cents, pay.charity_share_cents, ch.name as charity_name,
            s.current_period_start, s.current_period_end
       from public.payments pay
       join public.profiles p on p.id = pay.user_id
       join public.subscriptions s on s.id = pay.subscription_id
       left join public.charities ch on ch.id = pay.charity_id
      where pay.id = $1`,
    [paymentId],
  );
  if (!row) return;
  await enqueueMail(q, row.email, receiptMail({
    name: row.name, siteUrl, planLabel: PLANS[row.plan]?.label ?? row.plan, amountCents: row.amount_cents,
    charityCents: row.charity_share_cents, charityName: row.charity_name,
    periodStart: isoDay(row.current_period_start), periodEnd: isoDay(row.current_period_end), terms: planTerms(row.plan),
    receiptPath: `/receipts/${paymentId}`,
  }));
}

/**
 * A refund, to the member (service_role), in the transaction that recorded it: private.record_refund records each
 * provider refund once, whoever reports it first (the admin's request or the webhook), so this runs once per refund.
 */
export async function enqueueRefund(
  q: Query, providerRefundId: string, membershipEnded: boolean, siteUrl: string,
): Promise<void> {
  const [row] = await q<{
    email: string; name: string; plan: PlanId; amount_cents: number; paid_cents: number; paid_at: Date | string;
    reason: string | null; charity_cents: number; charity_name: string | null; payment_id: string;
  }>(
    `select pr.email, pr.name, coalesce(pay.plan, s.plan) as plan, r.amount_cents, pay.amount_cents as paid_cents,
            pay.paid_at, r.reason, ch.name as charity_name, pay.id as payment_id,
            coalesce((select -l.cents from public.charity_ledger l where l.kind = 'refund' and l.source_id = r.provider_refund_id), 0) as charity_cents
       from public.payment_refunds r
       join public.payments pay on pay.id = r.payment_id
       join public.profiles pr on pr.id = pay.user_id
       left join public.subscriptions s on s.id = pay.subscription_id
       left join public.charities ch on ch.id = pay.charity_id
      where r.provider_refund_id = $1`,
    [providerRefundId],
  );
  if (!row) return;
  await enqueueMail(q, row.email, refundMail({
    name: row.name, siteUrl, amountCents: row.amount_cents, paidCents: row.paid_cents, paidAt: isoDay(row.paid_at),
    planLabel: PLANS[row.plan]?.label ?? row.plan, reason: row.reason, charityCents: Number(row.charity_cents),
    charityName: row.charity_name, membershipEnded, receiptPath: `/receipts/${row.payment_id}`,
  }));
}

/** Cancellation, pause or resume confirmation to the member (their own address). */
export async function enqueueMembershipChange(
  q: Query, userId: string, change: 'cancelled' | 'paused' | 'resumed', until: Date | string | null, siteUrl: string,
): Promise<void> {
  const [p] = await q<{ email: string; name: string }>(`select email, name from public.profiles where id = $1`, [userId]);
  if (p) await enqueueMail(q, p.email, membershipChangeMail({ name: p.name, siteUrl, change, until: until ? isoDay(until) : null }));
}

/** Approval mail to the business owner (the admin's transaction). */
export async function enqueueMerchantApproved(q: Query, merchantId: string, siteUrl: string): Promise<void> {
  const [m] = await q<{ email: string; owner: string; business: string }>(
    `select p.email, p.name as owner, m.name as business
       from public.merchants m join public.profiles p on p.id = m.owner_user_id where m.id = $1`, [merchantId]);
  if (m) await enqueueMail(q, m.email, merchantApprovedMail({ name: m.owner, businessName: m.business, siteUrl }));
}

/** Read before a business is deleted; the polite mail is enqueued in the same transaction as the delete. */
export async function merchantDeletionMail(q: Query, merchantId: string) {
  const [m] = await q<{ email: string; owner: string; business: string }>(
    `select p.email, p.name as owner, m.name as business
       from public.merchants m join public.profiles p on p.id = m.owner_user_id where m.id = $1`, [merchantId]);
  return m ? (siteUrl: string) => enqueueMail(q, m.email, merchantDeletedMail({ name: m.owner, businessName: m.business, siteUrl })) : null;
}
