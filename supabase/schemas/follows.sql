-- Follows and notifications (decision 180): members follow businesses; what a business tells its followers (a new
-- deal, a business update) is one event read by each follower (fan-out on read), marked read per member; and the
-- devices a member turned push on for. Follow periods decide which events are a member's.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.follows (
    user_id uuid not null,
    merchant_id uuid not null,
    created_at timestamp with time zone default now() not null,
    constraint follows_pkey primary key (user_id, merchant_id),
    constraint follows_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint follows_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.follows is 'A member following a business. One row per pair (the primary key prevents duplicates); read and written only by the member.';

create table public.follow_periods (
    user_id uuid not null,
    merchant_id uuid not null,
    started_at timestamp with time zone not null,
    ended_at timestamp with time zone,
    constraint follow_periods_check check (((ended_at is null) or (ended_at >= started_at))),
    constraint follow_periods_pkey primary key (user_id, merchant_id, started_at),
    constraint follow_periods_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.follow_periods is 'When a member followed a business: opened by a follow, closed (not deleted) by an unfollow or the business''s deletion. Decides which events are the member''s notifications. Kept by triggers on public.follows; a member reads only their own.';

create table public.business_updates (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    message text not null,
    created_at timestamp with time zone default now() not null,
    constraint business_updates_message_check check (((length(btrim(message)) >= 1) and (length(btrim(message)) <= 280))),
    constraint business_updates_pkey primary key (id),
    constraint business_updates_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.business_updates is 'Short news a business posts to its followers; each one fans out as a BUSINESS_UPDATE notification.';

create table public.notification_events (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    type text not null,
    deal_id uuid,
    data jsonb default '{}'::jsonb not null,
    created_at timestamp with time zone default now() not null,
    constraint notification_events_data_check check ((jsonb_typeof(data) = 'object'::text)),
    constraint notification_events_type_check check ((type ~ '^[A-Z][A-Z_]{1,39}$'::text)),
    constraint notification_events_pkey primary key (id)
);

comment on table public.notification_events is 'One row per thing a business told its followers (NEW_DEAL, BUSINESS_UPDATE), written once by private.notify_followers in the event''s transaction. Members read it through private.member_notifications (their follow periods), never directly.';

create table public.notification_reads (
    user_id uuid not null,
    event_id uuid not null,
    read_at timestamp with time zone default now() not null,
    constraint notification_reads_pkey primary key (user_id, event_id),
    constraint notification_reads_event_id_fkey foreign key (event_id) references public.notification_events(id) on delete cascade,
    constraint notification_reads_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.notification_reads is 'Which events a member marked read (an event''s "is_read" for that member). Written by private.mark_notification_read only.';

create table public.notifications (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    type text not null,
    merchant_id uuid,
    deal_id uuid,
    data jsonb default '{}'::jsonb not null,
    is_read boolean default false not null,
    created_at timestamp with time zone default now() not null,
    constraint notifications_data_check check ((jsonb_typeof(data) = 'object'::text)),
    constraint notifications_type_check check ((type ~ '^[A-Z][A-Z_]{1,39}$'::text)),
    constraint notifications_pkey primary key (id),
    constraint notifications_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.notifications is 'What a member was told: one row per follower per event, written only by the fan-out. A member reads and marks read only their own.';

create table public.push_subscriptions (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    endpoint text not null,
    p256dh text not null,
    auth text not null,
    created_at timestamp with time zone default now() not null,
    constraint push_subscriptions_auth_check check ((auth ~ '^[A-Za-z0-9_-]{22}$'::text)),
    constraint push_subscriptions_endpoint_check check (((endpoint ~ '^https://'::text) and (length(endpoint) <= 1024))),
    constraint push_subscriptions_p256dh_check check ((p256dh ~ '^[A-Za-z0-9_-]{87}$'::text)),
    constraint push_subscriptions_endpoint_key unique (endpoint),
    constraint push_subscriptions_pkey primary key (id),
    constraint push_subscriptions_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.push_subscriptions is 'One row per device a member turned push on for (endpoint + keys from PushManager.subscribe). A member sees, adds and removes only their own; the drainer (service_role) reads them and removes those the push service answers 404/410.';

-- ---------------------------------------------------------------- indexes
create index follows_merchant_id_created_at_idx on public.follows using btree (merchant_id, created_at);

create index follows_merchant_id_user_id_idx on public.follows using btree (merchant_id, user_id);

create unique index follow_periods_open_idx on public.follow_periods using btree (user_id, merchant_id) where (ended_at is null);

create index business_updates_merchant_id_created_at_idx on public.business_updates using btree (merchant_id, created_at desc);

create index notification_events_deal_id_idx on public.notification_events using btree (deal_id) where (deal_id is not null);

create index notification_events_merchant_created_idx on public.notification_events using btree (merchant_id, created_at desc, id desc);

create index notifications_deal_id_idx on public.notifications using btree (deal_id) where (deal_id is not null);

create index notifications_user_id_created_at_idx on public.notifications using btree (user_id, created_at desc);

create index push_subscriptions_user_id_id_idx on public.push_subscriptions using btree (user_id, id);

-- ---------------------------------------------------------------- row-level security
alter table public.follows enable row level security;

create policy "follows: member follows an active business" on public.follows
  for insert to authenticated
  with check (((user_id = ( select auth.uid() as uid)) and (( select private.user_role() as user_role) = 'USER'::text) and (exists ( select 1
   from public.merchants m
  where ((m.id = follows.merchant_id) and m.active and (m.owner_user_id <> ( select auth.uid() as uid)))))));

create policy "follows: user reads own" on public.follows
  for select to authenticated
  using ((user_id = ( select auth.uid() as uid)));

create policy "follows: user unfollows own" on public.follows
  for delete to authenticated
  using ((user_id = ( select auth.uid() as uid)));

alter table public.follow_periods enable row level security;

create policy "follow_periods: user reads own" on public.follow_periods
  for select to authenticated
  using ((user_id = ( select auth.uid() as uid)));

alter table public.business_updates enable row level security;

create policy "business_updates: owner of an active business posts" on public.business_updates
  for insert to authenticated
  with check ((exists ( select 1
   from public.merchants m
  where ((m.id = business_updates.merchant_id) and m.active and (m.owner_user_id = ( select auth.uid() as uid))))));

create policy "business_updates: users read active businesses' and owners read" on public.business_updates
  for select to authenticated
  using ((exists ( select 1
   from public.merchants m
  where ((m.id = business_updates.merchant_id) and (m.active or (m.owner_user_id = ( select auth.uid() as uid)))))));

alter table public.notification_events enable row level security;

alter table public.notification_reads enable row level security;

create policy "notification_reads: user reads own" on public.notification_reads
  for select to authenticated
  using ((user_id = ( select auth.uid() as uid)));

alter table public.notifications enable row level security;

create policy "notifications: user marks own read" on public.notifications
  for update to authenticated
  using ((user_id = ( select auth.uid() as uid)))
  with check (((user_id = ( select auth.uid() as uid)) and is_read));

create policy "notifications: user reads own" on public.notifications
  for select to authenticated
  using ((user_id = ( select auth.uid() as uid)));

alter table public.push_subscriptions enable row level security;

create policy "push_subscriptions: user adds own" on public.push_subscriptions
  for insert to authenticated
  with check ((user_id = ( select auth.uid() as uid)));

create policy "push_subscriptions: user reads own" on public.push_subscriptions
  for select to authenticated
  using ((user_id = ( select auth.uid() as uid)));

create policy "push_subscriptions: user removes own" on public.push_subscriptions
  for delete to authenticated
  using ((user_id = ( select auth.uid() as uid)));

-- ---------------------------------------------------------------- functions
-- Following: periods kept by the follows trigger, and one event per thing a business tells its followers.
create function private.on_follow_changed() returns trigger
    language plpgsql security definer
    set search_path to ''
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

create function private.notify_followers(p_merchant_id uuid, p_type text, p_deal_id uuid, p_data jsonb) returns integer
    language plpgsql security definer
    set search_path to ''
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

comment on function private.notify_followers(p_merchant_id uuid, p_type text, p_deal_id uuid, p_data jsonb) is 'Records a business''s event once (public.notification_events), publishes ONE message on merchant:<id> and enqueues one push job (decision 110), when the business has followers; the cost does not grow with them (decision 180). Returns 1 when recorded, 0 when nobody follows.';

create function private.guard_business_update_rate() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if (select count(*) from public.business_updates u
       where u.merchant_id = new.merchant_id and u.created_at > now() - interval '24 hours') >= 5 then
    raise exception 'You can post at most 5 updates a day' using errcode = 'PL429';
  end if;
  return new;
end
$$;

create function private.on_business_update_posted() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.notify_followers(
    new.merchant_id, 'BUSINESS_UPDATE', null,
    jsonb_build_object(
      'merchantName', (select m.name from public.merchants m where m.id = new.merchant_id),
      'previewText', new.message
    )
  );
  return null;
end
$$;

-- Reading notifications: the member's list (events of their follow periods, decision 180) and marking read.
create function private.member_notifications(p_limit integer) returns table(id uuid, type text, is_read boolean, created_at timestamp with time zone, data jsonb, merchant_id uuid, deal_id uuid)
    language plpgsql stable security definer
    set search_path to ''
    as $$
#variable_conflict use_column
begin
  -- PL/pgSQL so that the session keeps the plan (a SQL function's statement is planned on every call; decision 212).
  return query
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
   order by l.created_at desc, l.id desc;
end
$$;

comment on function private.member_notifications(p_limit integer) is 'The signed-in member''s latest p_limit (at most 500) notifications: own rows of public.notifications and the events of the businesses they followed at the time (follow periods), with read state. Decision 180.';

-- GET /api/user/following's one statement. PL/pgSQL so that the session keeps its plan: planned per request it cost
-- more than it took to run (the policies of three tables; decision 212). Security invoker: RLS decides as before.
create function private.member_following() returns table(id uuid, name text, "logoUrl" text, category text, city text, description text, "followedAt" timestamp with time zone)
    language plpgsql stable
    set search_path to ''
    as $$
begin
  return query
    select m.id, m.name, m.logo_url, m.category, coalesce(ci.name || ', ' || ci.state, m.city_name), m.description, f.created_at
      from public.follows f
      join public.merchants m on m.id = f.merchant_id
      left join public.cities ci on ci.id = m.city_id
     where f.user_id = (select auth.uid())
     order by f.created_at desc, m.name;
end
$$;

comment on function private.member_following() is 'The businesses the signed-in member follows (with their city), newest follow first, as RLS lets the caller read them: GET /api/user/following.';

create function private.mark_notification_read(p_id uuid) returns table(id uuid, type text, is_read boolean, created_at timestamp with time zone, data jsonb, merchant_id uuid, deal_id uuid)
    language plpgsql security definer
    set search_path to ''
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

comment on function private.mark_notification_read(p_id uuid) is 'Marks the caller''s notification read (own row, or an event of one of their follow periods) and returns it; nothing when it is not theirs. Decision 180.';

create function private.on_notification_event_read() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform realtime.send(jsonb_build_object('id', new.event_id), 'notification_read', 'user:' || new.user_id::text, true);
  return null;
end
$$;

create function private.on_notification_read() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform realtime.send(jsonb_build_object('id', new.id), 'notification_read', 'user:' || new.user_id::text, true);
  return null;
end
$$;

-- Push: a device's subscription, at most 10 per member.
create function private.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text) returns uuid
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_uid uuid := (select auth.uid());
  v_owner uuid;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = 'PL401';
  end if;
  select s.id, s.user_id into v_id, v_owner from public.push_subscriptions s where s.endpoint = p_endpoint for update;
  if v_owner is not null and v_owner <> v_uid then
    raise exception 'This push address belongs to another account; make a new subscription on this device'
      using errcode = 'PL409';
  end if;
  if v_id is not null then
    update public.push_subscriptions s set p256dh = p_p256dh, auth = p_auth where s.id = v_id;
    return v_id;
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (v_uid, p_endpoint, p_p256dh, p_auth)
  returning id into v_id;
  return v_id;
end
$$;

comment on function private.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text) is 'Adds or refreshes the signed-in caller''s device by endpoint; an endpoint another account registered stays theirs (PL409, decision 176).';

create function private.guard_push_subscription_count() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  -- Two devices added at once for one member wait for each other (a row lock: no lock-table entry per row).
  perform 1 from public.profiles p where p.id = new.user_id for no key update;
  if (select count(*) from public.push_subscriptions s where s.user_id = new.user_id) >= 10 then
    raise exception 'You can turn on notifications on at most 10 devices; turn them off on one first' using errcode = 'PL409';
  end if;
  return new;
end
$$;

comment on function private.guard_push_subscription_count() is 'Before a device is added: at most 10 push subscriptions per member (PL409).';

-- ---------------------------------------------------------------- triggers
create trigger follows_periods after insert or delete on public.follows for each row execute function private.on_follow_changed();

create trigger business_updates_notify_followers after insert on public.business_updates for each row execute function private.on_business_update_posted();

create trigger business_updates_rate_limit before insert on public.business_updates for each row execute function private.guard_business_update_rate();

create trigger notification_reads_publish after insert on public.notification_reads for each row execute function private.on_notification_event_read();

create trigger notifications_publish_read after update of is_read on public.notifications for each row when ((new.is_read and (not old.is_read))) execute function private.on_notification_read();

create trigger push_subscriptions_limit before insert on public.push_subscriptions for each row execute function private.guard_push_subscription_count();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.follows from anon;
revoke update on table public.follows from authenticated;
revoke delete, insert, select, update on table public.follow_periods from anon, authenticated;
grant select on table public.follow_periods to authenticated;
revoke delete, insert, select, update on table public.business_updates from anon;
revoke delete, update on table public.business_updates from authenticated;
revoke delete, insert, select, update on table public.notification_events from anon, authenticated;
revoke delete, insert, select, update on table public.notification_reads from anon, authenticated;
grant select on table public.notification_reads to authenticated;
revoke delete, insert, select, update on table public.notifications from anon;
revoke delete, insert, update on table public.notifications from authenticated;
grant update (is_read) on table public.notifications to authenticated;
revoke delete, insert, select, update on table public.push_subscriptions from anon;
revoke update on table public.push_subscriptions from authenticated;

revoke execute on function
  private.on_follow_changed(),
  private.notify_followers(uuid,text,uuid,jsonb),
  private.guard_business_update_rate(),
  private.on_business_update_posted(),
  private.member_notifications(integer),
  private.member_following(),
  private.mark_notification_read(uuid),
  private.on_notification_event_read(),
  private.on_notification_read(),
  private.save_push_subscription(text,text,text),
  private.guard_push_subscription_count()
  from public;
grant execute on function private.notify_followers(uuid,text,uuid,jsonb) to service_role;
grant execute on function private.member_notifications(integer) to authenticated, service_role;
grant execute on function private.member_following() to authenticated;
grant execute on function
  private.mark_notification_read(uuid),
  private.save_push_subscription(text,text,text)
  to authenticated;
