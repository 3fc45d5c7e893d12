// The member's money in view (issue 39): every charge with the plan it really paid for and its period, every refund
// and lost dispute as its own line with the charity share that went back, every account credit (decision 191), and
// sums that add up. Read as the caller (RLS: own rows); the ledgers are the accounting's own tables, so the profile,
// the receipt page and /impact cannot disagree.
import { PLANS, planTerms, type PlanId } from '../../_shared/constants.ts';
import type {
  ChargeLine, PaymentLine, PaymentsAnswer, ReceiptAnswer, RefundLine,
} from '../../_shared/contract/subscriptions.ts';
import type { Query } from '../db/database.ts';
import { periodEnd } from '../ports/payments/billing-period.ts';
import { PRODUCT_NAME } from '../mail/index.ts';

/** The in-app receipt page of a payment (the receipt mail links here). */
export const receiptPath = (paymentId: string) => `/receipts/${paymentId}`;

interface ChargeRow {
  id: string; paid_at: Date | string; amount_cents: number; currency: string; plan: PlanId;
  charity_share_cents: number; charity_net_cents: number; charity_name: string | null; credit_applied_cents: number;
}

const chargeSelect = `
  select p.id, p.paid_at, p.amount_cents, p.currency, coalesce(p.plan, s.plan) as plan, p.charity_share_cents,
         (select coalesce(sum(l.cents), 0) from public.charity_ledger l where l.payment_id = p.id)::int as charity_net_cents,
         ch.name as charity_name,
         (select coalesce(sum(-a.amount_cents), 0) from public.account_credits a
           where a.applied_payment_id = p.id and a.reason = 'payment')::int as credit_applied_cents
    from public.payments p
    left join public.subscriptions s on s.id = p.subscription_id
    left join public.charities ch on ch.id = p.charity_id`;

/**
 * A charge's period: it starts when it was paid (a first payment, a renewal, a plan switch all start a period then,
 * decision 171) and runs one period of the plan it paid for, counted as the provider counts it.
 */
function chargeLine(r: ChargeRow): ChargeLine {
  const start = new Date(r.paid_at);
  return {
    kind: 'charge', id: `charge:${r.id}`, paymentId: r.id, at: start.toISOString(), amountCents: r.amount_cents,
    currency: r.currency, plan: r.plan, planLabel: PLANS[r.plan].label,
    periodStart: start.toISOString(), periodEnd: periodEnd(start, r.plan).toISOString(),
    charityShareCents: r.charity_share_cents, charityNetCents: Number(r.charity_net_cents), charityName: r.charity_name,
    creditAppliedCents: Number(r.credit_applied_cents), receiptPath: receiptPath(r.id),
  };
}

interface ReturnRow {
  id: string; payment_id: string; kind: 'refund' | 'chargeback'; at: Date | string; amount_cents: number;
  reason: string | null; charity_cents: number; plan: PlanId;
}

/** Refunds (payment_refunds, with their reason) and lost disputes (their ledger row: members do not read disputes). */
const returnsSelect = `
  select r.id::text, r.payment_id, 'refund' as kind, r.refunded_at as at, r.amount_cents, r.reason,
         coalesce((select l.cents from public.charity_ledger l where l.kind = 'refund' and l.source_id = r.provider_refund_id), 0) as charity_cents,
         coalesce(p.plan, s.plan) as plan
    from public.payment_refunds r
    join public.payments p on p.id = r.payment_id
    left join public.subscriptions s on s.id = p.subscription_id
   where p.user_id = (select auth.uid()) and ($1::uuid is null or p.id = $1)
  union all
  select l.id::text, l.payment_id, 'chargeback', l.booked_at, -l.amount_cents, 'Your bank decided a dispute for you', l.cents,
         coalesce(p.plan, s.plan)
    from public.charity_ledger l
    join public.payments p on p.id = l.payment_id
    left join public.subscriptions s on s.id = p.subscription_id
   where l.kind = 'dispute_lost' and p.user_id = (select auth.uid()) and ($1::uuid is null or p.id = $1)`;

const returnLine = (r: ReturnRow): RefundLine => ({
  kind: r.kind, id: `${r.kind}:${r.id}`, paymentId: r.payment_id, at: new Date(r.at).toISOString(),
  amountCents: r.amount_cents, reason: r.reason, charityCents: Number(r.charity_cents), planLabel: PLANS[r.plan].label,
});

/** What a credit row says to the member (public.account_credits' reasons); a reason not named here reads as account credit. */
const CREDIT_WORDS: Record<string, string> = {
  offer_not_honoured: 'Credit: a business did not honour a Pay Local offer',
  payment: 'Credit taken off a payment',
  referral: 'Credit: a member you invited joined',
  referral_taken_back: 'Referral credit taken back: the invited member\'s first payment was refunded or disputed',
};

/** GET /api/subscription/payments: every line, newest first, and the sums the lines add up to. */
export async function paymentLines(q: Query): Promise<PaymentsAnswer> {
  const charges = (await q<ChargeRow>(`${chargeSelect} where p.user_id = (select auth.uid()) order by p.paid_at desc limit 200`)).map(chargeLine);
  const returns = (await q<ReturnRow>(returnsSelect, [null])).map(returnLine);
  const credits = await q<{ id: string; created_at: Date | string; amount_cents: number; reason: string; applied_payment_id: string | null }>(
    `select a.id::text, a.created_at, a.amount_cents, a.reason, a.applied_payment_id
       from public.account_credits a where a.user_id = (select auth.uid()) order by a.created_at desc limit 200`);
  const lines: PaymentLine[] = [
    ...charges, ...returns,
    ...credits.map((c): PaymentLine => ({
      kind: 'credit', id: `credit:${c.id}`, at: new Date(c.created_at).toISOString(), amountCents: c.amount_cents,
      description: CREDIT_WORDS[c.reason] ?? 'Account credit', paymentId: c.applied_payment_id,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
  const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
  const chargedCents = sum(charges.map((c) => c.amountCents));
  const returnedCents = sum(returns.map((r) => r.amountCents));
  return {
    lines,
    totals: {
      chargedCents, returnedCents, paidCents: chargedCents - returnedCents,
      charityCents: sum(charges.map((c) => c.charityShareCents)) + sum(returns.map((r) => r.charityCents)),
      creditCents: sum(credits.map((c) => c.amount_cents)),
    },
  };
}

/** One of the caller's payments as a receipt, or null when it is not theirs (the route answers 404). */
export async function receiptOf(q: Query, paymentId: string, platform: { url: string; email: string }): Promise<ReceiptAnswer | null> {
  const [row] = await q<ChargeRow>(`${chargeSelect} where p.id = $1 and p.user_id = (select auth.uid())`, [paymentId]);
  if (!row) return null;
  const [member] = await q<{ name: string }>(`select name from public.profiles where id = (select auth.uid())`);
  const charge = chargeLine(row);
  const returns = (await q<ReturnRow>(`${returnsSelect} order by at`, [paymentId])).map(returnLine);
  return {
    platform: { name: PRODUCT_NAME, email: platform.email, url: platform.url.replace(/\/+$/, '') },
    memberName: member?.name ?? '', charge, returns,
    paidCents: charge.amountCents - returns.reduce((total, r) => total + r.amountCents, 0),
    terms: planTerms(row.plan),
  };
}

