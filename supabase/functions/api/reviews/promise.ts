// The Pay Local promise (decision 191): an "offer not honoured" report the admin upholds, or that the owner left
// unanswered for 72 hours, gives the member one month of the monthly plan as account credit (at most once in 30
// days; the rule is SQL's, private.settle_offer_report); at 3 upheld reports in 90 days the admin is alerted and may
// pause the business, whose owner is told why. Mail goes through the outbox; hosted, credits go on to Stripe.
import { PLANS } from '../../_shared/constants.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';
import type { OfferReportDecisionAnswer } from '../../_shared/contract/reviews.ts';
import type { Services } from '../services.ts';
import { type Query, serviceClaims } from '../db/database.ts';
import { businessPausedMail, enqueueMail, offerReportsAlertMail, promiseCreditMail } from '../mail/index.ts';
import { carryCreditsToProvider } from '../subscriptions/index.ts';
import { offerReportById, UPHELD_ALERT_COUNT } from './reviews.ts';

/** One month of the monthly plan: what an upheld report is worth. */
export const PROMISE_CREDIT_CENTS = PLANS.monthly.priceCents;

type Settled = { report_id: string; member_id: string; merchant_id: string; upheld: boolean; credit_cents: number; upheld_in_90_days: number };
const settledColumns = 'report_id::text, member_id, merchant_id, upheld, credit_cents, upheld_in_90_days';

/** Mails what a decision brought (service role): the member's credit; the admin's alert when this one reached 3. */
async function mailSettled(q: Query, settled: Settled[], siteUrl: string): Promise<void> {
  for (const s of settled) {
    const [who] = await q<{ email: string; name: string; business: string; admin: string | null }>(
      `select p.email, p.name, m.name as business,
              (select value from private.app_settings where key = 'admin_email') as admin
         from public.profiles p, public.merchants m where p.id = $1 and m.id = $2`, [s.member_id, s.merchant_id]);
    if (!who) continue;
    if (s.credit_cents > 0) {
      await enqueueMail(q, who.email, promiseCreditMail({ name: who.name, siteUrl, businessName: who.business, creditCents: s.credit_cents }));
    }
    // Exactly at the threshold: the admin is told once, when the third upheld report lands.
    if (s.upheld && s.upheld_in_90_days === UPHELD_ALERT_COUNT && who.admin) {
      await enqueueMail(q, who.admin, offerReportsAlertMail({ siteUrl, businessName: who.business, upheld: s.upheld_in_90_days }));
    }
  }
}

/** Hosted: a credit granted goes on to Stripe now; a failure leaves it for the scheduled job, never undoes the decision. */
async function carryCredits(s: Pick<Services, 'db' | 'payments'>): Promise<void> {
  await carryCreditsToProvider(s).catch(() => undefined);
}

/** POST /api/reviews/not-honoured/{id}/decision: the admin upholds or rejects a report, once. */
export async function decideOfferReport(
  s: Pick<Services, 'tx' | 'db' | 'payments' | 'siteUrl'>, id: string, upheld: boolean, note: string | null | undefined,
): Promise<OfferReportDecisionAnswer> {
  const settled = await s.tx.asCaller((q) => q<Settled>(
    `select ${settledColumns} from private.decide_offer_report($1, $2, $3, $4)`, [id, upheld, note ?? null, PROMISE_CREDIT_CENTS]));
  await s.tx.asService((q) => mailSettled(q, settled, s.siteUrl));
  if (settled[0]?.credit_cents) await carryCredits(s);
  const report = await s.tx.asCaller((q) => offerReportById(q, id));
  return { report, alert: (settled[0]?.upheld_in_90_days ?? 0) >= UPHELD_ALERT_COUNT };
}

/** POST /api/reviews/not-honoured/business/{merchantId}/pause: the admin's one step; the owner is mailed why. */
export async function pauseReportedBusiness(
  s: Pick<Services, 'tx' | 'siteUrl'>, merchantId: string, reason: string | null | undefined,
): Promise<{ paused: true }> {
  const [owner] = await s.tx.asCaller((q) => q<{ owner_email: string; owner_name: string; business_name: string; upheld_in_90_days: number }>(
    `select owner_email, owner_name, business_name, upheld_in_90_days from private.pause_business_for_offer_reports($1, $2)`,
    [merchantId, reason ?? null]));
  if (owner) {
    await s.tx.asService((q) => enqueueMail(q, owner.owner_email, businessPausedMail({
      name: owner.owner_name, siteUrl: s.siteUrl, businessName: owner.business_name, upheld: owner.upheld_in_90_days,
      reason: reason?.trim() || null,
    })));
  }
  return { paused: true };
}

/**
 * The scheduled job (local: a loop; hosted: Supabase Cron calls POST /api/internal/promise-deadlines): upholds each
 * report naming a visit that the owner left unanswered for 72 hours, mails what that brought, and carries credits
 * still waiting to the payment provider.
 */
export async function upholdUnansweredReports(
  s: Pick<Services, 'db' | 'payments'>, siteUrl: string,
): Promise<{ upheld: number; carried: number }> {
  const settled = await s.db.transaction(serviceClaims, async (q) => {
    const rows = await q<Settled>(`select ${settledColumns} from private.uphold_unanswered_offer_reports($1)`, [PROMISE_CREDIT_CENTS]);
    await mailSettled(q, rows, siteUrl);
    return rows;
  });
  const carried = await carryCreditsToProvider(s).catch(() => 0);
  return { upheld: settled.length, carried };
}

/** Runs upholdUnansweredReports every intervalMs until stopped (the local runner; hosted: Supabase Cron). */
export function startPromiseLoop(s: Pick<Services, 'db' | 'payments'>, siteUrl: string, intervalMs = 60_000, jobs?: JobRuns) {
  return everyInterval('promise-deadlines', intervalMs, () => upholdUnansweredReports(s, siteUrl), jobs);
}
