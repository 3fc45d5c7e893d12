// Mail about payments, memberships and businesses, each enqueued in the transaction of its cause
// (decision 093). Recipients and details are read in that transaction.
import { planTerms, PLANS, type PlanId } from '../../_shared/constants.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import type { Query } from '../db/database.ts';
import { membershipChangeMail, merchantApprovedMail, merchantDeletedMail, receiptMail } from './templates.ts';
import { enqueueMail } from './outbox.ts';

/** A receipt for one recorded payment (service_role): plan, period, amount and the charity's 10%. */
export async function enqueueReceipt(q: Query, paymentId: string, siteUrl: string): Promise<void> {
  const [row] = await q<{
    email: string; name: string; plan: PlanId; amount_cents: number; charity_share_cents: number;
    charity_name: string | null; current_period_start: Date | string; current_period_end: Date | string;
  }>(
    `select p.email, p.name, s.plan, pay.amount_cents, pay.charity_share_cents, ch.name as charity_name,
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
