-- The limiter (decisions 168, 177): one table of hits per bucket and window, used for every rate limit of the API
-- (and the counter's code guesses, counter.sql).

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.limiter_hits (
    bucket text not null,
    window_start timestamp with time zone not null,
    hits integer default 0 not null,
    pending integer default 0 not null,
    expires_at timestamp with time zone not null,
    constraint limiter_hits_bucket_check check (((length(bucket) >= 1) and (length(bucket) <= 200))),
    constraint limiter_hits_hits_check check ((hits >= 0)),
    constraint limiter_hits_pending_check check ((pending >= 0)),
    constraint limiter_hits_pkey primary key (bucket, window_start)
);

comment on table private.limiter_hits is 'The limiter (decision 168): hits counted per bucket (e.g. "counter-guess:<business>:<device>") in fixed windows aligned on the epoch; pending = attempts taken but not yet settled (a guess being checked). Written only by the private.limiter_* functions; rows past expires_at are removed a few at a time by every take.';

comment on column private.limiter_hits.pending is 'Attempts being checked right now (taken with p_pending): they hold a place under the limit until settled as counted or not. One left by a crash is freed when its window ends.';

-- ---------------------------------------------------------------- indexes
create index limiter_hits_expires_at_idx on private.limiter_hits using btree (expires_at);

-- ---------------------------------------------------------------- row-level security
alter table private.limiter_hits enable row level security;

-- ---------------------------------------------------------------- functions
create function private.limiter_take(p_buckets text[], p_limits integer[], p_window_seconds integer[], p_pending boolean default false) returns table(taken boolean, busy boolean, retry_after_seconds integer, window_starts timestamp with time zone[], hits integer[])
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_n integer := coalesce(cardinality(p_buckets), 0);
  v_starts timestamptz[];
  v_hits integer[];
  v_full boolean := false;
  v_busy boolean := false;
  v_retry integer := 0;
  v_start timestamptz;
  v_row private.limiter_hits;
  v_i integer;
begin
  if v_n = 0 or v_n <> coalesce(cardinality(p_limits), 0) or v_n <> coalesce(cardinality(p_window_seconds), 0) then
    raise exception 'limiter_take: one limit and one window per bucket';
  end if;
  if exists (select 1 from unnest(p_limits) l where l is null or l < 1)
     or exists (select 1 from unnest(p_window_seconds) w where w is null or w < 1 or w > 604800) then
    raise exception 'limiter_take: limits are at least 1, windows between 1 s and 7 days';
  end if;

  -- Bounded cleanup: at most 20 ended windows per take, skipping rows another take is deleting.
  delete from private.limiter_hits h
   where (h.bucket, h.window_start) in (
     select x.bucket, x.window_start from private.limiter_hits x
      where x.expires_at < now() order by x.expires_at limit 20 for update skip locked);

  v_starts := array_fill(null::timestamptz, array[v_n]);
  v_hits := array_fill(0, array[v_n]);
  for v_i in select o.i from unnest(p_buckets) with ordinality as o(b, i) order by o.b, o.i loop
    v_start := to_timestamp(floor(extract(epoch from now()) / p_window_seconds[v_i]) * p_window_seconds[v_i]);
    v_row := null;
    insert into private.limiter_hits as h (bucket, window_start, hits, pending, expires_at)
    values (p_buckets[v_i], v_start, case when p_pending then 0 else 1 end, case when p_pending then 1 else 0 end,
            v_start + make_interval(secs => p_window_seconds[v_i]))
    on conflict (bucket, window_start) do update
      set hits = h.hits + case when p_pending then 0 else 1 end, pending = h.pending + case when p_pending then 1 else 0 end
      where h.hits + h.pending < p_limits[v_i]
    returning h.* into v_row;
    if v_row.bucket is null then
      select * into v_row from private.limiter_hits h where h.bucket = p_buckets[v_i] and h.window_start = v_start;
      v_hits[v_i] := v_row.hits;
      if v_row.hits >= p_limits[v_i] then
        v_full := true;
        v_retry := greatest(v_retry, ceil(extract(epoch from (v_row.expires_at - now())))::integer, 1);
      else
        v_busy := true;
      end if;
    else
      v_starts[v_i] := v_start;
      v_hits[v_i] := v_row.hits;
    end if;
  end loop;

  if v_full or v_busy then
    -- Give back the places taken in the other buckets.
    update private.limiter_hits h
       set hits = h.hits - case when p_pending then 0 else 1 end, pending = h.pending - case when p_pending then 1 else 0 end
      from unnest(p_buckets, v_starts) as g(bucket, window_start)
     where h.bucket = g.bucket and h.window_start = g.window_start;
    return query select false, not v_full, case when v_full then v_retry else 1 end, array_fill(null::timestamptz, array[v_n]), v_hits;
    return;
  end if;
  return query select true, false, 0, v_starts, v_hits;
end
$$;

comment on function private.limiter_take(p_buckets text[], p_limits integer[], p_window_seconds integer[], p_pending boolean) is 'The limiter (decision 168): one place in every bucket (each p_limits[i] per p_window_seconds[i] fixed window) or in none; as a hit, or pending until settled; concurrency-safe, one upsert per bucket.';

create function private.limiter_settle(p_buckets text[], p_window_starts timestamp with time zone[], p_counted boolean) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform 1 from private.limiter_hits h
    join unnest(p_buckets, p_window_starts) as g(bucket, window_start) on h.bucket = g.bucket and h.window_start = g.window_start
   order by h.bucket, h.window_start
   for update of h;
  update private.limiter_hits h
     set pending = greatest(h.pending - 1, 0), hits = h.hits + case when p_counted then 1 else 0 end
    from unnest(p_buckets, p_window_starts) as g(bucket, window_start)
   where h.bucket = g.bucket and h.window_start = g.window_start;
end
$$;

comment on function private.limiter_settle(p_buckets text[], p_window_starts timestamp with time zone[], p_counted boolean) is 'Settles the pending places limiter_take took (decision 168): counted (a wrong guess) or not (a right one).';

create function private.limiter_give_back(p_buckets text[], p_window_starts timestamp with time zone[]) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform 1 from private.limiter_hits h
    join unnest(p_buckets, p_window_starts) as g(bucket, window_start) on h.bucket = g.bucket and h.window_start = g.window_start
   order by h.bucket, h.window_start
   for update of h;
  update private.limiter_hits h set hits = h.hits - 1
    from unnest(p_buckets, p_window_starts) as g(bucket, window_start)
   where h.bucket = g.bucket and h.window_start = g.window_start and h.hits > 0;
end
$$;

comment on function private.limiter_give_back(p_buckets text[], p_window_starts timestamp with time zone[]) is 'Gives back hits limiter_take took (decision 168), e.g. a sign-in that succeeded.';

create function private.limiter_clear(p_buckets text[], p_prefixes text[] default '{}'::text[]) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  delete from private.limiter_hits h
   where h.bucket = any (coalesce(p_buckets, '{}'))
      or exists (select 1 from unnest(coalesce(p_prefixes, '{}')) p where p <> '' and left(h.bucket, length(p)) = p);
end
$$;

comment on function private.limiter_clear(p_buckets text[], p_prefixes text[]) is 'The limiter (decision 168): forgets the named buckets and those starting with a prefix, e.g. a sign-in''s failures once the right password is given (decision 177).';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant delete, insert, select, update on table private.limiter_hits to service_role;

revoke execute on function
  private.limiter_take(text[],integer[],integer[],boolean),
  private.limiter_settle(text[],timestamp with time zone[],boolean),
  private.limiter_give_back(text[],timestamp with time zone[]),
  private.limiter_clear(text[],text[])
  from public;
grant execute on function
  private.limiter_take(text[],integer[],integer[],boolean),
  private.limiter_settle(text[],timestamp with time zone[],boolean),
  private.limiter_give_back(text[],timestamp with time zone[]),
  private.limiter_clear(text[],text[])
  to service_role;
