-- Accounts and sessions: one profile per account (member, business owner, staff, admin), the password hashes,
-- the cookie sessions and their claims (decision 176), one-time account links, and the idempotency keys that replay
-- a request's first answer. The API authenticates itself (no Supabase Auth): auth.uid() is the session's user.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.profiles (
    id uuid default gen_random_uuid() not null,
    email text not null,
    name text not null,
    role text default 'USER'::text not null,
    home_city_id uuid,
    preferred_charity_id uuid,
    profile_picture text,
    member_number integer not null,
    created_at timestamp with time zone default now() not null,
    email_verified_at timestamp with time zone,
    constraint profiles_email_check check ((email = lower(email))),
    constraint profiles_name_check check (((length(trim(both from name)) >= 1) and (length(trim(both from name)) <= 100))),
    constraint profiles_role_check check ((role = any (array['USER'::text, 'MERCHANT'::text, 'ADMIN'::text, 'STAFF'::text]))),
    constraint profiles_email_key unique (email),
    constraint profiles_member_number_key unique (member_number),
    constraint profiles_pkey primary key (id),
    constraint profiles_home_city_id_fkey foreign key (home_city_id) references public.cities(id) on delete set null,
    constraint profiles_preferred_charity_id_fkey foreign key (preferred_charity_id) references public.charities(id) on delete set null
);

alter table public.profiles alter column member_number add generated always as identity (
    sequence name public.profiles_member_number_seq
    start with 100001
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.profiles is 'One row per account: role, name, home city and chosen charity. Written by the API auth layer; members may edit only their own name, city, charity and picture.';

comment on column public.profiles.email_verified_at is 'When the owner proved the address by opening a mailed link (verification or password reset); null = not verified. Written only by the API (service_role); not in the columns members may update.';

create table private.credentials (
    user_id uuid not null,
    password_hash text not null,
    updated_at timestamp with time zone default now() not null,
    constraint credentials_pkey primary key (user_id),
    constraint credentials_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.credentials is 'Password hashes (bcrypt). Never exposed.';

-- counter_device_id references private.counter_devices: that key is added in counter.sql, after the table.
create table private.sessions (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    token_hash text not null,
    created_at timestamp with time zone default now() not null,
    expires_at timestamp with time zone not null,
    counter_device_id uuid,
    kind text default 'personal'::text not null,
    last_seen_at timestamp with time zone default now() not null,
    idle_timeout interval default '14 days'::interval not null,
    device_label text,
    constraint sessions_device_label_check check (((device_label is null) or (length(device_label) <= 100))),
    constraint sessions_kind_check check ((kind = any (array['personal'::text, 'counter'::text, 'admin'::text]))),
    constraint sessions_pkey primary key (id),
    constraint sessions_token_hash_key unique (token_hash),
    constraint sessions_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.sessions is 'Cookie sessions: only the SHA-256 of the opaque token is stored. Deleted on logout and with the user.';

comment on column private.sessions.counter_device_id is 'Set for a staff member''s session opened by PIN on a paired counter tablet: unpairing the tablet ends it.';

comment on column private.sessions.kind is 'personal, counter (PIN on a paired tablet) or admin: sets idle_timeout and the absolute expires_at (decision 176).';

comment on column private.sessions.last_seen_at is 'Last use, refreshed by private.session_claims at most every 5 minutes: approximate by design.';

comment on column private.sessions.idle_timeout is 'The session ends when unused for this long (last_seen_at + idle_timeout).';

comment on column private.sessions.device_label is 'A short name of the browser it was opened in ("Chrome on Android"), for the signed-in devices list; never the full User-Agent.';

create table private.account_tokens (
    token_hash text not null,
    user_id uuid not null,
    purpose text not null,
    email text not null,
    expires_at timestamp with time zone not null,
    used_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    constraint account_tokens_purpose_check check ((purpose = any (array['password_reset'::text, 'verify_email'::text]))),
    constraint account_tokens_token_hash_check check ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    constraint account_tokens_pkey primary key (token_hash),
    constraint account_tokens_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.account_tokens is 'Password-reset and address-verification links: only the SHA-256 of the token is stored; single use (used_at), short-lived (expires_at).';

create table private.idempotency_keys (
    user_id uuid not null,
    key text not null,
    method text not null,
    path text not null,
    status integer,
    body text,
    created_at timestamp with time zone default now() not null,
    request_hash text,
    lease_until timestamp with time zone,
    applied_at timestamp with time zone,
    constraint idempotency_keys_key_check check (((length(key) >= 1) and (length(key) <= 100))),
    constraint idempotency_keys_request_hash_check check (((request_hash is null) or (request_hash ~ '^[0-9a-f]{64}$'::text))),
    constraint idempotency_keys_pkey primary key (user_id, key),
    constraint idempotency_keys_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.idempotency_keys is 'One row per (user, Idempotency-Key): the first response, replayed for repeats. status null = in flight.';

comment on column private.idempotency_keys.request_hash is 'SHA-256 (hex) of the first request''s method, path and body; a repeat with another hash gets 422. Null only on rows from before this column.';

comment on column private.idempotency_keys.lease_until is 'While status is null (in progress): until when the running request holds the key. Past it, a replay takes the key over (decision 175). Null on keys from before the lease: treated as expired.';

comment on column private.idempotency_keys.applied_at is 'When a transaction of this key''s request that wrote something committed (private.idempotency_mark_applied): the work is saved even if the answer was never stored (decision 175).';

-- ---------------------------------------------------------------- indexes
create index profiles_created_at_idx on public.profiles using btree (created_at desc, id);

create index profiles_home_city_id_idx on public.profiles using btree (home_city_id);

create index profiles_preferred_charity_id_idx on public.profiles using btree (preferred_charity_id);

create index profiles_role_idx on public.profiles using btree (role);

create index sessions_counter_device_id_idx on private.sessions using btree (counter_device_id) where (counter_device_id is not null);

create index sessions_user_id_idx on private.sessions using btree (user_id);

create index account_tokens_user_idx on private.account_tokens using btree (user_id, purpose, created_at);

create index idempotency_keys_created_at_idx on private.idempotency_keys using btree (created_at);

-- ---------------------------------------------------------------- row-level security
alter table public.profiles enable row level security;

create policy "profiles: admin deletes non-admins" on public.profiles
  for delete to authenticated
  using ((( select private.is_admin() as is_admin) and (role <> 'ADMIN'::text)));

create policy "profiles: user reads own, admin reads all" on public.profiles
  for select to authenticated
  using (((id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

create policy "profiles: user updates own" on public.profiles
  for update to authenticated
  using ((id = ( select auth.uid() as uid)))
  with check ((id = ( select auth.uid() as uid)));

alter table private.account_tokens enable row level security;

-- ---------------------------------------------------------------- functions
-- Sessions (decision 176): the claims a cookie's session gives a request, each kind's idle and absolute
-- lifetime, and starting one (at most p_max_live live per user).
create function private.session_claims(p_token_hash text) returns table(id uuid, email text, role text, db_role text, claims text)
    language plpgsql
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
#variable_conflict use_column
begin
  perform set_config('statement_timeout', '10s', true),
          set_config('idle_in_transaction_session_timeout', '15s', true);
  -- Sessions with limits (decision 176, migration 20261126050100): the last use refreshed at most every 5 minutes.
  update private.sessions s set last_seen_at = now()
   where s.id = (select o.id from private.sessions o
                  where o.token_hash = p_token_hash and o.last_seen_at < now() - interval '5 minutes'
                    and o.expires_at > now() and o.last_seen_at + o.idle_timeout > now()
                    for update skip locked);
  return query
    select u.id, u.email, u.role,
           set_config('role', case when u.id is null then 'anon' else 'authenticated' end, true),
           set_config('request.jwt.claims', case when u.id is null then '{"role":"anon"}'
             else json_build_object('role', 'authenticated', 'sub', u.id, 'email', u.email)::text end, true)
      from (select 1) one
      left join lateral (
        select p.id, p.email, p.role
          from private.sessions s join public.profiles p on p.id = s.user_id
         where s.token_hash = p_token_hash and s.expires_at > now() and s.last_seen_at + s.idle_timeout > now()
      ) u on true;
end
$$;

comment on function private.session_claims(p_token_hash text) is 'The request''s session: its user (or nulls) unless ended (absolute or idle, decision 176), the last use refreshed at most every 5 minutes, and for the rest of the transaction the role (authenticated or anon), request.jwt.claims and the time limits (statement 10 s, idle in transaction 15 s; decision 175). Called first in every API transaction by the API''s connection role (decision 140).';

create function private.session_policy(p_kind text, out idle interval, out lifetime interval) returns record
    language sql immutable
    set search_path to ''
    as $$
  select case p_kind when 'counter' then interval '4 hours' when 'admin' then interval '30 minutes' else interval '14 days' end,
         case p_kind when 'counter' then interval '12 hours' when 'admin' then interval '12 hours' else interval '30 days' end
$$;

comment on function private.session_policy(p_kind text, out idle interval, out lifetime interval) is 'Idle timeout and absolute lifetime of a kind of session: personal 14 d / 30 d, counter 4 h / 12 h, admin 30 min / 12 h (decision 176).';

create function private.start_session(p_user_id uuid, p_token_hash text, p_counter_device_id uuid, p_device_label text, p_max_live integer default 10) returns timestamp with time zone
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_kind text;
  v_policy record;
  v_expires timestamptz;
begin
  -- Two sign-ins of one account at once wait for each other, so the count below holds.
  select case when p_counter_device_id is not null then 'counter' when p.role = 'ADMIN' then 'admin' else 'personal' end
    into v_kind
    from public.profiles p where p.id = p_user_id for no key update;
  if v_kind is null then
    raise exception 'No such account' using errcode = 'PL404';
  end if;
  select * into v_policy from private.session_policy(v_kind);
  -- This account's ended sessions go (housekeeping; the lookup already ignores them).
  delete from private.sessions s
   where s.user_id = p_user_id and (s.expires_at <= now() or s.last_seen_at + s.idle_timeout <= now());
  insert into private.sessions (user_id, token_hash, expires_at, counter_device_id, kind, idle_timeout, device_label)
  values (p_user_id, p_token_hash, now() + v_policy.lifetime, p_counter_device_id, v_kind, v_policy.idle,
          nullif(left(p_device_label, 100), ''))
  returning expires_at into v_expires;
  delete from private.sessions s
   where s.id in (select o.id from private.sessions o where o.user_id = p_user_id
                   order by o.created_at desc, o.id desc offset greatest(p_max_live, 1));
  return v_expires;
end
$$;

comment on function private.start_session(p_user_id uuid, p_token_hash text, p_counter_device_id uuid, p_device_label text, p_max_live integer) is 'Opens a session with its kind''s idle timeout and lifetime (decision 176); at most p_max_live (10) live sessions per account, the oldest ending first.';

-- Bookkeeping: the member count of the admin metrics, and the mark that an idempotent request's work
-- committed (decision 175).
create function private.count_profiles() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if tg_op = 'INSERT' then
    perform private.bump_platform_counter('total_users', (select count(*) from inserted));
  else
    perform private.bump_platform_counter('total_users', -(select count(*) from deleted));
  end if;
  return null;
end
$$;

create function private.idempotency_mark_applied(p_user uuid, p_key text) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if pg_catalog.pg_current_xact_id_if_assigned() is null
     or coalesce(pg_catalog.current_setting('paylocal.idempotency_bookkeeping', true), '') = 'on' then
    return;
  end if;
  update private.idempotency_keys
     set applied_at = now()
   where user_id = p_user and key = p_key and applied_at is null and status is null
     and (auth.uid() is null or auth.uid() = p_user);
end
$$;

comment on function private.idempotency_mark_applied(p_user uuid, p_key text) is 'Run last in each transaction of a request that carries an Idempotency-Key: records that its work committed, in the same transaction (decision 175).';

-- ---------------------------------------------------------------- triggers
create trigger profiles_charity_offered before update of preferred_charity_id on public.profiles for each row execute function private.guard_charity_is_offered();

create trigger profiles_count_delete after delete on public.profiles referencing old table as deleted for each statement execute function private.count_profiles();

create trigger profiles_count_insert after insert on public.profiles referencing new table as inserted for each statement execute function private.count_profiles();

create trigger profiles_home_city_active before insert or update of home_city_id on public.profiles for each row execute function private.guard_city_is_active('home_city_id');

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke insert, update on table public.profiles from anon, authenticated;
grant update (home_city_id, name, preferred_charity_id, profile_picture) on table public.profiles to authenticated;
grant delete, insert, select, update on table private.credentials to service_role;
grant delete, insert, select, update on table private.sessions to service_role;
grant delete, insert, select, update on table private.account_tokens to service_role;
grant delete, insert, select, update on table private.idempotency_keys to service_role;

revoke execute on function
  private.session_claims(text),
  private.session_policy(text),
  private.start_session(uuid,text,uuid,text,integer),
  private.count_profiles(),
  private.idempotency_mark_applied(uuid,text)
  from public;
grant execute on function private.start_session(uuid,text,uuid,text,integer) to service_role;
grant execute on function private.idempotency_mark_applied(uuid,text) to authenticated, service_role;
