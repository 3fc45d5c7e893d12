-- Issue 26, "Guessing stops" (decision 168): one limiter for the whole API (counted hits per bucket in fixed
-- windows), used first by the counter's wrong codes, passes and member numbers; later by issues 28 and 31.
-- And the member's own redemption history.

-- ---------------------------------------------------------------- the limiter
create table private.limiter_hits (
  bucket text not null check (length(bucket) between 1 and 200),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  pending integer not null default 0 check (pending >= 0),
  expires_at timestamptz not null,
  primary key (bucket, window_start)
);
comment on table private.limiter_hits is
  'The limiter (decision 168): hits counted per bucket (e.g. "counter-guess:<business>:<device>") in fixed windows aligned on the epoch; pending = attempts taken but not yet settled (a guess being checked). Written only by the private.limiter_* functions; rows past expires_at are removed a few at a time by every take.';
comment on column private.limiter_hits.pending is
  'Attempts being checked right now (taken with p_pending): they hold a place under the limit until settled as counted or not. One left by a crash is freed when its window ends.';
alter table private.limiter_hits enable row level security;
create index limiter_hits_expires_at_idx on private.limiter_hits (expires_at);
revoke all on private.limiter_hits from public, anon, authenticated;
grant select, insert, update, delete on private.limiter_hits to service_role;

/*
 * Takes one place in every bucket, or in none: p_buckets[i] allows p_limits[i] per window of p_window_seconds[i]
 * seconds. Each bucket is one upsert that increments and returns the count only while hits + pending is under the
 * limit (the row lock makes concurrent takes count one after the other, on PGlite and PostgreSQL, with no session
 * state); buckets are taken in name order, so two takes never wait on each other in a cycle.
 * p_pending false: the place is a hit at once (count every attempt). p_pending true: it is pending until
 * limiter_settle says whether it counts (count only wrong answers, exactly, under concurrency).
 * Not taken: every place taken is given back; `busy` when no bucket is full of hits (only of pending attempts,
 * which may yet not count: try again in a moment), else retry_after_seconds says when the fullest window ends.
 * window_starts[i] is what limiter_settle / limiter_give_back need for bucket i.
 */
create or replace function private.limiter_take(
  p_buckets text[], p_limits integer[], p_window_seconds integer[], p_pending boolean default false
)
returns table (taken boolean, busy boolean, retry_after_seconds integer, window_starts timestamptz[], hits integer[])
language plpgsql security definer
set search_path = ''
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
comment on function private.limiter_take(text[], integer[], integer[], boolean) is
  'The limiter (decision 168): one place in every bucket (each p_limits[i] per p_window_seconds[i] fixed window) or in none; as a hit, or pending until settled; concurrency-safe, one upsert per bucket.';

/**
 * Settles pending places of a take: each becomes a hit (p_counted) or is freed. Rows are locked in bucket order
 * first, as limiter_take locks them, so a settle and a take never wait on each other in a cycle.
 */
create or replace function private.limiter_settle(p_buckets text[], p_window_starts timestamptz[], p_counted boolean)
returns void
language plpgsql security definer
set search_path = ''
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
comment on function private.limiter_settle(text[], timestamptz[], boolean) is
  'Settles the pending places limiter_take took (decision 168): counted (a wrong guess) or not (a right one).';

/** Returns hits taken by limiter_take (the attempt turned out not to count); locks in bucket order as a take does. */
create or replace function private.limiter_give_back(p_buckets text[], p_window_starts timestamptz[])
returns void
language plpgsql security definer
set search_path = ''
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
comment on function private.limiter_give_back(text[], timestamptz[]) is
  'Gives back hits limiter_take took (decision 168), e.g. a sign-in that succeeded.';

revoke execute on function private.limiter_take(text[], integer[], integer[], boolean),
  private.limiter_settle(text[], timestamptz[], boolean),
  private.limiter_give_back(text[], timestamptz[]) from public, anon, authenticated;
grant execute on function private.limiter_take(text[], integer[], integer[], boolean),
  private.limiter_settle(text[], timestamptz[], boolean),
  private.limiter_give_back(text[], timestamptz[]) to service_role;

-- ---------------------------------------------------------------- guesses at the counter
/*
 * The counter's buckets: one per business and counter device (p_device: an opaque device key, '-' when the
 * counter sent none), and one per business over all devices, so new device keys do not buy new guesses.
 * The business is the caller's counter (private.counter_merchant(): 403 otherwise), so a caller only ever
 * touches its own business's buckets.
 */
create or replace function private.counter_guess_buckets(p_device text) returns text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant uuid := (private.counter_merchant()).id;
begin
  if p_device is null or p_device !~ '^[A-Za-z0-9_-]{1,64}$' then
    raise exception 'A counter device key is 1 to 64 letters, digits, - or _' using errcode = 'PL400';
  end if;
  return array['counter-guess:' || v_merchant || ':' || p_device, 'counter-guess:' || v_merchant];
end
$$;
comment on function private.counter_guess_buckets(text) is
  'The limiter buckets of a guess at the caller''s counter (decision 168): this device at this business, and the business over all devices.';

/** Takes a pending place for one guess at the caller's counter: p_per_device per device, p_per_business per business. */
create or replace function private.counter_guess_take(
  p_device text, p_per_device integer, p_per_business integer, p_window_seconds integer
)
returns table (taken boolean, busy boolean, retry_after_seconds integer, window_starts timestamptz[])
language sql security definer
set search_path = ''
as $$
  select t.taken, t.busy, t.retry_after_seconds, t.window_starts
    from private.limiter_take(private.counter_guess_buckets(p_device), array[p_per_device, p_per_business],
                              array[p_window_seconds, p_window_seconds], true) t
$$;
comment on function private.counter_guess_take(text, integer, integer, integer) is
  'One guess (a code, a pass or a member number) at the caller''s counter, taken before it is checked (decision 168); settled as wrong (counted) or right (freed).';

create or replace function private.counter_guess_settle(p_device text, p_window_starts timestamptz[], p_wrong boolean)
returns void
language sql security definer
set search_path = ''
as $$ select private.limiter_settle(private.counter_guess_buckets(p_device), p_window_starts, p_wrong) $$;
comment on function private.counter_guess_settle(text, timestamptz[], boolean) is
  'Settles a guess taken at the caller''s counter (decision 168): wrong ones count toward the limit, right ones do not.';

revoke execute on function private.counter_guess_buckets(text),
  private.counter_guess_take(text, integer, integer, integer),
  private.counter_guess_settle(text, timestamptz[], boolean) from public, anon;
grant execute on function private.counter_guess_buckets(text),
  private.counter_guess_take(text, integer, integer, integer),
  private.counter_guess_settle(text, timestamptz[], boolean) to authenticated, service_role;

-- ---------------------------------------------------------------- the member's redemption history
/*
 * The caller's own deal redemptions, newest first (by when the discount was given, then id), at most p_limit
 * (1..50) before the cursor (p_before_us: used_at in microseconds since the epoch, p_before_id), with the
 * business and the deal as they are named now (an ended deal keeps its title here).
 */
create or replace function private.member_redemptions(p_before_us bigint, p_before_id bigint, p_limit integer)
returns table (id bigint, business_name text, deal_title text, used_at timestamptz, used_at_us bigint, undone boolean)
language sql stable security definer
set search_path = ''
as $$
  select r.id, m.name, d.title, r.used_at, (extract(epoch from r.used_at) * 1000000)::bigint, r.undone_at is not null
    from public.deal_redemptions r
    join public.deals d on d.id = r.deal_id
    join public.merchants m on m.id = r.merchant_id
   where r.member_id = (select auth.uid())
     and (p_before_us is null
          or (r.used_at, r.id) < (timestamptz 'epoch' + p_before_us * interval '1 microsecond', p_before_id))
   order by r.used_at desc, r.id desc
   limit least(greatest(coalesce(p_limit, 20), 1), 50)
$$;
comment on function private.member_redemptions(bigint, bigint, integer) is
  'The signed-in member''s own redemptions (auth.uid()), newest first, by a (used_at, id) cursor: business, deal, when, undone.';
revoke execute on function private.member_redemptions(bigint, bigint, integer) from public, anon;
grant execute on function private.member_redemptions(bigint, bigint, integer) to authenticated, service_role;

create index deal_redemptions_member_used_idx on public.deal_redemptions (member_id, used_at desc, id desc);
