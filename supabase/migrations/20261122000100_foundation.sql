-- Foundation: accounts, sessions, cities, charities, merchants.
-- Secrets live in schema "private", which is never exposed to the Data API and whose tables only
-- service_role (the API's auth layer) can touch. Everything in public has RLS with one named
-- policy per role and command.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------- settings
create table private.app_settings (
  key text primary key,
  value text not null
);
comment on table private.app_settings is 'Deployment settings the database needs, e.g. the designated admin email (ADMIN_EMAIL).';
grant select, insert, update, delete on private.app_settings to service_role;

-- ---------------------------------------------------------------- cities and charities
create table public.cities (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) between 1 and 100),
  state text not null check (length(trim(state)) between 1 and 100),
  description text check (description is null or length(description) <= 1000),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.cities is 'Cities the platform serves; inactive ones are hidden from everyone but the admin.';
alter table public.cities enable row level security;
create unique index cities_name_state_key on public.cities (lower(name), lower(state));

create table public.charities (
  id uuid primary key default gen_random_uuid(),
  city_id uuid not null references public.cities (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 200),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.charities is 'Local charities and youth programs a member can support, listed per city.';
alter table public.charities enable row level security;
create index charities_city_id_idx on public.charities (city_id);

-- ---------------------------------------------------------------- profiles
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  name text not null check (length(trim(name)) between 1 and 100),
  role text not null default 'USER' check (role in ('USER', 'MERCHANT', 'ADMIN')),
  home_city_id uuid references public.cities (id) on delete set null,
  preferred_charity_id uuid references public.charities (id) on delete set null,
  profile_picture text,
  member_number integer generated always as identity (start with 100001) unique,
  created_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per account: role, name, home city and chosen charity. Written by the API auth layer; members may edit only their own name, city, charity and picture.';
alter table public.profiles enable row level security;
create index profiles_home_city_id_idx on public.profiles (home_city_id);
create index profiles_preferred_charity_id_idx on public.profiles (preferred_charity_id);
create index profiles_role_idx on public.profiles (role);

-- Members may change only these columns; role, email and id are never writable by a user.
revoke update on public.profiles from anon, authenticated;
grant update (name, home_city_id, preferred_charity_id, profile_picture) on public.profiles to authenticated;
revoke insert on public.profiles from anon, authenticated;

-- ---------------------------------------------------------------- credentials and sessions
create table private.credentials (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  password_hash text not null,
  updated_at timestamptz not null default now()
);
comment on table private.credentials is 'Password hashes (bcrypt). Never exposed.';

create table private.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.sessions is 'Cookie sessions: only the SHA-256 of the opaque token is stored. Deleted on logout and with the user.';
create index sessions_user_id_idx on private.sessions (user_id);

create table private.auth_attempts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('login_failure', 'register')),
  email text,
  ip text,
  created_at timestamptz not null default now()
);
comment on table private.auth_attempts is 'Failed sign-ins and registrations, for rate limiting by email and by address.';
create index auth_attempts_email_idx on private.auth_attempts (email, created_at) where kind = 'login_failure';
create index auth_attempts_ip_idx on private.auth_attempts (ip, kind, created_at);

grant select, insert, update, delete on private.credentials, private.sessions, private.auth_attempts to service_role;

-- ---------------------------------------------------------------- merchants
create table public.merchants (
  id uuid primary key default gen_random_uuid(),
  owner_user_id uuid not null unique references public.profiles (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 120),
  address text not null check (length(trim(address)) between 1 and 200),
  business_type text,
  description text,
  phone text,
  website text,
  city_id uuid references public.cities (id) on delete set null,
  city_name text,
  is_women_owned boolean not null default false,
  logo_url text,
  active boolean not null default false,
  reward_rate_bps integer not null default 500 check (reward_rate_bps between 0 and 10000),
  approved_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.merchants is 'Businesses: pending (active = false) until the admin approves them. Reward rate in basis points.';
alter table public.merchants enable row level security;
create index merchants_city_id_idx on public.merchants (city_id);
create index merchants_active_idx on public.merchants (active);

-- ---------------------------------------------------------------- helpers (security definer, not exposed)
create or replace function private.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.profiles p
    join private.app_settings s on s.key = 'admin_email' and lower(s.value) = p.email
    where p.id = (select auth.uid()) and p.role = 'ADMIN'
  )
$$;
comment on function private.is_admin() is 'True only for the one designated admin account: role ADMIN and the ADMIN_EMAIL setting.';

create or replace function private.user_role() returns text
language sql stable security definer
set search_path = ''
as $$ select p.role from public.profiles p where p.id = (select auth.uid()) $$;
comment on function private.user_role() is 'Role of the signed-in user, for policies.';

revoke execute on all functions in schema private from public, anon;
grant execute on function private.is_admin(), private.user_role() to authenticated, service_role;

-- Owners may edit their business details, never their approval or reward rate.
create or replace function private.guard_merchant_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated' and not private.is_admin() and (
       new.active is distinct from old.active
    or new.reward_rate_bps is distinct from old.reward_rate_bps
    or new.owner_user_id is distinct from old.owner_user_id
    or new.approved_at is distinct from old.approved_at
  ) then
    raise exception 'Only the admin can change approval or reward rate' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger merchants_guard_update before update on public.merchants
  for each row execute function private.guard_merchant_update();

-- ---------------------------------------------------------------- policies
create policy "cities: anon reads active" on public.cities
  for select to anon using (active);
create policy "cities: users read active, admin reads all" on public.cities
  for select to authenticated using (active or (select private.is_admin()));
create policy "cities: admin inserts" on public.cities
  for insert to authenticated with check ((select private.is_admin()));
create policy "cities: admin updates" on public.cities
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "cities: admin deletes" on public.cities
  for delete to authenticated using ((select private.is_admin()));

create policy "charities: anon reads" on public.charities
  for select to anon using (true);
create policy "charities: users read" on public.charities
  for select to authenticated using (true);
create policy "charities: admin inserts" on public.charities
  for insert to authenticated with check ((select private.is_admin()));
create policy "charities: admin updates" on public.charities
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "charities: admin deletes" on public.charities
  for delete to authenticated using ((select private.is_admin()));

create policy "profiles: user reads own, admin reads all" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select private.is_admin()));
create policy "profiles: user updates own" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
create policy "profiles: admin deletes non-admins" on public.profiles
  for delete to authenticated using ((select private.is_admin()) and role <> 'ADMIN');

create policy "merchants: anon reads active" on public.merchants
  for select to anon using (active);
create policy "merchants: users read active, own, or all as admin" on public.merchants
  for select to authenticated
  using (active or owner_user_id = (select auth.uid()) or (select private.is_admin()));
create policy "merchants: merchant applies for self" on public.merchants
  for insert to authenticated
  with check (owner_user_id = (select auth.uid()) and not active and (select private.user_role()) = 'MERCHANT');
create policy "merchants: owner or admin updates" on public.merchants
  for update to authenticated
  using (owner_user_id = (select auth.uid()) or (select private.is_admin()))
  with check (owner_user_id = (select auth.uid()) or (select private.is_admin()));
create policy "merchants: admin deletes" on public.merchants
  for delete to authenticated using ((select private.is_admin()));

-- Subscription status shown on the session user. Replaced once subscriptions exist; invoker
-- rights, so RLS on the underlying rows still applies.
create or replace function private.subscription_status_of(user_id uuid) returns text
language sql stable
set search_path = ''
as $$ select 'none'::text $$;
revoke execute on function private.subscription_status_of(uuid) from public, anon;
grant execute on function private.subscription_status_of(uuid) to authenticated, service_role;
