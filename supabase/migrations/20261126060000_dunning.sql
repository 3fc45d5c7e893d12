-- Failed renewals (dunning), 3-D Secure at renewal, passes that do not renew (decision 171).
-- A renewal that fails leaves the subscription past_due while Stripe's Smart Retries run: the member keeps
-- access until grace_ends_at (7 days after the failure was first seen), then loses it; Stripe's 'unpaid'
-- (retries exhausted, subscription kept) and 'canceled' end access at once. One rule decides access:
-- private.subscription_access_until(status, current_period_end, grace_ends_at), which
-- private.has_active_subscription and private.caller_membership_ends_at both use.

alter table public.subscriptions drop constraint if exists subscriptions_status_check;
alter table public.subscriptions add constraint subscriptions_status_check
  check (status in ('active', 'paused', 'past_due', 'unpaid', 'canceled'));

alter table public.subscriptions
  add column grace_ends_at timestamptz,
  add column open_invoice_id text,
  add column open_invoice_url text,
  add column payment_action_required boolean not null default false,
  add column last_payment_error text,
  add column failure_mailed_invoice_id text,
  add column grace_reminder_sent_at timestamptz,
  add column pass_end_reminder_for timestamptz,
  add column card_label text;
comment on column public.subscriptions.grace_ends_at is
  'past_due only: access lasts until then (7 days after the failed renewal was first seen, decision 171); null otherwise.';
comment on column public.subscriptions.open_invoice_id is 'The unpaid renewal invoice while past_due (Stripe invoice id), else null.';
comment on column public.subscriptions.open_invoice_url is 'Stripe''s hosted page of the open invoice (pay or complete 3-D Secure), else null.';
comment on column public.subscriptions.payment_action_required is 'True while the open invoice waits for the member to authenticate (3-D Secure).';
comment on column public.subscriptions.last_payment_error is 'The provider''s message for the last failed renewal attempt (no card details).';
comment on column public.subscriptions.failure_mailed_invoice_id is 'The open invoice whose failure mail was sent (one mail per failed invoice).';
comment on column public.subscriptions.grace_reminder_sent_at is 'When the "access ends soon" mail of the current grace period was sent.';
comment on column public.subscriptions.pass_end_reminder_for is 'The period end whose "your pass ends tomorrow" mail was sent.';
comment on column public.subscriptions.card_label is 'The card the member last saved (brand and last 4 digits only), for the profile.';

-- ---------------------------------------------------------------- the one access rule
create or replace function private.subscription_access_until(
  status text, current_period_end timestamptz, grace_ends_at timestamptz
) returns timestamptz
language sql immutable
set search_path = ''
as $$
  select case status
           when 'active' then current_period_end
           when 'past_due' then grace_ends_at
         end
$$;
comment on function private.subscription_access_until(text, timestamptz, timestamptz) is
  'Until when a subscription grants access: active → its period end; past_due → the end of its grace period; else never (decision 171).';

-- private.has_active_subscription and private.caller_membership_ends_at read it; their one current definition
-- (with the dispute suspension of decision 172) is in 20261126110000_access_rule_grace_and_disputes.sql.

-- The status of the latest subscription, by time: a period or a grace period that is over reads 'canceled'
-- ('past_due' after its grace reads 'unpaid').
create or replace function private.subscription_status_of(user_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select coalesce((
    select case
             when s.status = 'active' and s.current_period_end <= now() then 'canceled'
             when s.status = 'past_due' and coalesce(s.grace_ends_at, now()) <= now() then 'unpaid'
             else s.status
           end
      from public.subscriptions s
     where s.user_id = subscription_status_of.user_id
     order by s.created_at desc, s.id desc
     limit 1
  ), 'none')
$$;

revoke execute on function private.subscription_access_until(text, timestamptz, timestamptz) from public, anon;
grant execute on function private.subscription_access_until(text, timestamptz, timestamptz) to authenticated, service_role;

-- The plan each payment paid for (a plan change leaves earlier payments with theirs); older rows take their
-- subscription's plan.
alter table public.payments add column plan text check (plan in ('monthly', 'yearly', 'weekend', 'weekly'));
comment on column public.payments.plan is 'The plan this payment paid for, as the subscription had it when it was recorded.';
update public.payments p set plan = s.plan from public.subscriptions s where s.id = p.subscription_id and p.plan is null;
