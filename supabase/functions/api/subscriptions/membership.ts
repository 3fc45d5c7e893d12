// Membership as the API sees it: whether the caller is a member, and what a member does about it (pause, cancel,
// resume). The one definition of an active member is SQL (private.has_active_subscription in supabase/schemas/billing.sql);
// these ask it for the caller.
import type { Query } from '../db/database.ts';
import { isPass, membershipTerms, type PlanId, PLANS } from '../../_shared/constants.ts';
import type { SubscriptionDetails } from '../../_shared/contract/subscriptions.ts';
import type { AuthUser, Services } from '../services.ts';
import { enqueueMembershipChange } from '../mail/index.ts';
import { DomainError } from '../domain-error.ts';
import { providerCall } from './provider-call.ts';
import { currentSubscription } from './subscription-records.ts';

/** When the caller's active membership ends, or null without one. */
export async function callerMembershipEndsAt(q: Query): Promise<Date | null> {
  const [row] = await q<{ ends_at: Date | string | null }>(`select private.caller_membership_ends_at() as ends_at`);
  return row?.ends_at ? new Date(row.ends_at) : null;
}

// ---------------------------------------------------------------- pausing, cancelling, resuming
// A member's own membership: whether it is active, its details, and pause / cancel / resume (the provider
// first, then the row and the member's mail). SQL as the caller (RLS) to read, as service_role to write.

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'payments' | 'siteUrl'>;

export const PAUSED_MESSAGE = 'Your subscription has been paused. You can reactivate it anytime.';
export const CANCELLED_MESSAGE = 'Your subscription will end at the current billing period.';
export const RESUMED_MESSAGE = 'Your membership is active again.';

/** Whether the caller (any role, or a visitor: false) holds an active membership: private.has_active_subscription decides. */
export async function isActiveMember(q: Query): Promise<boolean> {
  const [row] = await q<{ is_active: boolean }>(`select private.has_active_subscription((select auth.uid())) as is_active`);
  return row.is_active;
}

/** The signed-in member's subscription state and what their payments gave to charity (RLS: own rows). */
export async function subscriptionDetails(q: Query): Promise<SubscriptionDetails> {
  const [row] = await q<{
    plan: PlanId | null; status: string; is_active: boolean; current_period_end: Date | string | null;
    cancel_at_period_end: boolean | null; given: number; charity_name: string | null;
    grace_ends_at: Date | string | null; open_invoice_url: string | null; payment_action_required: boolean | null;
    last_payment_error: string | null; card_label: string | null; credit: number;
  }>(
    `with me as (select (select auth.uid()) as id),
          latest as (
            select s.plan, s.current_period_end, s.cancel_at_period_end, s.grace_ends_at, s.open_invoice_url,
                   s.payment_action_required, s.last_payment_error, s.card_label
              from public.subscriptions s, me where s.user_id = me.id
             order by s.created_at desc, s.id desc limit 1)
     select l.plan, l.current_period_end, l.cancel_at_period_end, l.grace_ends_at, l.open_invoice_url,
            l.payment_action_required, l.last_payment_error, l.card_label,
            private.subscription_status_of(me.id) as status,
            private.has_active_subscription(me.id) as is_active,
            -- Net of refunds and lost disputes (the charity ledger, decision 172).
            (select coalesce(sum(l.cents), 0)::int from public.charity_ledger l join public.payments p on p.id = l.payment_id
              where p.user_id = me.id) as given,
            (select coalesce(sum(a.amount_cents), 0)::int from public.account_credits a where a.user_id = me.id) as credit,
            coalesce(
              (select ch.name from public.payments p join public.charities ch on ch.id = p.charity_id
                where p.user_id = me.id order by p.paid_at desc limit 1),
              (select ch.name from public.profiles pr
                 join public.charities ch on ch.id = coalesce(pr.preferred_charity_id,
                   (select d.id from public.charities d where d.city_id = pr.home_city_id and d.is_default
                     order by d.created_at, d.id limit 1))
                where pr.id = me.id)
            ) as charity_name
       from me left join latest l on true`,
  );
  return {
    isActive: row.is_active,
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    status: row.status as SubscriptionDetails['status'],
    paused: row.status === 'paused',
    plan: row.plan,
    planName: row.plan ? PLANS[row.plan].name : null,
    charityGivenCents: row.given,
    charityName: row.charity_name,
    graceEndsAt: row.status === 'past_due' && row.grace_ends_at ? new Date(row.grace_ends_at).toISOString() : null,
    paymentActionUrl: ['past_due', 'unpaid'].includes(row.status) && row.payment_action_required ? row.open_invoice_url : null,
    paymentError: ['past_due', 'unpaid'].includes(row.status) ? row.last_payment_error : null,
    cardLabel: row.card_label,
    isPass: row.plan ? isPass(row.plan) : false,
    terms: row.plan ? membershipTerms(row.plan, { paused: row.status === 'paused', cancelAtPeriodEnd: row.cancel_at_period_end ?? false }) : null,
    accountCreditCents: row.credit,
  };
}

/** The caller's running or paused membership, or a 404 with `refusal`. */
async function runningMembership(s: Used, refusal: string) {
  const current = await s.tx.asCaller(currentSubscription);
  if (!current || current.period_over || !['active', 'paused'].includes(current.status)) {
    throw new DomainError('not-found', refusal);
  }
  return current;
}

/**
 * Pause = Stripe pause_collection { behavior: 'void' }: no further charges, and no access while
 * paused (the member keeps the subscription and can be resumed by support).
 */
export async function pauseMembership(s: Used, user: AuthUser): Promise<void> {
  const current = await runningMembership(s, 'You have no active membership to pause.');
  if (current.cancel_at_period_end) throw new DomainError('conflict', 'Your membership is already set to end, so it cannot be paused.');
  if (current.status === 'paused') return;
  await providerCall(() => s.payments.pauseCollection(current.provider_subscription_id));
  await s.tx.asService(async (q) => {
    await q(`update public.subscriptions set status = 'paused', paused_at = now(), updated_at = now() where id = $1`, [current.id]);
    await enqueueMembershipChange(q, user.id, 'paused', null, s.siteUrl);
  });
}

/** Cancel = Stripe cancel_at_period_end: access continues until currentPeriodEnd, then ends by time. */
export async function cancelMembership(s: Used, user: AuthUser): Promise<void> {
  const current = await runningMembership(s, 'You have no active membership to cancel.');
  if (current.cancel_at_period_end) return;
  await providerCall(() => s.payments.cancelAtPeriodEnd(current.provider_subscription_id));
  await s.tx.asService(async (q) => {
    await q(`update public.subscriptions set cancel_at_period_end = true, updated_at = now() where id = $1`, [current.id]);
    await enqueueMembershipChange(q, user.id, 'cancelled', current.current_period_end, s.siteUrl);
  });
}

/**
 * Resume = undo a pause (Stripe: clear pause_collection) and/or a cancel at period end (Stripe:
 * cancel_at_period_end = false), while the paid period lasts. After it, the member subscribes again.
 */
export async function resumeMembership(s: Used, user: AuthUser): Promise<void> {
  const current = await runningMembership(s, 'You have no membership to resume. Please subscribe again.');
  const paused = current.status === 'paused';
  if (!paused && !current.cancel_at_period_end) throw new DomainError('conflict', 'Your membership is already active.');
  const { payments } = s;
  if (paused) await providerCall(() => payments.resumeCollection(current.provider_subscription_id));
  if (current.cancel_at_period_end) await providerCall(() => payments.keepSubscription(current.provider_subscription_id));
  await s.tx.asService(async (q) => {
    await q(
      `update public.subscriptions set status = 'active', paused_at = null, cancel_at_period_end = false, updated_at = now()
        where id = $1`, [current.id]);
    await enqueueMembershipChange(q, user.id, 'resumed', null, s.siteUrl);
  });
}
