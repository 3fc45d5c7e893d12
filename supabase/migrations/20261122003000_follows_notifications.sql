-- Following, notifications, business updates and the realtime fan-out.
-- A member follows a business; when the business posts (an update here, a deal in the next
-- migration) one set-based statement stores a notification per follower and publishes one
-- realtime message per follower on the private topic user:<id>. Open apps refetch on that message.

-- ---------------------------------------------------------------- follows
create table public.follows (
  user_id uuid not null references public.profiles (id) on delete cascade,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, merchant_id)
);
comment on table public.follows is 'A member following a business. One row per pair (the primary key prevents duplicates); read and written only by the member.';
alter table public.follows enable row level security;
-- Serves the merchant_id foreign key and the fan-out (index-only scan of one business''s followers).
create index follows_merchant_id_user_id_idx on public.follows (merchant_id, user_id);

revoke all on public.follows from anon;
revoke update on public.follows from authenticated;

-- ---------------------------------------------------------------- business updates
create table public.business_updates (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  message text not null check (length(btrim(message)) between 1 and 280),
  created_at timestamptz not null default now()
);
comment on table public.business_updates is 'Short news a business posts to its followers; each one fans out as a BUSINESS_UPDATE notification.';
alter table public.business_updates enable row level security;
create index business_updates_merchant_id_created_at_idx on public.business_updates (merchant_id, created_at desc);

revoke all on public.business_updates from anon;
revoke update, delete on public.business_updates from authenticated;

-- ---------------------------------------------------------------- notifications
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- NEW_DEAL, BUSINESS_UPDATE, or any later kind (the screen shows unknown kinds in grey).
  type text not null check (type ~ '^[A-Z][A-Z_]{1,39}$'),
  -- References, deliberately not foreign keys: a notification outlives its deal and its business
  -- (the card keeps the names in data), deleting a deal touches no notification rows, and a
  -- 100,000-follower fan-out skips two foreign-key checks per row. The API resolves both through
  -- RLS-filtered joins: gone or no longer visible = null, and the screen hides "View Deal".
  merchant_id uuid,
  deal_id uuid,
  -- Snapshot shown on the card: merchantName, dealTitle (NEW_DEAL), previewText.
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.notifications is 'What a member was told: one row per follower per event, written only by the fan-out. A member reads and marks read only their own.';
alter table public.notifications enable row level security;
create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
-- "Was this deal announced already?" (the deals trigger), without indexing update notifications.
create index notifications_deal_id_idx on public.notifications (deal_id) where deal_id is not null;

-- Members may only flip is_read; rows are created by the fan-out (security definer) alone.
revoke all on public.notifications from anon;
revoke insert, update, delete on public.notifications from authenticated;
grant update (is_read) on public.notifications to authenticated;

-- ---------------------------------------------------------------- policies
create policy "follows: user reads own" on public.follows
  for select to authenticated using (user_id = (select auth.uid()));
-- Members only, an approved business they can see, never their own.
create policy "follows: member follows an active business" on public.follows
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.user_role()) = 'USER'
    and exists (
      select 1 from public.merchants m
       where m.id = merchant_id and m.active and m.owner_user_id <> (select auth.uid())
    )
  );
create policy "follows: user unfollows own" on public.follows
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "business_updates: users read active businesses' and owners read own" on public.business_updates
  for select to authenticated
  using (exists (
    select 1 from public.merchants m
     where m.id = merchant_id and (m.active or m.owner_user_id = (select auth.uid()))
  ));
create policy "business_updates: owner of an active business posts" on public.business_updates
  for insert to authenticated
  with check (exists (
    select 1 from public.merchants m
     where m.id = merchant_id and m.active and m.owner_user_id = (select auth.uid())
  ));

create policy "notifications: user reads own" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
-- Only unread -> read (spec section 4); never back, never someone else's.
create policy "notifications: user marks own read" on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and is_read);

-- ---------------------------------------------------------------- realtime authorisation
-- Supabase Realtime decides who may join a private channel by running a select on
-- realtime.messages as the joining user with realtime.topic() set (and rolling back). Locally the
-- runner's SSE relay asks the same question the same way (local/realtime-authorize.ts).
--   user:<id>  a member's own notifications: only that member.
--   city:<id>  "deals in this city changed, refetch": ids only, no codes; any signed-in user.
-- No insert policy: browsers never broadcast; the database publishes through realtime.send.
create policy "messages: user joins own user topic and city topics" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) like 'city:%'
    )
  );

-- ---------------------------------------------------------------- fan-out
-- The fan-out: ONE statement stores a notification per follower and publishes to each follower's
-- private topic. Security definer because followers' rows are not the caller's to write.
create or replace function private.notify_followers(
  p_merchant_id uuid, p_type text, p_deal_id uuid, p_data jsonb
) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  delivered integer;
begin
  with stored as (
    insert into public.notifications (user_id, type, merchant_id, deal_id, data)
    select f.user_id, p_type, p_merchant_id, p_deal_id, p_data
      from public.follows f
     where f.merchant_id = p_merchant_id
    returning id, user_id, type
  )
  -- count() evaluates its argument for every row, so every follower's message is sent.
  select count(realtime.send(jsonb_build_object('id', s.id, 'type', s.type), 'notification', 'user:' || s.user_id::text, true))::int
    into delivered
    from stored s;
  return delivered;
end
$$;
comment on function private.notify_followers(uuid, text, uuid, jsonb) is 'Stores one notification per follower of a business and publishes each on user:<follower id>, in one set-based statement. Returns the number of followers reached.';

create or replace function private.on_business_update_posted() returns trigger
language plpgsql security definer
set search_path = ''
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
create trigger business_updates_notify_followers after insert on public.business_updates
  for each row execute function private.on_business_update_posted();

-- Another open tab of the same member drops its unread badge too.
create or replace function private.on_notification_read() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('id', new.id), 'notification_read', 'user:' || new.user_id::text, true);
  return null;
end
$$;
create trigger notifications_publish_read after update of is_read on public.notifications
  for each row when (new.is_read and not old.is_read)
  execute function private.on_notification_read();

-- A business may post a handful of updates a day: followers are not a mailing list.
-- SQLSTATE PL429: the API answers HTTP 429 with this message (errcode PLnnn -> status nnn).
create or replace function private.guard_business_update_rate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.business_updates u
       where u.merchant_id = new.merchant_id and u.created_at > now() - interval '24 hours') >= 5 then
    raise exception 'You can post at most 5 updates a day' using errcode = 'PL429';
  end if;
  return new;
end
$$;
create trigger business_updates_rate_limit before insert on public.business_updates
  for each row execute function private.guard_business_update_rate();

revoke execute on function
  private.notify_followers(uuid, text, uuid, jsonb),
  private.on_business_update_posted(),
  private.on_notification_read(),
  private.guard_business_update_rate()
from public, anon, authenticated;
