-- Insights (decision 120): the business's and the admin's figures, aggregated in SQL, zero-filled per UTC day, read
-- with the caller's rights (row-level security decides whose rows count). No tables of their own.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
-- The monthly value report's mail (decision 211): one row per business and month claims the mail, so a second run
-- of the job (or one running at the same time) sends nothing.
create table private.monthly_report_mails (
    merchant_id uuid not null,
    month date not null,
    sent_at timestamp with time zone default now() not null,
    constraint monthly_report_mails_pkey primary key (merchant_id, month),
    constraint monthly_report_mails_month_check check ((month = date_trunc('month'::text, (month)::timestamp without time zone)::date)),
    constraint monthly_report_mails_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table private.monthly_report_mails is 'The monthly value report mailed to a business''s owner: one row per business and local month (its first day), written in the transaction that queues the mail. Never exposed to clients.';

alter table private.monthly_report_mails enable row level security;

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

-- The monthly value report (decision 211): each figure defined once, here, per business and local month of the
-- business's city. Security definer because follow periods, reviews and reports are not all readable by the owner
-- through RLS; the callers' wrappers below decide who may ask for which business.
create function private.value_report_rows(p_merchants uuid[], p_month date, p_location uuid) returns table(merchant_id uuid, visits integer, unique_members integer, new_members integer, repeat_members integer, discounts_cents bigint, discounts_unknown integer, spend_cents bigint, followers_gained integer, followers_lost integer, rating_count integer, rating_sum integer, upheld_reports integer)
    language sql stable security definer
    set search_path to ''
    as $$
  with biz as (
    select m.id,
           (p_month::timestamp at time zone private.merchant_time_zone(m.city_id)) as starts,
           ((p_month + interval '1 month')::timestamp at time zone private.merchant_time_zone(m.city_id)) as ends,
           -- A redemption without a location was made before locations: the business's first one.
           (select l.id from public.business_locations l where l.merchant_id = m.id order by l.created_at, l.id limit 1) as first_location
      from public.merchants m
     where p_merchants is null or m.id = any (p_merchants)
  ), counted as (
    -- A visit: a redemption made (used_at, the counter's moment) in the month, not undone, not flagged.
    select r.merchant_id, r.member_id, r.amount_cents,
           case when d.discount_percent is not null
                then case when r.amount_cents is not null then round(r.amount_cents * d.discount_percent / 100.0)::bigint end
                else least(d.discount_amount_cents, coalesce(r.amount_cents, d.discount_amount_cents))::bigint
           end as discount_cents
      from biz b
      join public.deal_redemptions r on r.merchant_id = b.id
      join public.deals d on d.id = r.deal_id
     where r.undone_at is null and r.flag is null
       and r.used_at >= b.starts and r.used_at < b.ends
       and (p_location is null or coalesce(r.location_id, b.first_location) = p_location)
  ), visit_sums as (
    select c.merchant_id, count(*)::integer as visits,
           coalesce(sum(c.discount_cents), 0)::bigint as discounts_cents,
           (count(*) filter (where c.discount_cents is null))::integer as discounts_unknown,
           coalesce(sum(c.amount_cents), 0)::bigint as spend_cents
      from counted c
     group by 1
  ), members as (
    select c.merchant_id, c.member_id, count(*) as visits,
           -- New: no counted redemption at this business (any location) before the month.
           not exists (select 1 from public.deal_redemptions e, biz b
                        where b.id = c.merchant_id and e.member_id = c.member_id and e.merchant_id = c.merchant_id
                          and e.undone_at is null and e.flag is null and e.used_at < b.starts) as is_new
      from counted c
     where c.member_id is not null
     group by 1, 2
  ), member_sums as (
    select mb.merchant_id, count(*)::integer as unique_members,
           (count(*) filter (where mb.is_new))::integer as new_members,
           (count(*) filter (where mb.visits >= 2))::integer as repeat_members
      from members mb
     group by 1
  ), follow_sums as (
    -- The whole business: a follow has no location.
    select b.id as merchant_id,
           (count(*) filter (where f.started_at >= b.starts and f.started_at < b.ends))::integer as gained,
           (count(*) filter (where f.ended_at >= b.starts and f.ended_at < b.ends))::integer as lost
      from biz b
      join public.follow_periods f on f.merchant_id = b.id
     where p_location is null
     group by 1
  ), review_sums as (
    -- Reviews written in the month and shown; at a location: those of visits there.
    select b.id as merchant_id, count(*)::integer as n, sum(v.rating)::integer as total
      from biz b
      join public.business_reviews v on v.merchant_id = b.id
      left join public.deal_redemptions r on r.id = v.redemption_id
     where v.hidden_at is null and v.created_at >= b.starts and v.created_at < b.ends
       and (p_location is null or coalesce(r.location_id, b.first_location) = p_location)
     group by 1
  ), report_sums as (
    -- Upheld in the month; at a location: reports naming a visit there.
    select b.id as merchant_id, count(*)::integer as n
      from biz b
      join public.offer_reports o on o.merchant_id = b.id
      left join public.deal_redemptions r on r.id = o.redemption_id
     where o.upheld and o.decided_at >= b.starts and o.decided_at < b.ends
       and (p_location is null or (r.id is not null and coalesce(r.location_id, b.first_location) = p_location))
     group by 1
  )
  select b.id, coalesce(vs.visits, 0), coalesce(ms.unique_members, 0), coalesce(ms.new_members, 0),
         coalesce(ms.repeat_members, 0), coalesce(vs.discounts_cents, 0), coalesce(vs.discounts_unknown, 0),
         coalesce(vs.spend_cents, 0),
         case when p_location is null then coalesce(fs.gained, 0) end,
         case when p_location is null then coalesce(fs.lost, 0) end,
         coalesce(rs.n, 0), coalesce(rs.total, 0), coalesce(os.n, 0)
    from biz b
    left join visit_sums vs on vs.merchant_id = b.id
    left join member_sums ms on ms.merchant_id = b.id
    left join follow_sums fs on fs.merchant_id = b.id
    left join review_sums rs on rs.merchant_id = b.id
    left join report_sums os on os.merchant_id = b.id
$$;

comment on function private.value_report_rows(p_merchants uuid[], p_month date, p_location uuid) is 'The monthly value report''s figures (decision 211), one row per business (null: every business), for the local month starting p_month in each business''s city, at one location (null: all). Internal: no API role may call it; private.monthly_value_report and private.monthly_value_peers check the caller.';

create function private.monthly_value_report(p_merchant uuid, p_month date, p_location uuid default null) returns table(visits integer, unique_members integer, new_members integer, returning_members integer, repeat_members integer, repeat_rate_percent numeric, discounts_cents bigint, discounts_unknown integer, spend_cents bigint, net_cents bigint, followers_gained integer, followers_lost integer, rating_count integer, rating_average numeric, upheld_reports integer)
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  if p_month is null or p_month <> date_trunc('month', p_month)::date then
    raise exception 'The month must start on its first day' using errcode = '22023';
  end if;
  -- The owner of the business (approved or not), or the admin; the admin alone for every business (null).
  if not private.is_admin() and (p_merchant is null or p_merchant is distinct from private.my_merchant_id()) then
    raise exception 'Only the business owner can see its report' using errcode = '42501';
  end if;
  if p_location is not null and not exists (
    select 1 from public.business_locations l where l.id = p_location and (p_merchant is null or l.merchant_id = p_merchant)) then
    raise exception 'No such location' using errcode = 'PL404';
  end if;
  return query
    select sum(r.visits)::integer, sum(r.unique_members)::integer, sum(r.new_members)::integer,
           (sum(r.unique_members) - sum(r.new_members))::integer, sum(r.repeat_members)::integer,
           -- Members with two visits or more, of the month's members (a percent, one decimal).
           case when sum(r.unique_members) > 0 then round(100.0 * sum(r.repeat_members) / sum(r.unique_members), 1) end,
           sum(r.discounts_cents)::bigint, sum(r.discounts_unknown)::integer, sum(r.spend_cents)::bigint,
           (sum(r.spend_cents) - sum(r.discounts_cents))::bigint,
           sum(r.followers_gained)::integer, sum(r.followers_lost)::integer,
           coalesce(sum(r.rating_count), 0)::integer,
           case when sum(r.rating_count) > 0 then round(sum(r.rating_sum)::numeric / sum(r.rating_count), 2) end,
           sum(r.upheld_reports)::integer
      from private.value_report_rows(case when p_merchant is null then null else array[p_merchant] end, p_month, p_location) r;
end
$$;

comment on function private.monthly_value_report(p_merchant uuid, p_month date, p_location uuid) is 'One business''s monthly value report (its owner or the admin; 42501 otherwise), or every business''s summed (null: the admin only), for the local month starting p_month, at one location or all (followers: null at a location). Platform-wide, members are counted once per business.';

create function private.monthly_value_peers(p_merchant uuid, p_month date) returns table(businesses integer, visits numeric, unique_members numeric, new_members numeric, spend_cents numeric)
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants;
  v_peers uuid[];
begin
  if not private.is_admin() and (p_merchant is null or p_merchant is distinct from private.my_merchant_id()) then
    raise exception 'Only the business owner can see its report' using errcode = '42501';
  end if;
  select * into v_merchant from public.merchants m where m.id = p_merchant;
  -- Businesses like this one: approved, same city, same category, not itself.
  select coalesce(array_agg(m.id), '{}') into v_peers from public.merchants m
   where m.active and m.city_id = v_merchant.city_id and m.category = v_merchant.category and m.id <> v_merchant.id;
  -- Fewer than 5 would say too much about each of them: no comparison.
  if cardinality(v_peers) < 5 then
    return;
  end if;
  return query
    select count(*)::integer,
           percentile_cont(0.5) within group (order by r.visits)::numeric,
           percentile_cont(0.5) within group (order by r.unique_members)::numeric,
           percentile_cont(0.5) within group (order by r.new_members)::numeric,
           percentile_cont(0.5) within group (order by r.spend_cents)::numeric
      from private.value_report_rows(v_peers, p_month, null) r;
end
$$;

comment on function private.monthly_value_peers(p_merchant uuid, p_month date) is 'The median visits, unique members, new members and spend of the approved businesses of the same category and city (not the business itself) in the same local month; no row when fewer than 5. The owner or the admin only.';

create function private.merchant_local_month(p_merchant uuid, p_at timestamp with time zone default now()) returns date
    language sql stable
    set search_path to ''
    as $$ select date_trunc('month', private.business_local_day(p_merchant, p_at))::date $$;

comment on function private.merchant_local_month(p_merchant uuid, p_at timestamp with time zone) is 'The first day of the month a moment falls in, in the business''s city''s time.';

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
  private.admin_platform_months(integer),
  private.value_report_rows(uuid[],date,uuid),
  private.monthly_value_report(uuid,date,uuid),
  private.monthly_value_peers(uuid,date),
  private.merchant_local_month(uuid,timestamp with time zone)
  from public;
grant execute on function
  private.insight_days(integer),
  private.merchant_redemption_days(uuid,integer),
  private.merchant_point_days(uuid,integer),
  private.my_follower_days(integer),
  private.admin_metrics(),
  private.admin_platform_months(integer),
  private.monthly_value_report(uuid,date,uuid),
  private.monthly_value_peers(uuid,date),
  private.merchant_local_month(uuid,timestamp with time zone)
  to authenticated, service_role;
-- The figures behind the report: only its checked wrappers (and the owner) run it.
grant execute on function private.value_report_rows(uuid[],date,uuid) to service_role;
revoke all on table private.monthly_report_mails from public;
grant select, insert, delete on table private.monthly_report_mails to service_role;
