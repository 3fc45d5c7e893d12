-- Admin metrics kept as running totals, so GET /api/admin/metrics reads 64 small rows instead of
-- counting 100,000 profiles and summing 1,000,000 ledger entries (decision 043).
--
--   total_users         every account (the rows of the admin users table)
--   active_merchants    approved businesses
--   total_volume_cents  sum of the purchase amounts recorded by earn (accrual) entries, ever,
--                       including entries anonymised after their member or business was deleted
--   points_outstanding  sum of ledger points (accruals − redemptions ± reversals) whose member and
--                       business both still exist: what members can still redeem. Equals the sum of
--                       public.point_balances.
--
-- Statement-level triggers with transition tables add each statement's delta once. Deltas land on
-- one of 16 shards chosen by backend pid, so concurrent writers rarely wait on the same row lock.

create table private.platform_counters (
  metric text not null check (metric in ('total_users', 'active_merchants', 'total_volume_cents', 'points_outstanding')),
  shard smallint not null check (shard between 0 and 15),
  value bigint not null default 0,
  primary key (metric, shard)
);
comment on table private.platform_counters is 'Running totals behind the admin metrics; the sum over shards is the value.';
grant select, insert, update, delete on private.platform_counters to service_role;

create or replace function private.bump_platform_counter(counter_metric text, delta_value bigint) returns void
language sql
set search_path = ''
as $$
  insert into private.platform_counters as c (metric, shard, value)
  select counter_metric, (pg_backend_pid() % 16)::smallint, delta_value
   where delta_value <> 0
  on conflict (metric, shard) do update set value = c.value + excluded.value
$$;

-- ---------------------------------------------------------------- profiles
create or replace function private.count_profiles() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.bump_platform_counter('total_users', (select count(*) from inserted));
  else
    perform private.bump_platform_counter('total_users', -(select count(*) from deleted));
  end if;
  return null;
end
$$;
create trigger profiles_count_insert after insert on public.profiles
  referencing new table as inserted for each statement execute function private.count_profiles();
create trigger profiles_count_delete after delete on public.profiles
  referencing old table as deleted for each statement execute function private.count_profiles();

-- ---------------------------------------------------------------- merchants
create or replace function private.count_active_merchants() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  delta bigint := 0;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    delta := delta + (select count(*) from inserted where active);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delta := delta - (select count(*) from deleted where active);
  end if;
  perform private.bump_platform_counter('active_merchants', delta);
  return null;
end
$$;
create trigger merchants_count_insert after insert on public.merchants
  referencing new table as inserted for each statement execute function private.count_active_merchants();
create trigger merchants_count_update after update on public.merchants
  referencing old table as deleted new table as inserted for each statement execute function private.count_active_merchants();
create trigger merchants_count_delete after delete on public.merchants
  referencing old table as deleted for each statement execute function private.count_active_merchants();

-- ---------------------------------------------------------------- point ledger
-- Updates happen when a member or business is deleted (their ids are set to null): the points
-- leave "outstanding", the volume stays.
create or replace function private.sum_point_ledger() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  volume bigint := 0;
  outstanding bigint := 0;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select volume + coalesce(sum(purchase_amount_cents) filter (where kind = 'accrual'), 0),
           outstanding + coalesce(sum(points) filter (where member_id is not null and merchant_id is not null), 0)
      into volume, outstanding
      from inserted;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select volume - coalesce(sum(purchase_amount_cents) filter (where kind = 'accrual'), 0),
           outstanding - coalesce(sum(points) filter (where member_id is not null and merchant_id is not null), 0)
      into volume, outstanding
      from deleted;
  end if;
  perform private.bump_platform_counter('total_volume_cents', volume);
  perform private.bump_platform_counter('points_outstanding', outstanding);
  return null;
end
$$;
create trigger point_ledger_sum_insert after insert on public.point_ledger
  referencing new table as inserted for each statement execute function private.sum_point_ledger();
create trigger point_ledger_sum_update after update on public.point_ledger
  referencing old table as deleted new table as inserted for each statement execute function private.sum_point_ledger();
create trigger point_ledger_sum_delete after delete on public.point_ledger
  referencing old table as deleted for each statement execute function private.sum_point_ledger();

-- ---------------------------------------------------------------- recount and read
/** Rebuilds the totals from the tables (after bulk loads with triggers disabled, or to verify). */
create or replace function private.recount_platform_counters() returns void
language sql security definer
set search_path = ''
as $$
  delete from private.platform_counters;
  insert into private.platform_counters (metric, shard, value) values
    ('total_users', 0, (select count(*) from public.profiles)),
    ('active_merchants', 0, (select count(*) from public.merchants where active)),
    ('total_volume_cents', 0, (select coalesce(sum(purchase_amount_cents), 0) from public.point_ledger where kind = 'accrual')),
    ('points_outstanding', 0, (select coalesce(sum(points), 0) from public.point_ledger
                                where member_id is not null and merchant_id is not null));
$$;
select private.recount_platform_counters();

create or replace function private.admin_metrics()
returns table (total_users bigint, active_merchants bigint, total_volume_cents bigint, points_outstanding bigint)
language plpgsql stable security definer
set search_path = ''
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

revoke execute on function private.bump_platform_counter(text, bigint), private.count_profiles(),
  private.count_active_merchants(), private.sum_point_ledger(), private.recount_platform_counters(),
  private.admin_metrics() from public, anon;
grant execute on function private.admin_metrics() to authenticated, service_role;
grant execute on function private.recount_platform_counters() to service_role;
