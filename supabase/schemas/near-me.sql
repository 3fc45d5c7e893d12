-- Open now and near me (issue 40, decision 209): the one rule for whether a location is open at a moment and what
-- its card says ("Open now · closes 18:00", "Opens Tue 11:00"), read in the business's city's time zone
-- (private.merchant_time_zone) from its weekly hours and dated exceptions (locations.sql); and the member's deal
-- list sorted by distance from a position that is a parameter of the call only, never stored, and filtered to what
-- is open now and what the offer rules (issue 38, private.offer_rules_refusal) allow now.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.location_open_states (
    location_id uuid not null,
    open_now boolean,
    changes_at timestamp with time zone,
    open_text text,
    computed_at timestamp with time zone not null,
    valid_until timestamp with time zone not null,
    constraint location_open_states_pkey primary key (location_id),
    constraint location_open_states_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete cascade
);

comment on table private.location_open_states is 'The open-now rule''s answer per location, kept from computed_at until valid_until (the next change or the local midnight; no hours: an hour), with null words for a location without published hours. Written by the open-states Cron job, dropped by triggers when hours change; read only through private.locations_open_state (decision 212) and, on the same terms, private.deal_places (the plain list''s page in one pass, decision 213). Never exposed to clients.';

-- The refresh finds the answers that expired.
create index location_open_states_valid_until_idx on private.location_open_states using btree (valid_until);

alter table private.location_open_states enable row level security;

-- ---------------------------------------------------------------- functions
-- The opening intervals of yesterday to a week ahead as moments: a date's exceptions replace its weekday's hours (an
-- exception without times: closed that day), and an interval whose closing time is not after its open passes
-- midnight into the next day; wall times read as PostgreSQL reads `timestamp at time zone` reads them (like offer
-- rules). Open now: an interval opened yesterday or today holds the moment; back-to-back or overlapping intervals
-- (22:00–00:00 then 00:00–02:00) read as one run, found set-based (an interval starting after every earlier one has
-- closed starts a new run). Closed: the next opening within a week. No weekly hours and no interval this week: no
-- row (the card says nothing). Set-based over many locations so that a page of cards costs one statement: the hours
-- and exceptions of all of them are read once, not per card. PL/pgSQL rather than SQL so that the session keeps the
-- statement's plan (a SQL function's statement is planned again on every call, which costs more than running it).
create function private.locations_open_state_live(p_location_ids uuid[], p_at timestamp with time zone) returns table(location_id uuid, open_now boolean, changes_at timestamp with time zone, open_text text, valid_until timestamp with time zone)
    language plpgsql stable security definer
    set search_path to ''
    as $$
#variable_conflict use_column
begin
  return query
  with places as (
    -- No read policy here: callers check it (private.locations_open_state) or run as the service (the refresh).
    select l.id, z.zone, (p_at at time zone z.zone)::date as today
      from public.business_locations l
      join public.merchants m on m.id = l.merchant_id
      cross join lateral (select private.merchant_time_zone(m.city_id) as zone) z
     where l.id = any (p_location_ids)
  ),
  days as (
    select p.id, p.zone, p.today, p.today + k as day from places p cross join generate_series(-1, 7) k
  ),
  dated as (
    select e.location_id, e.on_date, e.opens_at, e.closes_at
      from public.location_exceptions e
      join places p on p.id = e.location_id
     where e.on_date between p.today - 1 and p.today + 7
  ),
  times as (
    select d.id, d.zone, d.day, x.opens_at, x.closes_at
      from days d join dated x on x.location_id = d.id and x.on_date = d.day
     where x.opens_at is not null
    union all
    select d.id, d.zone, d.day, w.opens_at, w.closes_at
      from days d join public.location_hours w on w.location_id = d.id and w.weekday = extract(isodow from d.day)
     where w.location_id = any (p_location_ids)
       and not exists (select 1 from dated x where x.location_id = d.id and x.on_date = d.day)
  ),
  intervals as (
    select t.id, t.day, (t.day + t.opens_at) at time zone t.zone as starts_at,
           ((t.day + case when t.closes_at > t.opens_at then 0 else 1 end) + t.closes_at) at time zone t.zone as ends_at
      from times t
  ),
  runs as (
    select i.*, sum(i.fresh) over (partition by i.id order by i.starts_at, i.ends_at rows unbounded preceding) as run
      from (
        select i.*, case when i.starts_at <= max(i.ends_at) over (partition by i.id order by i.starts_at, i.ends_at
                                                                 rows between unbounded preceding and 1 preceding)
                         then 0 else 1 end as fresh
          from intervals i
      ) i
  ),
  spans as (
    select r.id, max(r.ends_at) as until from runs r
     group by r.id, r.run
    having bool_or(r.starts_at <= p_at and p_at < r.ends_at)
  ),
  weeks as (
    select r.id, (array_agg(r.ends_at order by r.starts_at desc, r.ends_at desc))[1] as last_end,
           min(r.starts_at) filter (where r.starts_at > p_at) as next_start,
           array_agg(distinct r.day) as days
      from runs r
     group by r.id
  )
  select p.id, o.until is not null, coalesce(o.until, w.next_start),
         case
           when o.until is not null then
             case when o.until >= w.last_end and o.until > p_at + interval '6 days' then 'Open now'
                  else 'Open now · closes ' || to_char(o.until at time zone p.zone, 'HH24:MI') end
           when w.next_start is null then 'Closed'
           when (w.next_start at time zone p.zone)::date = p.today
             then 'Opens ' || to_char(w.next_start at time zone p.zone, 'HH24:MI')
           else case when p.today = any (w.days) then 'Opens ' else 'Closed today · opens ' end
                || to_char(w.next_start at time zone p.zone, 'Dy HH24:MI')
         end,
         -- The words hold until the state changes or the local day turns ("Opens Tue 11:00" becomes "Opens 11:00").
         least(coalesce(o.until, w.next_start, 'infinity'), ((p.today + 1)::timestamp at time zone p.zone))
    from places p
    left join weeks w on w.id = p.id
    left join spans o on o.id = p.id
   where w.id is not null or exists (select 1 from public.location_hours h where h.location_id = p.id);
end
$$;

comment on function private.locations_open_state_live(p_location_ids uuid[], p_at timestamp with time zone) is 'The one open-now rule (decision 209), set-based, computed from the hours: whether each location is open at p_at in its business''s city''s time, when that changes (closes or next opens, within a week), the words cards show ("Open now · closes 18:00", "Opens 11:00", "Opens Tue 11:00", "Closed today · opens Wed 09:00", "Closed") and until when those words hold (the change or the local midnight). No row for a location without published hours. Checks no read policy: called by private.locations_open_state and the refresh only (decision 212).';

-- What every card reads (decision 212): the rule's answer kept per location until it changes, so that a page of cards
-- costs an index lookup per location instead of the rule's work (about 70 µs a location). The kept answer is used only
-- for a moment inside [computed_at, valid_until); anything else (no row yet, expired, a moment in the past or future,
-- hours just edited) is computed by the rule at once, so the answer never differs from the rule's.
create function private.locations_open_state(p_location_ids uuid[], p_at timestamp with time zone) returns table(location_id uuid, open_now boolean, changes_at timestamp with time zone, open_text text)
    language plpgsql stable security definer
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
#variable_conflict use_column
declare
  v_readable uuid[];
  v_missing uuid[];
begin
  -- The read policies of the hours, checked once per location here rather than on every row (security definer): an
  -- approved business's, the caller's own, or any for the admin.
  select coalesce(array_agg(l.id), '{}'),
         coalesce(array_agg(l.id) filter (where not exists (
           select 1 from private.location_open_states s
            where s.location_id = l.id and s.computed_at <= p_at and p_at < s.valid_until)), '{}')
    into v_readable, v_missing
    from public.business_locations l
    join public.merchants m on m.id = l.merchant_id
   where l.id = any (p_location_ids)
     and (m.active or m.owner_user_id = (select auth.uid()) or (select private.is_admin()));
  return query
    select s.location_id, s.open_now, s.changes_at, s.open_text
      from private.location_open_states s
     where s.location_id = any (v_readable) and s.computed_at <= p_at and p_at < s.valid_until and s.open_text is not null;
  if cardinality(v_missing) > 0 then
    return query
      select o.location_id, o.open_now, o.changes_at, o.open_text from private.locations_open_state_live(v_missing, p_at) o;
  end if;
end
$$;

comment on function private.locations_open_state(p_location_ids uuid[], p_at timestamp with time zone) is 'The open-now rule''s answer (private.locations_open_state_live) for the locations the caller may read (an approved business''s, their own, the admin any): open now, when that changes, the card''s words; no row without published hours. Read from private.location_open_states while p_at is inside a kept answer''s span, else computed (decision 212).';

-- Cron job open-states (every minute; the local runner: a loop): the answers that expired, and those of locations
-- without one, computed again at p_at, at most p_limit a run, so that cards read them kept.
create function private.refresh_location_open_states(p_at timestamp with time zone default now(), p_limit integer default 5000) returns integer
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_ids uuid[];
  v_count integer;
begin
  select coalesce(array_agg(c.id), '{}') into v_ids
    from (
      select x.id from (
        (select s.location_id as id from private.location_open_states s where s.valid_until <= p_at order by s.valid_until limit p_limit)
        union
        (select l.id from public.business_locations l
          where not exists (select 1 from private.location_open_states s where s.location_id = l.id) limit p_limit)
      ) x limit p_limit
    ) c;
  insert into private.location_open_states as s (location_id, open_now, changes_at, open_text, computed_at, valid_until)
  select x.id, o.open_now, o.changes_at, o.open_text, p_at,
         -- No hours published: nothing to say; asked again within the hour (an exception may come into the week).
         coalesce(o.valid_until, p_at + interval '1 hour')
    from unnest(v_ids) x (id)
    left join private.locations_open_state_live(v_ids, p_at) o on o.location_id = x.id
  on conflict (location_id) do update
     set open_now = excluded.open_now, changes_at = excluded.changes_at, open_text = excluded.open_text,
         computed_at = excluded.computed_at, valid_until = excluded.valid_until;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

comment on function private.refresh_location_open_states(p_at timestamp with time zone, p_limit integer) is 'Cron job open-states (decision 212): computes again the kept open-now answers that expired by p_at and those of locations without one, at most p_limit; the number written.';

-- A location's hours, exceptions or time zone changed: its kept answer goes (the next read computes it at once).
create function private.forget_open_state() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if tg_table_name = 'cities' then
    delete from private.location_open_states s
     using public.business_locations l join public.merchants m on m.id = l.merchant_id
     where s.location_id = l.id and m.city_id = new.id;
  elsif tg_table_name = 'merchants' then
    delete from private.location_open_states s using public.business_locations l
     where s.location_id = l.id and l.merchant_id = new.id;
  else
    delete from private.location_open_states s
     where s.location_id in ((case when tg_op <> 'INSERT' then old.location_id end), (case when tg_op <> 'DELETE' then new.location_id end));
  end if;
  return null;
end
$$;

comment on function private.forget_open_state() is 'Trigger: drops the kept open-now answers a change of hours, exceptions, a city''s time zone or a business''s city makes stale (decision 212).';

-- One location's open state: the set-based rule for one (PL/pgSQL, its plan kept, like the rule's).
create function private.location_open_state(p_location_id uuid, p_at timestamp with time zone) returns table(open_now boolean, changes_at timestamp with time zone, open_text text)
    language plpgsql stable
    set search_path to ''
    as $$
begin
  return query select o.open_now, o.changes_at, o.open_text from private.locations_open_state(array[p_location_id], p_at) o;
end
$$;

comment on function private.location_open_state(p_location_id uuid, p_at timestamp with time zone) is 'private.locations_open_state for one location: open now, when that changes and the card''s words; no row without published hours.';

-- Metres between two WGS 84 positions, equirectangular: exact enough within a city and cheap per row. Longitude
-- degrees shrink with latitude (the cosine of the mean latitude). No search_path setting, so that the planner inlines
-- it (a function with one is called row by row): it names only pg_catalog's functions, which resolve first anyway.
create function private.distance_m(p_latitude_a double precision, p_longitude_a double precision, p_latitude_b double precision, p_longitude_b double precision) returns double precision
    language sql immutable parallel safe
    as $$
  select 6371008.8 * sqrt(power(radians(p_longitude_b - p_longitude_a) * cos(radians((p_latitude_a + p_latitude_b) / 2)), 2)
                          + power(radians(p_latitude_b - p_latitude_a), 2))
$$;

comment on function private.distance_m(p_latitude_a double precision, p_longitude_a double precision, p_latitude_b double precision, p_longitude_b double precision) is 'Metres between two positions (equirectangular, mean-latitude cosine): the distance near-me sorts and shows. Inlined by the planner.';

-- Where a deal's card stands when the member gave no position: among the deal's locations (all of its business's
-- unless deal_locations names some), the first open now, else the first made (the one from the business's address).
create function private.deal_place(p_deal_id uuid, p_merchant_id uuid, p_at timestamp with time zone) returns table(location_id uuid, latitude double precision, longitude double precision, open_now boolean, open_text text)
    language sql stable security definer
    set search_path to ''
    as $$
  select l.id, l.latitude, l.longitude, o.open_now, o.open_text
    from public.business_locations l
    join public.merchants m on m.id = l.merchant_id
    left join private.locations_open_state(
      array(select x.id from public.business_locations x where x.merchant_id = p_merchant_id), p_at) o on o.location_id = l.id
   where l.merchant_id = p_merchant_id
     -- The locations' read policies, once per call (security definer): approved, the caller's own, or the admin.
     and (m.active or m.owner_user_id = (select auth.uid()) or (select private.is_admin()))
     and (not exists (select 1 from public.deal_locations x where x.deal_id = p_deal_id)
          or exists (select 1 from public.deal_locations x where x.deal_id = p_deal_id and x.location_id = l.id))
   order by coalesce(o.open_now, false) desc, l.created_at, l.id
   limit 1
$$;

comment on function private.deal_place(p_deal_id uuid, p_merchant_id uuid, p_at timestamp with time zone) is 'The location a deal''s card shows without a position: its first location open at p_at, else its first location; with that location''s open state.';

-- Where each card of a page of the plain member list stands (GET /api/deals without a position or a filter): the rule
-- of private.deal_place (the deal's first location open now, else its first) for a whole page at once. The open
-- states are the rule's kept answers (decision 212), read with the locations in one pass and on the same terms as
-- private.locations_open_state reads them (inside the kept span; no words: nothing to say); the locations without
-- one go to private.locations_open_state in one call for the page. Reading the kept rows here rather than through it
-- spares the page a second pass over its locations and their businesses (the read policies are checked once, below):
-- about a third of the list's added cost. Security definer with the locations' read policies written out once
-- (approved, the caller's own, or the admin), as in private.deal_place; PL/pgSQL so that the session keeps the plan.
-- One row per deal that has a readable location.
create function private.deal_places(p_deal_ids uuid[], p_at timestamp with time zone) returns table(deal_id uuid, location_id uuid, latitude double precision, longitude double precision, open_now boolean, open_text text)
    language plpgsql stable security definer
    set search_path to ''
    set jit to 'off'
    as $$
#variable_conflict use_column
begin
  return query
    with places as materialized (
      select d.id as deal_id, l.id as location_id, l.latitude, l.longitude, l.created_at,
             k.location_id is not null as kept, k.open_now, k.open_text
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
        join public.business_locations l on l.merchant_id = d.merchant_id
        left join private.location_open_states k on k.location_id = l.id and k.computed_at <= p_at and p_at < k.valid_until
       where d.id = any (p_deal_ids)
         and (m.active or m.owner_user_id = (select auth.uid()) or (select private.is_admin()))
         and (not exists (select 1 from public.deal_locations x where x.deal_id = d.id)
              or exists (select 1 from public.deal_locations x where x.deal_id = d.id and x.location_id = l.id))
    ),
    computed as materialized (
      select o.location_id, o.open_now, o.open_text
        from private.locations_open_state(array(select distinct p.location_id from places p where not p.kept), p_at) o
       where exists (select 1 from places p where not p.kept)
    ),
    states as (
      select p.deal_id, p.location_id, p.latitude, p.longitude, p.created_at,
             case when p.kept then p.open_now else c.open_now end as open_now,
             case when p.kept then p.open_text else c.open_text end as open_text
        from places p
        left join computed c on c.location_id = p.location_id and not p.kept
    )
    select distinct on (s.deal_id) s.deal_id, s.location_id, s.latitude, s.longitude,
           case when s.open_text is null then null else s.open_now end, s.open_text
      from states s
     order by s.deal_id, coalesce(s.open_text is not null and s.open_now, false) desc, s.created_at, s.location_id;
end
$$;

comment on function private.deal_places(p_deal_ids uuid[], p_at timestamp with time zone) is 'private.deal_place for a page of deals in one call: each deal''s first location open at p_at, else its first, with its open state (the rule''s kept answers, decision 212, and one call of private.locations_open_state for the locations without one). The plain member list''s cards (decision 209, 213).';

-- GET /api/deals's plain list in one call: private.member_deals' page (RLS deciding, PL403 without a membership), each
-- business's rating summary and each card's place with its open state (private.deal_places). PL/pgSQL so that the
-- session keeps the plan: sent as one statement per request it was planned every time, which cost more than the
-- places themselves (decision 212). Security invoker, like private.member_deals.
create function private.member_deal_cards(p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) returns table(id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer, used_count integer, max_uses integer, valid_to timestamp with time zone, created_at text, merchant_id uuid, merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text, rules jsonb, per_member_limit text, review_count integer, rating_sum integer, location_id uuid, latitude double precision, longitude double precision, open_now boolean, open_text text)
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
#variable_conflict use_column
begin
  return query
    with md as materialized (
      select m.*, m.ordinality as n
        from private.member_deals(p_city_id, p_filter, p_categories, p_after_created_at, p_after_id, p_limit) with ordinality m
    )
    select md.id, md.title, md.description, md.category, md.discount_percent, md.discount_amount_cents, md.used_count,
           md.max_uses, md.valid_to, md.created_at, md.merchant_id, md.merchant_name, md.merchant_category,
           md.merchant_is_women_owned, md.secret, md.rules, md.per_member_limit, s.review_count, s.rating_sum,
           p.location_id, p.latitude, p.longitude, p.open_now, p.open_text
      from md
      left join public.business_review_summaries s on s.merchant_id = md.merchant_id
      left join private.deal_places(array(select x.id from md x), now()) p on p.deal_id = md.id
     order by md.n;
end
$$;

comment on function private.member_deal_cards(p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) is 'GET /api/deals without a position or filters: private.member_deals'' page with each business''s rating summary and each card''s place and open state (private.deal_places), in page order; PL403 without an active membership. Its plan is kept per session (decision 212).';

-- A deal's page (decision 115) tells anyone where the business is (issue 40): each location, its open state (the one
-- rule), its weekly hours and the next dated change within 14 days of the city's today. In links because visitors may
-- ask (they have no usage on private, where the rule lives); security definer with the locations' read policies
-- written out once (an approved business's, the caller's own, or any for the admin), answering only what the owner
-- publishes on the page: not the pin, the phone or the dates of changes further off.
create function links.business_locations(p_merchant_id uuid, p_at timestamp with time zone) returns table(id uuid, name text, address text, open_now boolean, open_text text, hours json, next_exception json)
    language plpgsql stable security definer
    set search_path to ''
    as $$
#variable_conflict use_column
begin
  return query
    with places as materialized (
      select l.id, l.name, l.address, l.created_at, (p_at at time zone private.merchant_time_zone(m.city_id))::date as today
        from public.business_locations l
        join public.merchants m on m.id = l.merchant_id
       where l.merchant_id = p_merchant_id
         and (m.active or m.owner_user_id = (select auth.uid()) or (select private.is_admin()))
    )
    select p.id, p.name, p.address, o.open_now, o.open_text,
           coalesce((select json_agg(json_build_object('weekday', h.weekday, 'opensAt', to_char(h.opens_at, 'HH24:MI'),
                                                       'closesAt', to_char(h.closes_at, 'HH24:MI')) order by h.weekday, h.opens_at)
                       from public.location_hours h where h.location_id = p.id), '[]'::json),
           (select json_build_object('date', x.on_date::text, 'note', min(x.note),
                                     'hours', coalesce(json_agg(json_build_object('opensAt', to_char(x.opens_at, 'HH24:MI'),
                                                                                  'closesAt', to_char(x.closes_at, 'HH24:MI'))
                                                                order by x.opens_at) filter (where x.opens_at is not null), '[]'::json))
              from public.location_exceptions x
             where x.location_id = p.id
               and x.on_date = (select min(e.on_date) from public.location_exceptions e
                                 where e.location_id = p.id and e.on_date between p.today and p.today + 14)
             group by x.on_date)
      from places p
      left join private.locations_open_state(array(select x.id from places x), p_at) o on o.location_id = p.id
     order by p.created_at, p.id;
end
$$;

comment on function links.business_locations(p_merchant_id uuid, p_at timestamp with time zone) is 'A deal''s page: the business''s locations (first made first) with their open state at p_at (private.locations_open_state), weekly hours and the next dated change within 14 days of the city''s date; for an approved business to anyone, else to its owner and the admin.';

-- GET /api/deals with a position or the "open now"/"valid now" filters. Without a position: the city's deals newest
-- first (private.member_deals' order and cursor), each at private.deal_place. With one: nearest first, a deal as
-- near as its nearest placed location (of those it applies at; with "open now", of those open), then the deals
-- whose business placed none, newest first; one page (no cursor).
-- Nearest first from the index: the GiST index orders placed locations by degrees (`<->`), not metres, since a
-- degree of longitude shrinks with latitude. So the scan runs until it has p_limit deals; the farthest of those in
-- metres bounds the page; every location nearer than that lies within a circle of that many metres read as degrees
-- of longitude at the highest latitude it can reach; the page is the nearest p_limit of what that circle holds,
-- also read from the index. Positions near the poles or across the 180th meridian are not served well (no city is).
-- Generic plans, and index paths over sorts and sequential scans (decision 212): the position and the circle's radius
-- differ on every call, so custom plans were made again each time (planning cost more than running); the generic
-- plans with these settings read the same indexes and answer the same rows.
create function private.member_deals_near(p_city_id uuid, p_filter text, p_categories text[], p_latitude double precision, p_longitude double precision, p_open_now boolean, p_valid_now boolean, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) returns table(id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer, used_count integer, max_uses integer, valid_to timestamp with time zone, created_at text, merchant_id uuid, merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text, rules jsonb, per_member_limit text, location_id uuid, latitude double precision, longitude double precision, distance_m double precision, open_now boolean, open_text text)
    language plpgsql stable security definer
    set search_path to ''
    set jit to 'off'
    set plan_cache_mode to 'force_generic_plan'
    set enable_sort to 'off'
    set enable_seqscan to 'off'
    as $$
#variable_conflict use_column
declare
  v_limit integer := least(greatest(p_limit, 1), 100);
  v_now timestamptz := now();
  v_deals uuid[] := '{}';
  v_places uuid[] := '{}';
  v_metres double precision[] := '{}';
  v_bound double precision;
  v_degrees double precision;
  v_radius double precision := 360;
  v_more_deals uuid[];
  v_more_places uuid[];
  r record;
begin
  -- Security definer: row-level security would check every location, deal location and business row the scans
  -- read. The member's rights are written out once instead, the same as private.member_deals gets them through RLS:
  -- an active membership (private.member_deal_secrets' check, PL403, before anything is read) and the deals a member
  -- may see, public.deal_is_live_and_listed, on every statement below. A listed deal's business is approved
  -- (deals.merchant_listed), so the business, its locations and deal locations all pass their read policies too.
  perform 1 from private.member_deal_secrets('{}');
  if p_latitude is null or p_longitude is null then
    select coalesce(array_agg(x.deal_id order by x.created_at desc, x.deal_id), '{}'),
           coalesce(array_agg(x.location_id order by x.created_at desc, x.deal_id), '{}')
      into v_deals, v_places
      from (
        select d.id as deal_id, d.created_at, p.location_id
          from public.deals d
          join public.merchants m on m.id = d.merchant_id
          left join lateral private.deal_place(d.id, d.merchant_id, v_now) p on true
         where d.city_id = p_city_id
           and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
           and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
                or (p_filter = 'women-owned' and m.is_women_owned))
           and (p_after_created_at is null
                or d.created_at < p_after_created_at
                or (d.created_at = p_after_created_at and d.id > p_after_id))
           and (not p_open_now or coalesce(p.open_now, false))
           and (not p_valid_now or private.offer_rules_refusal(d.rules, v_now, private.merchant_time_zone(m.city_id)) is null)
         order by d.created_at desc, d.id
         limit v_limit
      ) x;
    v_metres := array_fill(null::double precision, array[cardinality(v_deals)]);
  else
    -- The scan in degrees until p_limit deals: its farthest in metres bounds the page.
    for r in
      select d.id as deal_id, private.distance_m(p_latitude, p_longitude, l.latitude, l.longitude) as metres
        from public.business_locations l
        join public.deals d on d.merchant_id = l.merchant_id
        join public.merchants m on m.id = d.merchant_id
       where l.latitude is not null
         and d.city_id = p_city_id
         and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
         and (not exists (select 1 from public.deal_locations x where x.deal_id = d.id)
              or exists (select 1 from public.deal_locations x where x.deal_id = d.id and x.location_id = l.id))
         and (not p_valid_now or private.offer_rules_refusal(d.rules, v_now, private.merchant_time_zone(m.city_id)) is null)
         and (not p_open_now or exists (select 1 from private.location_open_state(l.id, v_now) o where o.open_now))
       order by point(l.longitude, l.latitude) <-> point(p_longitude, p_latitude)
    loop
      if not (r.deal_id = any (v_deals)) then
        v_deals := v_deals || r.deal_id;
        v_bound := greatest(v_bound, r.metres);
        exit when cardinality(v_deals) >= v_limit;
      end if;
    end loop;
    if cardinality(v_deals) >= v_limit then
      -- Metres as degrees of latitude, then of longitude at the highest latitude the circle can reach.
      v_degrees := degrees(v_bound / 6371008.8);
      v_radius := v_degrees / cos(radians(least(89.0, abs(p_latitude) + 2 * v_degrees / cos(radians(least(89.0, abs(p_latitude)))))));
    end if;
    -- Each deal at its nearest placed location within the circle, nearest first.
    select coalesce(array_agg(n.deal_id order by n.metres, n.deal_id), '{}'),
           coalesce(array_agg(n.location_id order by n.metres, n.deal_id), '{}'),
           coalesce(array_agg(n.metres order by n.metres, n.deal_id), '{}')
      into v_deals, v_places, v_metres
      from (
        select * from (
          select distinct on (d.id) d.id as deal_id, l.id as location_id,
                 private.distance_m(p_latitude, p_longitude, l.latitude, l.longitude) as metres
            from public.business_locations l
            join public.deals d on d.merchant_id = l.merchant_id
            join public.merchants m on m.id = d.merchant_id
           where l.latitude is not null
             and point(l.longitude, l.latitude) <@ circle(point(p_longitude, p_latitude), v_radius)
             and d.city_id = p_city_id
             and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
             and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
                  or (p_filter = 'women-owned' and m.is_women_owned))
             and (not exists (select 1 from public.deal_locations x where x.deal_id = d.id)
                  or exists (select 1 from public.deal_locations x where x.deal_id = d.id and x.location_id = l.id))
             and (not p_valid_now or private.offer_rules_refusal(d.rules, v_now, private.merchant_time_zone(m.city_id)) is null)
             and (not p_open_now or exists (select 1 from private.location_open_state(l.id, v_now) o where o.open_now))
           order by d.id, metres, l.id
        ) nearest
        order by nearest.metres, nearest.deal_id
        limit v_limit
      ) n;
    -- Then the deals of businesses that placed none of their locations (for this deal), newest first.
    if cardinality(v_deals) < v_limit then
      select coalesce(array_agg(x.deal_id order by x.created_at desc, x.deal_id), '{}'),
             coalesce(array_agg(x.location_id order by x.created_at desc, x.deal_id), '{}')
        into v_more_deals, v_more_places
        from (
          select d.id as deal_id, d.created_at, p.location_id
            from public.deals d
            join public.merchants m on m.id = d.merchant_id
            left join lateral private.deal_place(d.id, d.merchant_id, v_now) p on true
           where d.city_id = p_city_id
             and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
             and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
                  or (p_filter = 'women-owned' and m.is_women_owned))
             and not exists (
               select 1 from public.business_locations l
                where l.merchant_id = d.merchant_id and l.latitude is not null
                  and (not exists (select 1 from public.deal_locations x where x.deal_id = d.id)
                       or exists (select 1 from public.deal_locations x where x.deal_id = d.id and x.location_id = l.id)))
             and (not p_open_now or coalesce(p.open_now, false))
             and (not p_valid_now or private.offer_rules_refusal(d.rules, v_now, private.merchant_time_zone(m.city_id)) is null)
           order by d.created_at desc, d.id
           limit v_limit - cardinality(v_deals)
        ) x;
      v_metres := v_metres || array_fill(null::double precision, array[cardinality(v_more_deals)]);
      v_deals := v_deals || v_more_deals;
      v_places := v_places || v_more_places;
    end if;
  end if;
  return query
    select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
           d.max_uses, d.valid_to, d.created_at::text, m.id, m.name, m.category, m.is_women_owned, s.secret,
           d.rules, d.per_member_limit, l.id, l.latitude, l.longitude, u.metres, o.open_now, o.open_text
      from unnest(v_deals, v_places, v_metres) with ordinality as u (deal_id, location_id, metres, n)
      join public.deals d on d.id = u.deal_id
      join public.merchants m on m.id = d.merchant_id
      join private.member_deal_secrets(v_deals) s on s.deal_id = d.id
      left join public.business_locations l on l.id = u.location_id
      -- The page's open states in one statement, not one call per card.
      left join private.locations_open_state(v_places, v_now) o on o.location_id = u.location_id
     order by u.n;
end
$$;

comment on function private.member_deals_near(p_city_id uuid, p_filter text, p_categories text[], p_latitude double precision, p_longitude double precision, p_open_now boolean, p_valid_now boolean, p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) is 'GET /api/deals with a position (nearest first, placed locations from the GiST index, then unplaced businesses; one page) or the open-now / valid-now filters (newest first, with the cursor): the member_deals rows plus the card''s location, its distance in metres and its open state. Security definer with member_deals'' rules written out once (an active membership, else PL403; live deals of listed businesses). The position is a parameter only.';

-- ---------------------------------------------------------------- triggers
create trigger location_hours_forget_open_state after insert or update or delete on public.location_hours for each row execute function private.forget_open_state();
create trigger location_exceptions_forget_open_state after insert or update or delete on public.location_exceptions for each row execute function private.forget_open_state();
create trigger cities_forget_open_state after update of time_zone on public.cities for each row when (old.time_zone is distinct from new.time_zone) execute function private.forget_open_state();
create trigger merchants_forget_open_state after update of city_id on public.merchants for each row when (old.city_id is distinct from new.city_id) execute function private.forget_open_state();

-- ---------------------------------------------------------------- grants
revoke all on table private.location_open_states from public;
grant select, insert, update, delete on table private.location_open_states to service_role;
revoke execute on function
  private.locations_open_state_live(uuid[],timestamp with time zone),
  private.refresh_location_open_states(timestamp with time zone,integer),
  private.forget_open_state()
  from public;
grant execute on function private.refresh_location_open_states(timestamp with time zone,integer) to service_role;
revoke execute on function
  private.locations_open_state(uuid[],timestamp with time zone),
  private.location_open_state(uuid,timestamp with time zone),
  private.distance_m(double precision,double precision,double precision,double precision),
  private.deal_place(uuid,uuid,timestamp with time zone),
  private.deal_places(uuid[],timestamp with time zone),
  links.business_locations(uuid,timestamp with time zone),
  private.member_deals_near(uuid,text,text[],double precision,double precision,boolean,boolean,timestamp with time zone,uuid,integer),
  private.member_deal_cards(uuid,text,text[],timestamp with time zone,uuid,integer)
  from public;
grant execute on function
  private.locations_open_state(uuid[],timestamp with time zone),
  private.location_open_state(uuid,timestamp with time zone),
  private.distance_m(double precision,double precision,double precision,double precision),
  private.deal_place(uuid,uuid,timestamp with time zone),
  private.deal_places(uuid[],timestamp with time zone),
  links.business_locations(uuid,timestamp with time zone)
  to anon, authenticated, service_role;
grant execute on function
  private.member_deals_near(uuid,text,text[],double precision,double precision,boolean,boolean,timestamp with time zone,uuid,integer),
  private.member_deal_cards(uuid,text,text[],timestamp with time zone,uuid,integer)
  to authenticated, service_role;
-- The valid-now filter evaluates the offer rules as the member: they read no table, only their arguments (the
-- deal's rules, which the member already reads, and the moment).
grant execute on function
  private.offer_rules_refusal(jsonb,timestamp with time zone,text),
  private.weekdays_text(integer[])
  to authenticated, service_role;
