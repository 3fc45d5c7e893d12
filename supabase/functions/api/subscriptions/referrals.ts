// Referrals (decision 200): a member's invite link, the code a checkout carries (kept with the checkout, since the
// webhook may be what settles it, decision 070), and the scheduled 7-day check that rewards both sides with an
// account credit through decision 191's ledger. The rules (own accounts, the monthly limit, taking back) are SQL's:
// private.reward_referrals and private.take_back_referral (supabase/schemas/referrals.sql).
import type { ReferralAnswer } from '../../_shared/contract/referrals.ts';
import { type Query, serviceClaims } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { Services } from '../services.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';
import { carryCreditsToProvider } from './billing.ts';

/** Rewards one referrer may earn in a calendar month; past it, the invited member is still credited. */
export const REFERRAL_MONTHLY_LIMIT = 10;

export const UNKNOWN_REFERRAL_MESSAGE = 'We do not know that invite code. Check the link you were sent, or subscribe without it.';
export const OWN_REFERRAL_MESSAGE = 'That is your own invite link. Share it with a friend instead.';

/** The member an invite code belongs to; refused (400) when nobody has it, or when it is the caller's own. */
export async function referrerOf(q: Query, code: string, userId: string | null): Promise<string> {
  const [row] = await q<{ id: string | null }>(`select private.referrer_by_code($1) as id`, [code]);
  if (!row?.id) throw new DomainError('invalid', UNKNOWN_REFERRAL_MESSAGE);
  if (row.id === userId) throw new DomainError('invalid', OWN_REFERRAL_MESSAGE);
  return row.id;
}

/** Keeps the referrer with a started checkout (service role). */
export const holdCheckoutReferral = (q: Query, checkoutId: string, referrerId: string) =>
  q(`insert into private.checkout_referrals (checkout_id, referrer_id) values ($1, $2)`, [checkoutId, referrerId]);

/** When a checkout is settled, after its payment row: the card is noted and the referral its code asked for made. */
export const recordReferral = (q: Query, r: { checkoutId: string; userId: string; invoiceId: string; cardFingerprint: string | null }) =>
  q(`select private.record_referral($1, $2, $3, $4)`, [r.checkoutId, r.userId, r.invoiceId, r.cardFingerprint]);

/** GET /api/member/referral: the caller's code (made on first use), link and counts. */
export async function referralOf(s: Pick<Services, 'tx' | 'config' | 'siteUrl'>): Promise<ReferralAnswer> {
  const [row] = await s.tx.asCaller((q) => q<{ code: string; invited: number; rewarded: number; pending: number; earned: number }>(
    `select private.caller_referral_code() as code,
            count(*) filter (where f.referrer_id = me.id)::int as invited,
            count(*) filter (where f.referrer_id = me.id and f.status = 'rewarded' and f.referrer_credited)::int as rewarded,
            count(*) filter (where f.status = 'pending')::int as pending,
            (select coalesce(sum(a.amount_cents), 0)::int from public.account_credits a
              where a.user_id = me.id and a.reason in ('referral', 'referral_taken_back')) as earned
       from (select (select auth.uid()) as id) as me
       left join public.referrals f on f.referrer_id = me.id or f.invited_id = me.id
      group by me.id`));
  return {
    code: row!.code,
    url: `${s.siteUrl}/subscribe?ref=${row!.code}`,
    invited: row!.invited,
    rewarded: row!.rewarded,
    pendingCents: row!.pending * s.config.referralCreditCents,
    earnedCents: row!.earned,
  };
}

/**
 * The scheduled 7-day check (local: a loop; hosted: Supabase Cron calls POST /api/internal/referral-rewards): each
 * referral whose first payment has stood 7 days unrefunded and undisputed is rewarded or refused; then credits
 * granted or taken back go on to Stripe (hosted).
 */
export async function rewardReferrals(s: Pick<Services, 'db' | 'payments'>, creditCents: number): Promise<{ rewarded: number; carried: number }> {
  const rewarded = await s.db.transaction(serviceClaims, (q) => q<{ referral_id: string }>(
    `select referral_id from private.reward_referrals($1, $2)`, [creditCents, REFERRAL_MONTHLY_LIMIT]));
  const carried = await carryCreditsToProvider(s).catch(() => 0);
  return { rewarded: rewarded.length, carried };
}

/**
 * The built-in test provider's control (POST /api/test-payments/referral-week): the 7 days of the caller's pending
 * referral (as the invited member) pass now — its first payment is moved 7 days back — and the check runs.
 */
export async function passTestReferralWeek(s: Pick<Services, 'db' | 'payments' | 'config' | 'user'>): Promise<{ rewarded: number }> {
  await s.db.transaction(serviceClaims, (q) => q(
    `update public.payments p set paid_at = p.paid_at - interval '7 days'
       from public.referrals f
      where f.invited_id = $1 and f.status = 'pending' and p.id = f.payment_id`, [s.user!.id]));
  return { rewarded: (await rewardReferrals(s, s.config.referralCreditCents)).rewarded };
}

/** Runs rewardReferrals every intervalMs until stopped (the local runner; hosted: Supabase Cron). */
export function startReferralLoop(s: Pick<Services, 'db' | 'payments'>, creditCents: number, intervalMs = 60_000, jobs?: JobRuns) {
  return everyInterval('referral-rewards', intervalMs, () => rewardReferrals(s, creditCents), jobs);
}
