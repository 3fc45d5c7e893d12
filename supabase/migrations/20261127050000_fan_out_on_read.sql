-- Fan-out on read (decision 180): posting costs the merchant one row and one broadcast, whatever its
-- follower count. A business's NEW_DEAL / BUSINESS_UPDATE is stored ONCE in public.notification_events;
-- a member's notifications are the events of the businesses they follow, within their follow periods
-- (public.follow_periods, kept by triggers on public.follows), plus their own rows in public.notifications
-- (personal notifications, and every row fanned out before this migration). "Read" for an event is a row in
-- public.notification_reads.
--   - A member who followed after an event does not see it (the event is before their period).
--   - What a member received stays after an unfollow (or the business's deletion): the period is closed,
--     not deleted, and events carry no foreign key to the business.
-- private.notify_followers is redefined here: this is now its current definition (the earlier copies in
-- 20261122003000 and 20261123080000 are superseded). One realtime message per event on merchant:<id>.

-- ---------------------------------------------------------------- events
create table public.notification_events (
  id uuid primary key default gen_random_uuid(),
  -- Not a foreign key: an event outlives its business and deal (the card keeps its names in data).
  merchant_id uuid not null,
  type text not null check (type ~ '^[A-Z][A-Z_]{1,39}$'),
  deal_id uuid,
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now()
);
comment on table public.notification_events is
  'One row per thing a business told its followers (NEW_DEAL, BUSINESS_UPDATE), written once by private.notify_followers in the event''s transaction. Members read it through private.member_notifications (their follow periods), never directly.';
-- Each follow period reads its business's latest events through this index (newest first).
create index notification_events_merchant_created_idx on public.notification_events (merchant_id, created_at desc, id desc);
-- "Was this deal announced already?" without indexing updates.
create index notification_events_deal_id_idx on public.notification_events (deal_id) where deal_id is not null;
alter table public.notification_events enable row level security;
revoke all on public.notification_events from public, anon, authenticated;
grant select, insert, delete on public.notification_events to service_role;

-- ---------------------------------------------------------------- follow periods
create table public.follow_periods (
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- Not a foreign key: the period (and what it showed) outlives the business.
  merchant_id uuid not null,
  started_at timestamptz not null,
  -- null while the member follows; set when they unfollow or the business is deleted.
  ended_at timestamptz,
  primary key (user_id, merchant_id, started_at),
  check (ended_at is null or ended_at >= started_at)
);
comment on table public.follow_periods is
  'When a member followed a business: opened by a follow, closed (not deleted) by an unfollow or the business''s deletion. Decides which events are the member''s notifications. Kept by triggers on public.follows; a member reads only their own.';
-- At most one open period per pair.
create unique index follow_periods_open_idx on public.follow_periods (user_id, merchant_id) where ended_at is null;
alter table public.follow_periods enable row level security;
revoke all on public.follow_periods from public, anon, authenticated;
grant select on public.follow_periods to authenticated;
grant select, insert, update, delete on public.follow_periods to service_role;
create policy "follow_periods: user reads own" on public.follow_periods
  for select to authenticated using (user_id = (select auth.uid()));

create or replace function private.on_follow_changed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- Followed, unfollowed and followed again at the same instant (one transaction): the period reopens.
    insert into public.follow_periods (user_id, merchant_id, started_at)
    values (new.user_id, new.merchant_id, new.created_at)
    on conflict (user_id, merchant_id, started_at) do update set ended_at = null;
  else
    update public.follow_periods p set ended_at = greatest(now(), p.started_at)
     where p.user_id = old.user_id and p.merchant_id = old.merchant_id and p.ended_at is null;
  end if;
  return null;
end
$$;
comment on function private.on_follow_changed() is 'Opens a follow period when a member follows a business; closes it when the follow row goes (unfollow, or the business''s deletion by cascade).';
create trigger follows_periods after insert or delete on public.follows
  for each row execute function private.on_follow_changed();
revoke execute on function private.on_follow_changed() from public, anon, authenticated;

-- Follows that exist now: one open period each.
insert into public.follow_periods (user_id, merchant_id, started_at)
select f.user_id, f.merchant_id, f.created_at from public.follows f
on conflict do nothing;

-- ---------------------------------------------------------------- read state of events
create table public.notification_reads (
  user_id uuid not null references public.profiles (id) on delete cascade,
  event_id uuid not null references public.notification_events (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, event_id)
);
comment on table public.notification_reads is
  'Which events a member marked read (an event''s "is_read" for that member). Written by private.mark_notification_read only.';
alter table public.notification_reads enable row level security;
revoke all on public.notification_reads from public, anon, authenticated;
grant select on public.notification_reads to authenticated;
grant select, insert, delete on public.notification_reads to service_role;
create policy "notification_reads: user reads own" on public.notification_reads
  for select to authenticated using (user_id = (select auth.uid()));

-- Another open tab of the same member drops its unread badge too (as for public.notifications).
create or replace function private.on_notification_event_read() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('id', new.event_id), 'notification_read', 'user:' || new.user_id::text, true);
  return null;
end
$$;
create trigger notification_reads_publish after insert on public.notification_reads
  for each row execute function private.on_notification_event_read();
revoke execute on function private.on_notification_event_read() from public, anon, authenticated;

-- ---------------------------------------------------------------- the write: one row, one broadcast
create or replace function private.notify_followers(
  p_merchant_id uuid, p_type text, p_deal_id uuid, p_data jsonb
) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_event uuid;
begin
  -- One probe of follows_merchant_id_user_id_idx: an event nobody follows now is nobody's, ever
  -- (later followers' periods start after it), so it is not stored.
  if not exists (select 1 from public.follows f where f.merchant_id = p_merchant_id) then
    return 0;
  end if;
  insert into public.notification_events (merchant_id, type, deal_id, data)
  values (p_merchant_id, p_type, p_deal_id, p_data)
  returning id into v_event;
  -- One message for every follower online: they joined merchant:<id> (decision 180).
  perform realtime.send(jsonb_build_object('id', v_event, 'type', p_type, 'merchantId', p_merchant_id),
                        'notification', 'merchant:' || p_merchant_id::text, true);
  if p_type in ('NEW_DEAL', 'BUSINESS_UPDATE') then
    insert into private.push_jobs (merchant_id, type, deal_id, data)
    values (p_merchant_id, p_type, p_deal_id, p_data);
  end if;
  return 1;
end
$$;
comment on function private.notify_followers(uuid, text, uuid, jsonb) is
  'Records a business''s event once (public.notification_events), publishes ONE message on merchant:<id> and enqueues one push job (decision 110), when the business has followers; the cost does not grow with them (decision 180). Returns 1 when recorded, 0 when nobody follows.';
revoke execute on function private.notify_followers(uuid, text, uuid, jsonb) from public, anon, authenticated;
grant execute on function private.notify_followers(uuid, text, uuid, jsonb) to service_role;

-- ---------------------------------------------------------------- the read
-- A member's latest notifications: their own rows plus the events of every follow period, newest first.
-- Each period reads at most p_limit events through notification_events_merchant_created_idx, so the cost
-- grows with the businesses the member follows, never with a business's followers.
-- Security definer (the caller is the member: auth.uid()); the caller resolves merchant/deal references
-- under its own RLS.
create or replace function private.member_notifications(p_limit integer)
returns table (id uuid, type text, is_read boolean, created_at timestamptz, data jsonb, merchant_id uuid, deal_id uuid)
language sql stable security definer
set search_path = ''
as $$
  -- First the newest p_limit keys (index-only scans of notification_events_merchant_created_idx, one per
  -- period), then the rows and read state of those alone.
  with latest as (
    select x.own, x.id, x.created_at
      from (
        (select true as own, n.id, n.created_at
           from public.notifications n
          where n.user_id = (select auth.uid())
          order by n.created_at desc, n.id desc
          limit p_limit)
        union all
        (select false, e.id, e.created_at
           from public.follow_periods p
           cross join lateral (
             select ev.id, ev.created_at
               from public.notification_events ev
              where ev.merchant_id = p.merchant_id
                and ev.created_at >= p.started_at
                and (p.ended_at is null or ev.created_at < p.ended_at)
              order by ev.created_at desc, ev.id desc
              limit p_limit
           ) e
          where p.user_id = (select auth.uid()))
      ) x
     order by x.created_at desc, x.id desc
     limit least(greatest(p_limit, 0), 500)
  )
  select l.id,
         coalesce(n.type, e.type),
         case when l.own then n.is_read
              else exists (select 1 from public.notification_reads r where r.user_id = (select auth.uid()) and r.event_id = l.id) end,
         l.created_at,
         coalesce(n.data, e.data),
         coalesce(n.merchant_id, e.merchant_id),
         coalesce(n.deal_id, e.deal_id)
    from latest l
    left join public.notifications n on l.own and n.id = l.id
    left join public.notification_events e on not l.own and e.id = l.id
   order by l.created_at desc, l.id desc
$$;
comment on function private.member_notifications(integer) is
  'The signed-in member''s latest p_limit (at most 500) notifications: own rows of public.notifications and the events of the businesses they followed at the time (follow periods), with read state. Decision 180.';
revoke execute on function private.member_notifications(integer) from public, anon;
grant execute on function private.member_notifications(integer) to authenticated, service_role;

-- Marks one of the caller's notifications read (an own row, or an event of one of their periods) and
-- returns it; no row when it is not theirs (the API answers 404).
create or replace function private.mark_notification_read(p_id uuid)
returns table (id uuid, type text, is_read boolean, created_at timestamptz, data jsonb, merchant_id uuid, deal_id uuid)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := (select auth.uid());
begin
  if v_uid is null then
    return;
  end if;
  return query
    with own as (
      update public.notifications n set is_read = true
       where n.id = p_id and n.user_id = v_uid
      returning n.id, n.type, n.is_read, n.created_at, n.data, n.merchant_id, n.deal_id
    )
    select o.id, o.type, o.is_read, o.created_at, o.data, o.merchant_id, o.deal_id from own o;
  if found then
    return;
  end if;
  return query
    with target as (
      select e.id, e.type, e.created_at, e.data, e.merchant_id, e.deal_id
        from public.notification_events e
       where e.id = p_id
         and exists (select 1 from public.follow_periods p
                      where p.user_id = v_uid and p.merchant_id = e.merchant_id
                        and e.created_at >= p.started_at and (p.ended_at is null or e.created_at < p.ended_at))
    ), marked as (
      insert into public.notification_reads (user_id, event_id)
      select v_uid, t.id from target t
      on conflict do nothing
    )
    select t.id, t.type, true, t.created_at, t.data, t.merchant_id, t.deal_id from target t;
end
$$;
comment on function private.mark_notification_read(uuid) is
  'Marks the caller''s notification read (own row, or an event of one of their follow periods) and returns it; nothing when it is not theirs. Decision 180.';
revoke execute on function private.mark_notification_read(uuid) from public, anon;
grant execute on function private.mark_notification_read(uuid) to authenticated;

-- ---------------------------------------------------------------- realtime: merchant topics
-- merchant:<id> carries "this business told its followers something" ({id, type, merchantId}): ids only,
-- about businesses any signed-in user may list, so like city:<id> any signed-in user may join (decision 180).
drop policy "messages: user joins own user topic and city topics" on realtime.messages;
create policy "messages: user joins own user topic, city and merchant topics" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) like 'city:%'
      or (select realtime.topic()) like 'merchant:%'
    )
  );
