-- The operator's console (decision 195): request figures per route and hour, request totals per minute, Stripe
-- webhook outcomes per hour, and the state of each alert condition. Each API process sums its requests in memory
-- and writes them here at most once a minute (private.record_system_stats), which also prunes: the tables stay
-- small and bounded. The admin reads them; only service_role writes, through that function.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.request_stats (
    hour timestamp with time zone not null,
    method text not null,
    route text not null,
    requests integer default 0 not null,
    client_errors integer default 0 not null,
    server_errors integer default 0 not null,
    total_ms bigint default 0 not null,
    histogram integer[] not null,
    constraint request_stats_method_check check ((method ~ '^[A-Z]{1,10}$'::text)),
    constraint request_stats_route_check check (((length(route) >= 1) and (length(route) <= 200))),
    constraint request_stats_pkey primary key (hour, method, route)
);

comment on table private.request_stats is 'Requests per route pattern (never a path) and hour, summed in memory by each API process and added here at most once a minute; kept 48 hours.';

comment on column private.request_stats.histogram is 'Requests per latency bucket: at most 25, 50, 100, 250, 500, 1000, 2500 ms, then slower (REQUEST_MS_BOUNDS in api/system/request-stats.ts).';

create table private.request_minutes (
    minute timestamp with time zone not null,
    requests integer default 0 not null,
    server_errors integer default 0 not null,
    constraint request_minutes_pkey primary key (minute)
);

comment on table private.request_minutes is 'All requests and 5xx answers per minute, for the 5-minute error-rate alert; kept 24 hours.';

create table private.webhook_stats (
    hour timestamp with time zone not null,
    outcome text not null,
    events integer default 0 not null,
    last_at timestamp with time zone not null,
    last_event_type text,
    constraint webhook_stats_outcome_check check ((outcome = any (array['ok'::text, 'bad_signature'::text, 'failed'::text]))),
    constraint webhook_stats_last_event_type_check check ((last_event_type ~ '^[a-z_.]{1,80}$'::text)),
    constraint webhook_stats_pkey primary key (hour, outcome)
);

comment on table private.webhook_stats is 'Stripe webhook calls per hour and outcome (ok; bad_signature: refused with 400; failed: answered 5xx); kept 48 hours.';

create table private.system_alerts (
    condition text not null,
    firing boolean default false not null,
    since timestamp with time zone,
    detail text,
    mailed_at timestamp with time zone,
    episode_mailed boolean default false not null,
    constraint system_alerts_condition_check check ((condition ~ '^[a-z0-9_:.-]{1,100}$'::text)),
    constraint system_alerts_pkey primary key (condition)
);

comment on table private.system_alerts is 'Each alert condition''s state: firing since when, the last alert mail (at most one an hour), and whether this episode was mailed (then a resolved mail follows when it clears).';

-- ---------------------------------------------------------------- indexes
-- The console counts the mail given up in the last day; sent mail is most of the outbox.
create index mail_outbox_failed_idx on private.mail_outbox using btree (created_at) where (status = 'failed'::text);

-- ---------------------------------------------------------------- row-level security
alter table private.request_stats enable row level security;

create policy "request_stats: admin reads" on private.request_stats
  for select to authenticated
  using (( select private.is_admin() as is_admin));

alter table private.request_minutes enable row level security;

create policy "request_minutes: admin reads" on private.request_minutes
  for select to authenticated
  using (( select private.is_admin() as is_admin));

alter table private.webhook_stats enable row level security;

create policy "webhook_stats: admin reads" on private.webhook_stats
  for select to authenticated
  using (( select private.is_admin() as is_admin));

alter table private.system_alerts enable row level security;

create policy "system_alerts: admin reads" on private.system_alerts
  for select to authenticated
  using (( select private.is_admin() as is_admin));

-- ---------------------------------------------------------------- functions
create function private.record_system_stats(p_routes jsonb, p_minutes jsonb, p_webhooks jsonb, p_now timestamp with time zone) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  insert into private.request_stats as s (hour, method, route, requests, client_errors, server_errors, total_ms, histogram)
  select (r->>'hour')::timestamptz, r->>'method', r->>'route', (r->>'requests')::int, (r->>'clientErrors')::int,
         (r->>'serverErrors')::int, (r->>'totalMs')::bigint,
         array(select h::int from jsonb_array_elements_text(r->'histogram') with ordinality as e(h, i) order by i)
    from jsonb_array_elements(p_routes) r
  on conflict (hour, method, route) do update set
    requests = s.requests + excluded.requests,
    client_errors = s.client_errors + excluded.client_errors,
    server_errors = s.server_errors + excluded.server_errors,
    total_ms = s.total_ms + excluded.total_ms,
    histogram = array(select coalesce(a, 0) + coalesce(b, 0)
                        from unnest(s.histogram, excluded.histogram) with ordinality as t(a, b, i) order by i);

  insert into private.request_minutes as m (minute, requests, server_errors)
  select (r->>'minute')::timestamptz, (r->>'requests')::int, (r->>'serverErrors')::int
    from jsonb_array_elements(p_minutes) r
  on conflict (minute) do update set
    requests = m.requests + excluded.requests,
    server_errors = m.server_errors + excluded.server_errors;

  insert into private.webhook_stats as w (hour, outcome, events, last_at, last_event_type)
  select (r->>'hour')::timestamptz, r->>'outcome', (r->>'events')::int, (r->>'lastAt')::timestamptz, r->>'lastEventType'
    from jsonb_array_elements(p_webhooks) r
  on conflict (hour, outcome) do update set
    events = w.events + excluded.events,
    last_event_type = case when excluded.last_at >= w.last_at then coalesce(excluded.last_event_type, w.last_event_type) else w.last_event_type end,
    last_at = greatest(w.last_at, excluded.last_at);

  -- Bounded: the console shows 24 hours; the hours before that are kept one more day, then dropped.
  delete from private.request_stats where hour < p_now - interval '48 hours';
  delete from private.request_minutes where minute < p_now - interval '24 hours';
  delete from private.webhook_stats where hour < p_now - interval '48 hours';
end
$$;

comment on function private.record_system_stats(p_routes jsonb, p_minutes jsonb, p_webhooks jsonb, p_now timestamp with time zone) is 'Adds one API process''s figures since its last flush (decision 195) and drops rows older than the console keeps.';

create function private.cron_job_runs() returns table(job_name text, schedule text, active boolean, last_start timestamp with time zone, last_end timestamp with time zone, last_status text, last_message text, failures_24h integer)
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  -- Hosted, pg_cron keeps its jobs in the cron schema; the local runner has none (its loops are watched in memory).
  if to_regclass('cron.job_run_details') is null then
    return;
  end if;
  return query execute $q$
    with failures as (
      select f.jobid, count(*)::int as n from cron.job_run_details f
       where f.status = 'failed' and f.start_time > now() - interval '24 hours' group by f.jobid
    )
    select j.jobname::text, j.schedule::text, j.active, d.start_time, d.end_time, d.status::text,
           left(d.return_message, 200), coalesce(fl.n, 0)
      from cron.job j
      left join lateral (
        select r.start_time, r.end_time, r.status, r.return_message from cron.job_run_details r
         where r.jobid = j.jobid order by r.runid desc limit 1
      ) d on true
      left join failures fl on fl.jobid = j.jobid
     order by j.jobname $q$;
end
$$;

comment on function private.cron_job_runs() is 'Each pg_cron job with its last run and its failed runs of the last 24 hours; no rows where pg_cron is not installed.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant select on table private.request_stats to authenticated;
grant select on table private.request_minutes to authenticated;
grant select on table private.webhook_stats to authenticated;
grant select on table private.system_alerts to authenticated;
grant delete, insert, select, update on table private.request_stats to service_role;
grant delete, insert, select, update on table private.request_minutes to service_role;
grant delete, insert, select, update on table private.webhook_stats to service_role;
grant delete, insert, select, update on table private.system_alerts to service_role;

revoke execute on function
  private.record_system_stats(jsonb,jsonb,jsonb,timestamp with time zone),
  private.cron_job_runs()
  from public;
grant execute on function
  private.record_system_stats(jsonb,jsonb,jsonb,timestamp with time zone),
  private.cron_job_runs()
  to service_role;
