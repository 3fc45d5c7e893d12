// Refunds, disputes and the admin audit log (issue 27, decision 172). The accounting is SQL
// (private.record_refund, private.record_dispute in supabase/schemas/billing.sql): each provider refund
// or dispute change is recorded once, whoever reports it first (the admin's request or the webhook),
// with a new charity ledger row for the money that went back and an audit entry.
import type { AdminDispute, AdminPayment } from '../../_shared/contract/admin-payments.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import type { Query } from '../db/database.ts';
import { conflict, invalid, notFound } from '../domain-error.ts';
import { enqueueMail, enqueueRefund, disputeOpenedMail } from '../mail/index.ts';
import type { ProviderDispute, ProviderRefund } from '../ports/payments/payment-provider.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

type PaymentRow = Omit<AdminPayment, 'paidAt' | 'returnedCents' | 'charityNetCents' | 'refundableCents'> & {
  paidAt: Date | string; returnedCents: number | string; charityNetCents: number | string;
};

const paymentColumns = `
  p.id, p.paid_at as "paidAt", coalesce(p.plan, s.plan) as plan, p.provider, private.pays_current_period(p.id) as "paysCurrentPeriod",
  (s.id is null or s.status = 'canceled') as "membershipOver", p.amount_cents as "amountCents", p.currency,
  (select coalesce(sum(-l.amount_cents), 0) from public.charity_ledger l where l.payment_id = p.id and l.kind <> 'share')::int as "returnedCents",
  (select coalesce(sum(l.cents), 0) from public.charity_ledger l where l.payment_id = p.id)::int as "charityNetCents",
  ch.name as "charityName",
  (select d.status from public.payment_disputes d where d.payment_id = p.id order by d.opened_at desc limit 1) as dispute`;
const paymentFrom = `public.payments p
  left join public.subscriptions s on s.id = p.subscription_id
  left join public.charities ch on ch.id = p.charity_id`;

const toPayment = (row: PaymentRow): AdminPayment => ({
  ...row,
  paidAt: new Date(row.paidAt).toISOString(),
  returnedCents: Number(row.returnedCents),
  refundableCents: row.amountCents - Number(row.returnedCents),
  charityNetCents: Number(row.charityNetCents),
});

/** A user's payments, newest first (as the admin: the payments policies let only the admin read them all). */
export async function userPayments(q: Query, userId: string): Promise<AdminPayment[]> {
  const [user] = await q(`select 1 from public.profiles where id = $1`, [userId]);
  if (!user) throw notFound('User not found');
  const rows = await q<PaymentRow>(`select ${paymentColumns} from ${paymentFrom} where p.user_id = $1 order by p.paid_at desc, p.id desc`, [userId]);
  return rows.map(toPayment);
}

export async function paymentById(q: Query, paymentId: string): Promise<AdminPayment> {
  const [row] = await q<PaymentRow>(`select ${paymentColumns} from ${paymentFrom} where p.id = $1`, [paymentId]);
  if (!row) throw notFound('Payment not found');
  return toPayment(row);
}

/** What the provider needs to refund a payment, and how much of it may still go back. */
export interface RefundTarget {
  payment: AdminPayment;
  /** Null for a payment recorded without it (the provider finds it by the invoice). */
  paymentIntentId: string | null;
  invoiceId: string;
  providerSubscriptionId: string | null;
  /** The amount to refund: the request's, else all that is left. */
  amountCents: number;
}

/** Checks a refund before the provider is asked: a payment of this provider, not all returned, not more than is left. */
export async function refundTarget(
  q: Query, paymentId: string, amountCents: number | undefined, providerKind: 'test' | 'stripe',
): Promise<RefundTarget> {
  const payment = await paymentById(q, paymentId);
  const [ids] = await q<{ intent: string | null; invoice: string; sub: string | null; gift: boolean }>(
    `select p.provider_payment_intent_id as intent, p.provider_invoice_id as invoice, s.provider_subscription_id as sub,
            exists (select 1 from public.gifts g where g.payment_id = p.id) as gift
       from public.payments p left join public.subscriptions s on s.id = p.subscription_id where p.id = $1`, [paymentId]);
  // A gift's payment goes back only through the gift's own refund (decision 201): it checks the gift is unredeemed
  // and marks it refunded, so it is neither mailed nor redeemed afterwards.
  if (ids.gift) throw conflict('This payment bought a gift membership: refund it from the gift list, while the gift is unredeemed.');
  if (payment.provider !== providerKind) {
    throw conflict('This payment was not made with the payment provider in use, so it cannot be refunded here.');
  }
  const left = payment.refundableCents;
  if (left <= 0) throw conflict('This payment has already been refunded in full.');
  if (payment.dispute === 'open') throw conflict('This payment is disputed: the bank decides while the dispute is open.');
  const amount = amountCents ?? left;
  if (amount > left) throw invalid(fieldMessage('amountCents', `must be at most ${left} cents (what is left of this payment)`));
  return { payment, paymentIntentId: ids.intent, invoiceId: ids.invoice, providerSubscriptionId: ids.sub, amountCents: amount };
}

export interface RecordedStep {
  outcome: 'recorded' | 'duplicate';
  amountCents?: number;
  charityCents?: number;
  membershipEnded?: boolean;
}

/** The payment a provider payment intent paid (null: not one of ours). */
export async function paymentIdByIntent(q: Query, paymentIntentId: string): Promise<string | null> {
  const [row] = await q<{ id: string }>(`select id from public.payments where provider_payment_intent_id = $1`, [paymentIntentId]);
  return row?.id ?? null;
}

/**
 * Records a provider refund once (service_role): the refund, the reversal row, the audit entry, and the member's
 * mail (issue 39) in the same transaction, so one mail per refund; pending or failed refunds wait.
 */
export async function recordRefund(
  q: Query, paymentId: string, refund: ProviderRefund, adminId: string | null, siteUrl: string,
): Promise<RecordedStep | null> {
  if (refund.status !== 'succeeded') return null;
  const [row] = await q<{ result: RecordedStep }>(
    `select private.record_refund($1, $2, $3, $4, $5, $6) as result`,
    [paymentId, refund.id, refund.amountCents, refund.reason, adminId ?? refund.adminId, refund.created]);
  // A payment recorded without its intent learns it from its refund, so the provider's later refund and dispute
  // events (which name the intent) find it.
  if (refund.paymentIntentId) {
    await q(`update public.payments set provider_payment_intent_id = $2 where id = $1 and provider_payment_intent_id is null`,
      [paymentId, refund.paymentIntentId]);
  }
  if (row.result.outcome === 'recorded') await enqueueRefund(q, refund.id, Boolean(row.result.membershipEnded), siteUrl);
  return row.result;
}

/**
 * Records a dispute's state once per change (service_role); a newly opened dispute is mailed to the admin.
 * `adminId`: who pressed a test-mode control; null for what the provider reported.
 */
export async function recordDispute(
  q: Query, paymentId: string, dispute: ProviderDispute, at: Date, adminId: string | null,
  notify: { adminEmail: string; siteUrl: string },
): Promise<RecordedStep & { status?: string }> {
  const [row] = await q<{ result: RecordedStep & { status?: string } }>(
    `select private.record_dispute($1, $2, $3, $4, $5, $6, $7) as result`,
    [paymentId, dispute.id, dispute.amountCents, dispute.reason, dispute.status, at, adminId]);
  // The evidence deadline as the provider last gave it (record_dispute keeps the dispute's state; this its date).
  if (dispute.evidenceDueBy) {
    await q(`update public.payment_disputes set evidence_due_by = $2 where provider_dispute_id = $1`, [dispute.id, dispute.evidenceDueBy]);
  }
  if (row.result.outcome === 'recorded' && dispute.status === 'open') {
    const [who] = await q<{ name: string | null; email: string | null; paid_at: Date | string }>(
      `select pr.name, pr.email, p.paid_at from public.payments p left join public.profiles pr on pr.id = p.user_id where p.id = $1`, [paymentId]);
    await enqueueMail(q, notify.adminEmail, disputeOpenedMail({
      siteUrl: notify.siteUrl, memberName: who.name, memberEmail: who.email, amountCents: dispute.amountCents,
      paidAt: isoDay(who.paid_at), reason: dispute.reason,
    }));
  }
  return row.result;
}

/** The open dispute of a payment (test-mode controls close it), or null. */
export async function openDisputeOf(q: Query, paymentId: string): Promise<{ id: string; amountCents: number } | null> {
  const [row] = await q<{ id: string; amount_cents: number }>(
    `select provider_dispute_id as id, amount_cents from public.payment_disputes where payment_id = $1 and status = 'open'`, [paymentId]);
  return row ? { id: row.id, amountCents: row.amount_cents } : null;
}

/** The provider subscription of a payment's membership (to end it there too after a full refund or a lost dispute). */
export async function providerSubscriptionOf(q: Query, paymentId: string): Promise<string | null> {
  const [row] = await q<{ sub: string }>(
    `select s.provider_subscription_id as sub from public.payments p join public.subscriptions s on s.id = p.subscription_id where p.id = $1`,
    [paymentId]);
  return row?.sub ?? null;
}

/**
 * Every dispute, for the admin (RLS: the admin only): open ones first, the nearest evidence deadline first, then
 * the closed ones newest first; each with its member and the state of the membership the payment paid for.
 */
export async function disputeList(q: Query): Promise<AdminDispute[]> {
  const rows = await q<Omit<AdminDispute, 'openedAt' | 'closedAt' | 'evidenceDueBy'> & {
    openedAt: Date | string; closedAt: Date | string | null; evidenceDueBy: Date | string | null;
  }>(
    `select d.id, d.payment_id as "paymentId", d.status, d.amount_cents as "amountCents", d.reason,
            d.opened_at as "openedAt", d.closed_at as "closedAt", d.evidence_due_by as "evidenceDueBy",
            p.user_id as "userId", pr.name as "memberName", pr.email as "memberEmail",
            case when s.id is null then null when s.suspended_at is not null then 'suspended' else s.status end as membership
       from public.payment_disputes d
       join public.payments p on p.id = d.payment_id
       left join public.profiles pr on pr.id = p.user_id
       left join public.subscriptions s on s.id = p.subscription_id
      order by (d.status = 'open') desc, d.evidence_due_by asc nulls last, d.opened_at desc, d.id
      limit 500`);
  const iso = (at: Date | string | null) => (at == null ? null : new Date(at).toISOString());
  return rows.map((r) => ({ ...r, openedAt: iso(r.openedAt)!, closedAt: iso(r.closedAt), evidenceDueBy: iso(r.evidenceDueBy) }));
}
