-- The one access rule with both of its exceptions (decisions 171 and 172): a subscription grants access until
-- private.subscription_access_until (its paid period, or a failed renewal's grace period), and not at all while a
-- dispute of one of its payments is open (suspended_at). 20261126060000 and 20261126100000 each added one of the
-- two columns; this is the one definition with both.

create or replace function private.has_active_subscription(user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.subscriptions s
     where s.user_id = has_active_subscription.user_id
       and s.suspended_at is null
       and private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at) > now()
  )
$$;
comment on function private.has_active_subscription(uuid) is
  'True while a subscription of the user grants access: its paid period or a failed renewal''s grace period (private.subscription_access_until), and no open dispute (suspended_at).';

create or replace function private.caller_membership_ends_at() returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select case when private.has_active_subscription((select auth.uid())) then (
    select max(private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at))
      from public.subscriptions s
     where s.user_id = (select auth.uid())
       and s.suspended_at is null
       and private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at) > now()
  ) end
$$;
comment on function private.caller_membership_ends_at() is
  'When the caller''s access ends (the latest private.subscription_access_until of a subscription that grants it now), or null without access.';
