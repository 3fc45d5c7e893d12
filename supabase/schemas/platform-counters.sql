-- Platform counters (decision 043): the running totals behind the admin metrics, sharded to spread the writes of
-- the counting triggers (profiles, businesses, payments, points), and the operator's repair tool that recounts them.
-- The rows start at zero (inserted here: db:diff adds inserted rows to a migration; the equality test compares them).

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.platform_counters (
    metric text not null,
    shard smallint not null,
    value bigint default 0 not null,
    constraint platform_counters_metric_check check ((metric = any (array['total_users'::text, 'active_merchants'::text, 'total_volume_cents'::text, 'points_outstanding'::text]))),
    constraint platform_counters_shard_check check (((shard >= 0) and (shard <= 15))),
    constraint platform_counters_pkey primary key (metric, shard)
);

comment on table private.platform_counters is 'Running totals behind the admin metrics; the sum over shards is the value.';

-- ---------------------------------------------------------------- functions
create function private.bump_platform_counter(counter_metric text, delta_value bigint) returns void
    language sql
    set search_path to ''
    as $$
  insert into private.platform_counters as c (metric, shard, value)
  select counter_metric, (pg_backend_pid() % 16)::smallint, delta_value
   where delta_value <> 0
  on conflict (metric, shard) do update set value = c.value + excluded.value
$$;

create function private.recount_platform_counters() returns void
    language sql security definer
    set search_path to ''
    as $$
  delete from private.platform_counters;
  insert into private.platform_counters (metric, shard, value) values
    ('total_users', 0, (select count(*) from public.profiles)),
    ('active_merchants', 0, (select count(*) from public.merchants where active)),
    ('total_volume_cents', 0, (select coalesce(sum(purchase_amount_cents), 0) from public.point_ledger where kind = 'accrual')),
    ('points_outstanding', 0, (select coalesce(sum(points), 0) from public.point_ledger
                                where member_id is not null and merchant_id is not null));
$$;

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant delete, insert, select, update on table private.platform_counters to service_role;

revoke execute on function
  private.bump_platform_counter(text,bigint),
  private.recount_platform_counters()
  from public;
grant execute on function private.recount_platform_counters() to service_role;

-- The admin metrics' running totals start at zero (private.recount_platform_counters() on an empty database).
insert into private.platform_counters values ('total_users', 0, 0);
insert into private.platform_counters values ('active_merchants', 0, 0);
insert into private.platform_counters values ('total_volume_cents', 0, 0);
insert into private.platform_counters values ('points_outstanding', 0, 0);
