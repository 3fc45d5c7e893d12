-- Insights (decision 120): the business's and the admin's figures, aggregated in SQL, zero-filled per UTC day, read
-- with the caller's rights (row-level security decides whose rows count). No tables of their own.

set check_function_bodies = false;

-- ---------------------------------------------------------------- functions
create function private.insight_days(p_days integer) returns table(day date)
    language sql stable
    set search_path to ''
    as $$
  select g::date
    from generate_series((now() at time zone 'UTC')::date - (least(greatest(p_days, 1), 366) - 1),
                         (now() at time zone 'UTC')::date, interval '1 day') g
$$;

comment on function private.insight_days(p_days integer) is 'The last p_days UTC days up to today (1 to 366), oldest first: the rows every per-day figure is padded to.';

create function private.merchant_redemption_days(p_merchant_id uuid, p_days integer) returns table(day date, deal_id uuid, deal_title text, redemptions integer)
    language sql stable
    set search_path to ''
    as $$
  with counted as (
    select (r.created_at at time zone 'UTC')::date as day, r.deal_id, count(*)::integer as n
      from public.deal_redemptions r
     where r.merchant_id = p_merchant_id
       and r.undone_at is null
       and r.created_at >= ((select min(d.day) from private.insight_days(p_days) d)::timestamp at time zone 'UTC')
     group by 1, 2
  ), shown as (
    select distinct c.deal_id from counted c
  )
  select d.day, s.deal_id, dl.title, coalesce(c.n, 0)
    from shown s
    join public.deals dl on dl.id = s.deal_id
    cross join private.insight_days(p_days) d
    left join counted c on c.deal_id = s.deal_id and c.day = d.day
   order by s.deal_id, d.day
$$;

comment on function private.merchant_redemption_days(p_merchant_id uuid, p_days integer) is 'Accepted (not undone) deal codes per deal per UTC day over the last p_days, zero-filled, for each deal with at least one. Invoker rights: RLS limits the rows to what the caller may read (an owner: their own business).';

create function private.merchant_point_days(p_merchant_id uuid, p_days integer) returns table(day date, earned bigint, redeemed bigint)
    language sql stable
    set search_path to ''
    as $$
  with counted as (
    select (l.created_at at time zone 'UTC')::date as day,
           -- An undone earn (reversal < 0) takes its points back from "earned", an undone redemption
           -- (reversal > 0) from "redeemed".
           coalesce(sum(l.points) filter (where l.kind = 'accrual' or (l.kind = 'reversal' and l.points < 0)), 0) as earned,
           coalesce(-sum(l.points) filter (where l.kind = 'redemption' or (l.kind = 'reversal' and l.points > 0)), 0) as redeemed
      from public.point_ledger l
     where l.merchant_id = p_merchant_id
       and l.created_at >= ((select min(d.day) from private.insight_days(p_days) d)::timestamp at time zone 'UTC')
     group by 1
  )
  select d.day, coalesce(c.earned, 0)::bigint, coalesce(c.redeemed, 0)::bigint
    from private.insight_days(p_days) d
    left join counted c on c.day = d.day
   order by d.day
$$;

comment on function private.merchant_point_days(p_merchant_id uuid, p_days integer) is 'Points earned and redeemed (net of undos) per UTC day over the last p_days, zero-filled. Invoker rights: RLS limits the ledger rows to what the caller may read.';

create function private.my_follower_days(p_days integer) returns table(day date, new_followers integer, followers integer)
    language sql stable security definer
    set search_path to ''
    as $$
  with me as (
    select private.my_merchant_id() as id
  ), bounds as (
    select ((select min(d.day) from private.insight_days(p_days) d)::timestamp at time zone 'UTC') as starts
  ), earlier as (
    select count(*)::integer as n
      from public.follows f, me, bounds b
     where f.merchant_id = me.id and f.created_at < b.starts
  ), counted as (
    select (f.created_at at time zone 'UTC')::date as day, count(*)::integer as n
      from public.follows f, me, bounds b
     where f.merchant_id = me.id and f.created_at >= b.starts
     group by 1
  )
  select d.day, coalesce(c.n, 0),
         ((select e.n from earlier e) + sum(coalesce(c.n, 0)) over (order by d.day))::integer
    from private.insight_days(p_days) d
    left join counted c on c.day = d.day
   order by d.day
$$;

comment on function private.my_follower_days(p_days integer) is 'The caller''s own business only: new followers per UTC day over the last p_days and the running total of current followers (an unfollow deletes its row, so it leaves no history). Counts only, never who. Zeros for a caller without a business.';

create function private.admin_metrics() returns table(total_users bigint, active_merchants bigint, total_volume_cents bigint, points_outstanding bigint)
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  if not private.is_admin() then
    raise exception 'Only the admin can read platform metrics' using errcode = '42501';
  end if;
  return query
    select coalesce(sum(c.value) filter (where c.metric = 'total_users'), 0)::bigint,
           coalesce(sum(c.value) filter (where c.metric = 'active_merchants'), 0)::bigint,
           coalesce(sum(c.value) filter (where c.metric = 'total_volume_cents'), 0)::bigint,
           coalesce(sum(c.value) filter (where c.metric = 'points_outstanding'), 0)::bigint
      from private.platform_counters c;
end
$$;

comment on function private.admin_metrics() is 'The four admin metrics (cents), for the designated admin only.';

create function private.admin_platform_months(p_months integer default 12) returns table(month date, signups integer, active_memberships integer, payment_volume_cents bigint, charity_share_cents bigint)
    language plpgsql stable
    set search_path to ''
    set jit to 'off'
    as $$
begin
  if not private.is_admin() then
    raise exception 'Only the admin can see the platform figures' using errcode = '42501';
  end if;
  return query
  with months as (
    select m::date as month, (m at time zone 'UTC') as starts
      from generate_series(date_trunc('month', now() at time zone 'UTC') - make_interval(months => least(greatest(p_months, 1), 60) - 1),
                           date_trunc('month', now() at time zone 'UTC'), interval '1 month') m
  ), window_start as (
    select min(mo.starts) as starts from months mo
  ), joined as (
    select date_trunc('month', p.created_at at time zone 'UTC')::date as month, count(*)::integer as n
      from public.profiles p, window_start w
     where p.created_at >= w.starts
     group by 1
  ), paid as (
    -- Net of refunds and lost disputes, each in the month the money moved (the charity ledger).
    select date_trunc('month', l.booked_at at time zone 'UTC')::date as month,
           sum(l.amount_cents)::bigint as volume, sum(l.cents)::bigint as share
      from public.charity_ledger l, window_start w
     where l.booked_at >= w.starts
     group by 1
  ), spans as (
    select greatest(date_trunc('month', s.created_at at time zone 'UTC')::date, (select min(mo.month) from months mo)) as from_month,
           date_trunc('month', s.canceled_at at time zone 'UTC')::date as to_month
      from public.subscriptions s
  ), deltas as (
    select sp.from_month as month, 1 as d from spans sp where sp.to_month is null or sp.to_month > sp.from_month
    union all
    select sp.to_month, -1 from spans sp where sp.to_month > sp.from_month
  ), running as (
    select mo.month, (sum(coalesce(x.d, 0)) over (order by mo.month))::integer as n
      from months mo
      left join (select de.month, sum(de.d) as d from deltas de group by de.month) x on x.month = mo.month
  )
  select mo.month, coalesce(j.n, 0), coalesce(r.n, 0), coalesce(pd.volume, 0), coalesce(pd.share, 0)
    from months mo
    left join joined j on j.month = mo.month
    left join paid pd on pd.month = mo.month
    left join running r on r.month = mo.month
   order by mo.month;
end
$$;

comment on function private.admin_platform_months(p_months integer) is 'The designated admin only (42501 otherwise): per UTC month over the last p_months (default 12), zero-filled: accounts created, memberships running at the month''s end, payment volume and charity share (cents) net of refunds and lost disputes in the month they happened. Invoker rights: RLS applies too.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke execute on function
  private.insight_days(integer),
  private.merchant_redemption_days(uuid,integer),
  private.merchant_point_days(uuid,integer),
  private.my_follower_days(integer),
  private.admin_metrics(),
  private.admin_platform_months(integer)
  from public;
grant execute on function
  private.insight_days(integer),
  private.merchant_redemption_days(uuid,integer),
  private.merchant_point_days(uuid,integer),
  private.my_follower_days(integer),
  private.admin_metrics(),
  private.admin_platform_months(integer)
  to authenticated, service_role;
