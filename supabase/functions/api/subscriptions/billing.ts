// Billing after the first payment (decision 171): failed renewals and their grace period, 3-D Secure at
// renewal, the saved card, payment history and receipts, plan changes, and the reminder mails. Access
// itself is decided by SQL alone (private.has_active_subscription → private.subscription_access_until).
import { isPass, PAYMENT_GRACE_DAYS, PLANS, type PlanId } from '../../_shared/constants.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import type { PaymentProviderKind } from '../../_shared/contract/subscriptions.ts';
import { type Database, type Query, serviceClaims } from '../db/database.ts';
import { periodEnd } from '../ports/payments/billing-period.ts';
import { randomToken } from '../../_shared/tokens.ts';
import { enqueueMail, graceEndingMail, passEndingMail, renewalFailedMail } from '../mail/index.ts';
import { recordTestCharge } from './subscription-records.ts';
import { providerCall } from './provider-call.ts';
import type { Services } from '../services.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';

/** The member's latest subscription with its billing state (RLS: the caller's own rows). */
export interface BillingRow {
  id: string;
  user_id: string;
  plan: PlanId;
  status: 'active' | 'paused' | 'past_due' | 'unpaid' | 'canceled';
  provider: PaymentProviderKind;
  provider_customer_id: string;
  provider_subscription_id: string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  grace_ends_at: Date | string | null;
  open_invoice_id: string | null;
  open_invoice_url: string | null;
  payment_action_required: boolean;
  last_payment_error: string | null;
  card_label: string | null;
  period_over: boolean;
  has_access: boolean;
}

export async function latestBilling(q: Query): Promise<BillingRow | null> {
  const [row] = await q<BillingRow>(
    `select s.id, s.user_id, s.plan, s.status, s.provider, s.provider_customer_id, s.provider_subscription_id,
            s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.grace_ends_at,
            s.open_invoice_id, s.open_invoice_url, s.payment_action_required, s.last_payment_error, s.card_label,
            s.current_period_end <= now() as period_over,
            s.suspended_at is null and coalesce(private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at) > now(), false) as has_access
       from public.subscriptions s
      where s.user_id = (select auth.uid())
      order by s.created_at desc, s.id desc
      limit 1`,
  );
  return row ?? null;
}

export interface RenewalFailure {
  providerSubscriptionId: string;
  invoiceId: string;
  amountCents: number;
  hostedUrl: string | null;
  actionRequired: boolean;
  message: string | null;
}

/**
 * Records a failed (or 3-D Secure) renewal on a subscription that is past_due or unpaid by now (the state
 * was applied first: a failure Stripe already recovered from changes nothing), and mails the member once
 * per invoice. Service role.
 */
export async function recordRenewalFailure(q: Query, f: RenewalFailure, siteUrl: string): Promise<boolean> {
  const [row] = await q<{ user_id: string; grace_ends_at: Date | string | null; mail: boolean; open_invoice_url: string | null; action: boolean }>(
    `with before as (
       select id, failure_mailed_invoice_id from public.subscriptions
        where provider_subscription_id = $1 and status in ('past_due', 'unpaid') for update)
     update public.subscriptions s
        set open_invoice_id = $2,
            open_invoice_url = coalesce($3, case when s.open_invoice_id = $2 then s.open_invoice_url end),
            payment_action_required = $4 or (s.open_invoice_id = $2 and s.payment_action_required),
            last_payment_error = coalesce($5, s.last_payment_error),
            failure_mailed_invoice_id = $2,
            updated_at = now()
       from before
      where s.id = before.id
      returning s.user_id, s.grace_ends_at, s.open_invoice_url, s.payment_action_required as action,
                before.failure_mailed_invoice_id is distinct from $2 as mail`,
    [f.providerSubscriptionId, f.invoiceId, f.hostedUrl, f.actionRequired, f.message?.slice(0, 300) ?? null],
  );
  if (!row) return false;
  if (row.mail) {
    const [p] = await q<{ email: string; name: string }>(`select email, name from public.profiles where id = $1`, [row.user_id]);
    if (p) {
      await enqueueMail(q, p.email, renewalFailedMail({
        name: p.name, siteUrl, amountCents: f.amountCents,
        graceEnds: row.grace_ends_at ? isoDay(row.grace_ends_at) : 'today',
        actionUrl: row.action ? (row.open_invoice_url ?? `${siteUrl.replace(/\/+$/, '')}/profile`) : null,
        reason: f.message,
      }));
    }
  }
  return true;
}

export const OWES_RENEWAL_MESSAGE = 'Your renewal is waiting for payment: update your card on your profile to pay it.';

/** True while the member's latest subscription has an unpaid renewal (past_due or unpaid). Service role. */
export async function owesRenewal(q: Query, userId: string): Promise<boolean> {
  const [row] = await q<{ owes: boolean }>(
    `select coalesce((select s.status in ('past_due', 'unpaid') from public.subscriptions s
                       where s.user_id = $1 order by s.created_at desc, s.id desc limit 1), false) as owes`,
    [userId],
  );
  return row.owes;
}

const testInvoiceId = () => `in_test_${randomToken(12).replace(/[-_]/g, 'x')}`;

/** The built-in test provider's stand-in for Stripe's hosted invoice page (3-D Secure). */
export const testInvoicePath = (invoiceId: string) => `/test-payments/invoice/${encodeURIComponent(invoiceId)}`;

/**
 * The test-mode control (built-in test payments only, decision 171): the member's next renewal happens now
 * and succeeds, fails (card declined), or waits for 3-D Secure, as Stripe's renewal would: the period moves
 * on; a success records the payment (and its receipt); a failure makes the subscription past_due with its
 * grace period and mails the member. Service role.
 */
export async function renewTestSubscription(
  q: Query, row: Pick<BillingRow, 'id' | 'user_id' | 'plan' | 'provider_subscription_id'>,
  outcome: 'succeed' | 'fail' | 'action', siteUrl: string,
): Promise<void> {
  const start = new Date();
  const end = periodEnd(start, row.plan);
  const invoiceId = testInvoiceId();
  const failed = outcome !== 'succeed';
  await q(
    `update public.subscriptions
        set status = $2, current_period_start = $3, current_period_end = $4,
            grace_ends_at = case when $2 = 'past_due' then now() + make_interval(days => $5::int) end,
            open_invoice_id = null, open_invoice_url = null, payment_action_required = false,
            last_payment_error = null, grace_reminder_sent_at = null, updated_at = now()
      where id = $1`,
    [row.id, failed ? 'past_due' : 'active', start, end, PAYMENT_GRACE_DAYS],
  );
  if (!failed) {
    await recordTestCharge(q, {
      userId: row.user_id, subscriptionRowId: row.id, invoiceId, amountCents: PLANS[row.plan].priceCents, receiptSiteUrl: siteUrl,
    });
    return;
  }
  await recordRenewalFailure(q, {
    providerSubscriptionId: row.provider_subscription_id, invoiceId, amountCents: PLANS[row.plan].priceCents,
    hostedUrl: outcome === 'action' ? `${siteUrl.replace(/\/+$/, '')}${testInvoicePath(invoiceId)}` : null,
    actionRequired: outcome === 'action',
    message: outcome === 'fail' ? 'Your card was declined.' : null,
  }, siteUrl);
}

/**
 * The open renewal invoice is paid (test provider: the retry, the test 3-D Secure page, or a new card):
 * the payment is recorded and the subscription is active again for the period it already has. Service role.
 */
export async function settleOpenTestInvoice(
  q: Query, row: Pick<BillingRow, 'id' | 'user_id' | 'plan' | 'open_invoice_id'>, siteUrl: string,
): Promise<void> {
  if (!row.open_invoice_id) return;
  await recordTestCharge(q, {
    userId: row.user_id, subscriptionRowId: row.id, invoiceId: row.open_invoice_id,
    amountCents: PLANS[row.plan].priceCents, receiptSiteUrl: siteUrl,
  });
  await q(
    `update public.subscriptions
        set status = 'active', grace_ends_at = null, open_invoice_id = null, open_invoice_url = null,
            payment_action_required = false, last_payment_error = null, grace_reminder_sent_at = null,
            updated_at = now()
      where id = $1`,
    [row.id],
  );
}

/** The card the member saved, for the profile. Service role. */
export async function saveCardLabel(q: Query, subscriptionRowId: string, label: string): Promise<void> {
  await q(`update public.subscriptions set card_label = $2, updated_at = now() where id = $1`, [subscriptionRowId, label.slice(0, 60)]);
}

/** The test provider's plan change: the proration is charged now and the new plan's period starts now. */
export async function changeTestPlan(
  q: Query, row: Pick<BillingRow, 'id' | 'user_id'>, plan: PlanId, amountDueCents: number, siteUrl: string,
): Promise<void> {
  const start = new Date();
  await q(
    `update public.subscriptions set plan = $2, current_period_start = $3, current_period_end = $4, updated_at = now()
      where id = $1`,
    [row.id, plan, start, periodEnd(start, plan)],
  );
  if (amountDueCents > 0) {
    await recordTestCharge(q, {
      userId: row.user_id, subscriptionRowId: row.id, invoiceId: testInvoiceId(), amountCents: amountDueCents, receiptSiteUrl: siteUrl,
    });
  }
}

/** The plan of a subscription after a provider plan change (the provider's state is applied separately). */
export async function setPlan(q: Query, subscriptionRowId: string, plan: PlanId): Promise<void> {
  await q(`update public.subscriptions set plan = $2, updated_at = now() where id = $1`, [subscriptionRowId, plan]);
}

/** Mails due reminders once each (decision 171): a grace period ending within 2 days, a pass ending within a day. */
export async function sendBillingReminders(db: Database, siteUrl: string): Promise<{ graceEnding: number; passEnding: number }> {
  return db.transaction(serviceClaims, async (q) => {
    const grace = await q<{ email: string; name: string; grace_ends_at: Date | string }>(
      `with due as (
         select s.id from public.subscriptions s
          where s.status = 'past_due' and s.grace_reminder_sent_at is null
            and s.grace_ends_at > now() and s.grace_ends_at <= now() + interval '2 days'
          for update skip locked)
       update public.subscriptions s set grace_reminder_sent_at = now()
         from due, public.profiles p
        where s.id = due.id and p.id = s.user_id
        returning p.email, p.name, s.grace_ends_at`,
    );
    for (const g of grace) {
      await enqueueMail(q, g.email, graceEndingMail({ name: g.name, siteUrl, graceEnds: isoDay(g.grace_ends_at) }));
    }
    const passes = await q<{ email: string; name: string; plan: PlanId; current_period_end: Date | string }>(
      `with due as (
         select s.id from public.subscriptions s
          where s.status = 'active' and s.cancel_at_period_end and s.plan = any($1::text[])
            and s.current_period_end > now() and s.current_period_end <= now() + interval '1 day'
            and s.pass_end_reminder_for is distinct from s.current_period_end
          for update skip locked)
       update public.subscriptions s set pass_end_reminder_for = s.current_period_end
         from due, public.profiles p
        where s.id = due.id and p.id = s.user_id
        returning p.email, p.name, s.plan, s.current_period_end`,
      [PLAN_PASSES],
    );
    for (const p of passes) {
      await enqueueMail(q, p.email, passEndingMail({ name: p.name, siteUrl, planLabel: PLANS[p.plan].label, endsAt: isoDay(p.current_period_end) }));
    }
    return { graceEnding: grace.length, passEnding: passes.length };
  });
}

const PLAN_PASSES = (Object.keys(PLANS) as PlanId[]).filter(isPass);

/**
 * Runs sendBillingReminders every intervalMs until stopped (the local runner; hosted: Supabase Cron). With `jobs`,
 * each run is noted for the operator's console (decision 195).
 */
export function startBillingReminderLoop(db: Database, siteUrl: string, intervalMs = 60_000, jobs?: JobRuns) {
  return everyInterval('billing-reminders', intervalMs, () => sendBillingReminders(db, siteUrl), jobs);
}

/**
 * Hosted: carries granted account credits (decision 191) to Stripe as customer balance credits, which Stripe takes
 * off the member's next invoices (invoice.paid then reports what it took, and the ledger follows). Credits of a
 * member without a Stripe customer wait here; the scheduled promise job calls this again. The built-in test
 * provider answers null: its charges take credit from the ledger themselves.
 */
export async function carryCreditsToProvider(s: Pick<Services, 'db' | 'payments'>): Promise<number> {
  if (s.payments.kind !== 'stripe') return 0;
  const due = await s.db.transaction(serviceClaims, (q) => q<{ id: string; amount_cents: number; customer: string }>(
    `select a.id::text, a.amount_cents,
            (select sub.provider_customer_id from public.subscriptions sub
              where sub.user_id = a.user_id and sub.provider = 'stripe' order by sub.created_at desc, sub.id desc limit 1) as customer
       from public.account_credits a
      where (a.amount_cents > 0 or a.reason = 'referral_taken_back') and a.provider_credit_id is null
      order by a.created_at, a.id limit 50`));
  let carried = 0;
  for (const credit of due) {
    if (!credit.customer) continue;
    // A referral reward taken back (decision 200) is a negative row: Stripe gets it as a debit of the same size.
    const providerId = await providerCall(() => s.payments.creditCustomerBalance({
      customerId: credit.customer, amountCents: credit.amount_cents,
      description: credit.amount_cents > 0 ? 'Pay Local account credit' : 'Pay Local referral credit taken back',
      idempotencyKey: `paylocal-account-credit-${credit.id}`,
    }));
    if (!providerId) continue;
    await s.db.transaction(serviceClaims, (q) => q(`select private.note_provider_credit($1, $2)`, [credit.id, providerId]));
    carried++;
  }
  return carried;
}
