-- Web Push for followed businesses (decision 110): members' devices (push subscriptions), and a durable
-- queue: one job per NEW_DEAL / BUSINESS_UPDATE event, written in the transaction of the event by the
-- existing fan-out (private.notify_followers); the drainer expands a job into one delivery per device in
-- batches (a cursor over the followers) and sends the deliveries outside any request.

-- ---------------------------------------------------------------- devices
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- The push service's capability URL for one browser (RFC 8030); https only, bounded.
  endpoint text not null unique check (endpoint ~ '^https://' and length(endpoint) <= 1024),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url (RFC 8291).
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
comment on table public.push_subscriptions is
  'One row per device a member turned push on for (endpoint + keys from PushManager.subscribe). A member sees, adds and removes only their own; the drainer (service_role) reads them and removes those the push service answers 404/410.';
-- The fan-out walks a business's followers in user order and looks up each one's devices.
create index push_subscriptions_user_id_id_idx on public.push_subscriptions (user_id, id);
alter table public.push_subscriptions enable row level security;
revoke all on public.push_subscriptions from public, anon;
revoke update on public.push_subscriptions from authenticated;
grant select, insert, delete on public.push_subscriptions to authenticated;
grant select, insert, update, delete on public.push_subscriptions to service_role;

create policy "push_subscriptions: user reads own" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "push_subscriptions: user adds own" on public.push_subscriptions
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "push_subscriptions: user removes own" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

-- At most 10 devices per member (SQLSTATE PL409 -> HTTP 409).
create or replace function private.guard_push_subscription_count() returns trigger
language plpgsql security definer
set search_path = ''
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
create trigger push_subscriptions_limit before insert on public.push_subscriptions
  for each row execute function private.guard_push_subscription_count();

/**
 * Saves the caller's device. The endpoint is a capability of one browser profile: when another account
 * used the same browser before, its row for that endpoint is dropped (the browser now belongs to the caller).
 */
create or replace function private.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = 'PL401';
  end if;
  delete from public.push_subscriptions s where s.endpoint = p_endpoint and s.user_id <> v_uid;
  update public.push_subscriptions s set p256dh = p_p256dh, auth = p_auth
   where s.endpoint = p_endpoint and s.user_id = v_uid
  returning s.id into v_id;
  if v_id is null then
    insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
    values (v_uid, p_endpoint, p_p256dh, p_auth)
    returning id into v_id;
  end if;
  return v_id;
end
$$;
comment on function private.save_push_subscription(text, text, text) is
  'Adds or refreshes the signed-in caller''s device by endpoint, taking the endpoint over from another account that used the same browser.';
revoke execute on function private.save_push_subscription(text, text, text) from public, anon;
grant execute on function private.save_push_subscription(text, text, text) to authenticated;
revoke execute on function private.guard_push_subscription_count() from public, anon, authenticated;

-- ---------------------------------------------------------------- queue
create table private.push_jobs (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  type text not null check (type in ('NEW_DEAL', 'BUSINESS_UPDATE')),
  deal_id uuid,
  -- The notification's snapshot: merchantName, dealTitle, previewText.
  data jsonb not null,
  -- Keyset cursor over the business's followers and their devices: the last (user_id, subscription id) expanded.
  cursor_user_id uuid,
  cursor_subscription_id uuid,
  -- pending: devices left to expand (a drainer locks the row for one batch: for update skip locked); done.
  status text not null default 'pending' check (status in ('pending', 'done')),
  created_at timestamptz not null default now(),
  done_at timestamptz
);
comment on table private.push_jobs is
  'One row per event that reaches followers by push, written in the event''s transaction; expanded into push_deliveries in batches by the drainer (cursor columns), never inside the merchant''s request. Never exposed to clients.';
create index push_jobs_due_idx on private.push_jobs (created_at) where status = 'pending';
alter table private.push_jobs enable row level security;
revoke all on private.push_jobs from public, anon, authenticated;
grant select, insert, update, delete on private.push_jobs to service_role;

create table private.push_deliveries (
  id bigint generated always as identity primary key,
  job_id uuid not null references private.push_jobs (id) on delete cascade,
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'sending', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  last_error text,
  unique (job_id, subscription_id)
);
comment on table private.push_deliveries is
  'One push message to one device, waiting to be sent: claimed with for update skip locked and a lease, deleted once the push service accepted it, retried with backoff on 429/5xx, failed after the attempt limit. Never exposed to clients.';
create index push_deliveries_due_idx on private.push_deliveries (next_attempt_at) where status in ('pending', 'sending');
create index push_deliveries_subscription_idx on private.push_deliveries (subscription_id);
alter table private.push_deliveries enable row level security;
revoke all on private.push_deliveries from public, anon, authenticated;
grant select, insert, update, delete on private.push_deliveries to service_role;

-- ---------------------------------------------------------------- enqueue in the event's transaction
-- The existing fan-out, unchanged, plus one push job per event that reached at least one follower.
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
  if delivered > 0 and p_type in ('NEW_DEAL', 'BUSINESS_UPDATE') then
    insert into private.push_jobs (merchant_id, type, deal_id, data)
    values (p_merchant_id, p_type, p_deal_id, p_data);
  end if;
  return delivered;
end
$$;
comment on function private.notify_followers(uuid, text, uuid, jsonb) is 'Stores one notification per follower of a business and publishes each on user:<follower id>, in one set-based statement; enqueues one push job for the event (decision 110). Returns the number of followers reached.';
revoke execute on function private.notify_followers(uuid, text, uuid, jsonb) from public, anon, authenticated;
-- The server (and the tests of the queue) may announce an event directly; members never.
grant execute on function private.notify_followers(uuid, text, uuid, jsonb) to service_role;

/**
 * Expands up to p_limit devices of a job's followers into deliveries and moves the cursor, in one
 * statement's transaction; marks the job done when nothing is left. Returns how many were added.
 */
create or replace function private.expand_push_job(p_job_id uuid, p_limit integer) returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  job private.push_jobs;
  added integer;
  last_user uuid;
  last_sub uuid;
begin
  select * into job from private.push_jobs where id = p_job_id for update;
  if job.id is null or job.status = 'done' then
    return 0;
  end if;
  with batch as (
    select f.user_id, s.id as subscription_id
      from public.follows f
      join public.push_subscriptions s on s.user_id = f.user_id
     where f.merchant_id = job.merchant_id
       -- Those who followed when the event happened (they got the notification), not later followers.
       and f.created_at <= job.created_at
       and (job.cursor_user_id is null
            or (f.user_id, s.id) > (job.cursor_user_id, job.cursor_subscription_id))
     order by f.user_id, s.id
     limit p_limit
  ), inserted as (
    insert into private.push_deliveries (job_id, subscription_id)
    select p_job_id, b.subscription_id from batch b
    on conflict (job_id, subscription_id) do nothing
  ), last_row as (
    select b.user_id, b.subscription_id from batch b order by b.user_id desc, b.subscription_id desc limit 1
  )
  select (select count(*) from batch)::int, (select user_id from last_row), (select subscription_id from last_row)
    into added, last_user, last_sub;
  if added < p_limit then
    update private.push_jobs set status = 'done', done_at = now(),
           cursor_user_id = coalesce(last_user, cursor_user_id),
           cursor_subscription_id = coalesce(last_sub, cursor_subscription_id)
     where id = p_job_id;
  else
    update private.push_jobs set cursor_user_id = last_user, cursor_subscription_id = last_sub
     where id = p_job_id;
  end if;
  return added;
end
$$;
comment on function private.expand_push_job(uuid, integer) is
  'Adds the next p_limit (follower, device) pairs of a push job as deliveries and advances its cursor; marks the job done when the followers are exhausted.';
revoke execute on function private.expand_push_job(uuid, integer) from public, anon, authenticated;
grant execute on function private.expand_push_job(uuid, integer) to service_role;
