-- Live deal changes on a city topic, coalesced (decision 180): at most one `deal_changed` per city every 5 seconds.
-- Every viewer of a city's deal list receives each message on city:<id>, so its deliveries are the change rate times
-- the viewers online; coalescing bounds them by 0.2 a second per connection whatever the merchants do (2,000 a second
-- at Team's 10,000 connections, inside its 2,500 messages a second; 100 at Pro's 500). The first change of a quiet
-- city is sent at once (leading edge); changes inside the window mark the city pending, and
-- private.flush_city_changes() (Supabase Cron every 5 seconds: POST /api/internal/flush-live; the local runner every
-- second) sends one message for each pending city whose window has passed (trailing edge). Member apps refetch their
-- list on any deal_changed; followers still hear of a new deal at once on merchant:<id> (a notification).
-- This migration holds the current definitions of private.on_deal_changed and private.on_business_listing_changed.

create table private.city_live_changes (
  city_id uuid primary key references public.cities (id) on delete cascade,
  sent_at timestamptz not null,
  pending boolean not null default false
);
comment on table private.city_live_changes is
  'Per city: when the last deal_changed was sent on city:<id> and whether changes have waited since (decision 180). Written only by the triggers'' security-definer functions and the flush.';
alter table private.city_live_changes enable row level security;
revoke all on private.city_live_changes from public, anon, authenticated;

create or replace function private.city_live_window() returns interval
language sql immutable
set search_path = ''
as $$ select interval '5 seconds' $$;
comment on function private.city_live_window() is
  'The coalescing window of deal_changed on a city topic (decision 180).';

create or replace function private.publish_city_change(p_city uuid, p_payload jsonb) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  -- Inside the window: wait for the flush. The row lock makes a concurrent change of the same city see this one.
  update private.city_live_changes c set pending = true
   where c.city_id = p_city and c.sent_at > now() - private.city_live_window();
  if found then
    return;
  end if;
  insert into private.city_live_changes as c (city_id, sent_at, pending) values (p_city, now(), false)
    on conflict (city_id) do update set sent_at = excluded.sent_at, pending = false;
  perform realtime.send(p_payload, 'deal_changed', 'city:' || p_city::text, true);
end
$$;
comment on function private.publish_city_change(uuid, jsonb) is
  'Sends deal_changed on city:<id> now, or marks the city pending when one was sent inside private.city_live_window() (decision 180).';
revoke execute on function private.publish_city_change(uuid, jsonb) from public, anon, authenticated;

create or replace function private.flush_city_changes() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_sent integer := 0;
  v_city uuid;
begin
  for v_city in
    update private.city_live_changes c set pending = false, sent_at = now()
     where c.pending and c.sent_at <= now() - private.city_live_window()
    returning c.city_id
  loop
    perform realtime.send(
      jsonb_build_object('dealId', null, 'merchantId', null, 'cityId', v_city, 'change', 'coalesced'),
      'deal_changed', 'city:' || v_city::text, true);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;
comment on function private.flush_city_changes() is
  'Sends one deal_changed (change: coalesced) for every city whose changes waited past the window; returns how many (decision 180).';
revoke execute on function private.flush_city_changes() from public, anon, authenticated;
grant execute on function private.flush_city_changes() to service_role;

create or replace function private.on_deal_changed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  row_deal record := coalesce(new, old);
  city uuid;
begin
  select m.city_id into city from public.merchants m where m.id = row_deal.merchant_id;
  if city is not null then
    perform private.publish_city_change(city, jsonb_build_object(
      'dealId', row_deal.id, 'merchantId', row_deal.merchant_id, 'cityId', city,
      'change', case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end));
  end if;
  return null;
end
$$;
comment on function private.on_deal_changed() is
  'Publishes deal_changed {dealId, merchantId, cityId, change} on city:<id> for an insert, update or delete of a deal, coalesced per city (private.publish_city_change).';

create or replace function private.on_business_listing_changed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_cities uuid[];
  v_city uuid;
begin
  if tg_op = 'DELETE' then
    v_id := old.id;
    v_cities := array[old.city_id];
  else
    v_id := new.id;
    v_cities := array[old.city_id, new.city_id];
  end if;
  for v_city in select distinct c from unnest(v_cities) c where c is not null loop
    perform private.publish_city_change(v_city,
      jsonb_build_object('dealId', null, 'merchantId', v_id, 'cityId', v_city, 'change', 'business'));
  end loop;
  return null;
end
$$;
comment on function private.on_business_listing_changed() is
  'Publishes deal_changed {dealId: null, merchantId, cityId, change: business} on the city topics a business''s listing change affects, coalesced per city (private.publish_city_change).';
