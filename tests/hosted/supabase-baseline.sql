-- A Supabase-shaped baseline for the hosted rehearsal (tests only; never applied to a real project).
--
-- What a new hosted Supabase project already holds before `supabase db push` runs our migrations,
-- written from Supabase's documentation (NOT from local/bootstrap.sql, which is the embedded runner's
-- minimal stand-in; the two share only local/supabase-auth.sql, Supabase's own text of the API roles and the
-- auth helpers, without grants). Run by tests/hosted/rehearsal.ts as the server's superuser, which here plays
-- `supabase_admin` (Supabase's bootstrap superuser). Idempotent, so it can run on a server shared by
-- several checkouts (roles are cluster-wide; everything else is per database).
--
-- Sources (Supabase docs):
--  [roles]     https://supabase.com/docs/guides/database/postgres/roles
--              https://supabase.com/docs/guides/database/postgres/roles-superuser
--              ("Superuser access is not given ... additional privileges are granted to the postgres user")
--  [keys]      https://supabase.com/docs/guides/api/api-keys (anon / service_role map to Postgres roles;
--              service_role bypasses RLS)
--  [defacl]    https://supabase.com/kb/troubleshooting/cant-change-the-default-privileges-of-supabase_admin-in-the-public-schema
--              (default privileges in public give anon, authenticated and service_role ALL privileges on
--              tables, sequences and functions; the postgres role has its own default privileges too)
--  [hardening] https://supabase.com/docs/guides/database/hardening-data-api (TRUNCATE, REFERENCES, TRIGGER
--              stay in the default ACLs even with automatic exposure off)
--  [authfn]    https://supabase.com/docs/guides/database/postgres/row-level-security#helper-functions
--              (auth.uid(), auth.jwt(); claims from request.jwt.claims)
--  [rt-auth]   https://supabase.com/docs/guides/realtime/authorization (realtime.messages RLS, realtime.topic())
--  [rt-bc]     https://supabase.com/docs/guides/realtime/broadcast (realtime.send(payload, event, topic, private)
--              inserts into realtime.messages; Realtime reads it from the WAL and broadcasts it)
--  [storage]   https://supabase.com/docs/guides/storage/security/access-control (storage.objects RLS,
--              storage.foldername(), buckets in storage.buckets)
--              https://supabase.com/docs/guides/storage/schema/design
--  [supautils] https://github.com/supabase/supautils (policy_grants: CREATE POLICY on tables the role does not own)
--  [ext]       https://supabase.com/docs/guides/database/extensions (extensions live in schema `extensions`;
--              pgcrypto and uuid-ossp are on by default, others such as pg_trgm are enabled by the project)
--  [vault]     https://supabase.com/docs/guides/database/vault (vault.create_secret, vault.decrypted_secrets; on by
--              default) and https://github.com/supabase/vault/blob/main/sql/supabase_vault--0.3.0.sql (the table, the view
--              and create_secret's signature); the grants to postgres from supabase/postgres,
--              https://github.com/supabase/postgres/blob/develop/ansible/files/postgresql_extension_custom_scripts/supabase_vault/after-create.sql
--
-- The rehearsal's stand-in for Supabase's `postgres` role is `supabase_postgres`: on a CI server the
-- superuser itself is called postgres, so the project role needs another name. It gets what the docs
-- say Supabase's postgres has: LOGIN, CREATEROLE, CREATEDB, REPLICATION, BYPASSRLS, membership of the
-- API roles (so it can `set role authenticated`, as the API does), and it owns the database (so it can
-- create schemas and trusted extensions such as pg_trgm) — but it is NOT a superuser.

-- ---------------------------------------------------------------------------------------------- roles
-- The platform's roles, each made when missing (the API roles come from local/supabase-auth.sql, below).
do $$
declare
  wanted record;
begin
  for wanted in select * from (values
    -- Supabase's bootstrap superuser: it owns the platform's objects.
    ('supabase_admin', 'superuser createdb createrole replication bypassrls nologin'),
    -- [roles] PostgREST/Realtime log in as authenticator and switch to the role named in the JWT.
    ('authenticator', 'login noinherit'),
    -- Owners of the Realtime and Storage tables (the services' own admin roles).
    ('supabase_realtime_admin', 'nologin noinherit'),
    ('supabase_storage_admin', 'nologin noinherit createrole'),
    -- The stand-in for the project's postgres (see above).
    ('supabase_postgres', 'login createrole createdb replication bypassrls nosuperuser')
  ) as roles (name, attributes) loop
    if not exists (select 1 from pg_roles where rolname = wanted.name) then
      execute format('create role %I %s', wanted.name, wanted.attributes);
    end if;
  end loop;
end
$$;
-- [keys] [authfn] The API roles (anon, authenticated, service_role) and auth.jwt/uid/role/email(): Supabase's own
-- text, kept once in local/supabase-auth.sql (the local runner's bootstrap includes it too; no grants in it).
-- Made as supabase_admin, which owns the platform's objects here.
set role supabase_admin;
\ir ../../local/supabase-auth.sql
reset role;
-- The rehearsal's own credentials (a throwaway server); the CLI connects with a password.
alter role supabase_postgres with login nosuperuser createrole createdb replication bypassrls password 'rehearsal-postgres';
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to supabase_postgres;
grant pg_read_all_data, pg_signal_backend to supabase_postgres;
-- [supautils] On a hosted project postgres is NOT a member of the services' owner roles
-- (supabase_realtime_admin, supabase_storage_admin): it writes policies on realtime.messages and
-- storage.objects through supautils' `policy_grants` (a loadable library that lets the listed role run
-- CREATE/ALTER/DROP POLICY on the listed tables it does not own), and it reaches storage.buckets through the
-- grants below. The rehearsal has no supautils: rehearsal.ts stands in for its policy grant by making the
-- role a member of supabase_realtime_admin only while `supabase db push` runs, and checks afterwards that
-- it is no member of either (decision 179). Revoked here too: a server shared across runs may still hold
-- the membership an earlier baseline granted.
revoke supabase_realtime_admin, supabase_storage_admin from supabase_postgres;

-- Everything below belongs to the platform (supabase_admin), as on a hosted project.
set role supabase_admin;

-- ------------------------------------------------------------------------------------ schema public
-- [defacl] Supabase's broad grants: usage on public, and ALL on every table, sequence and function made
-- there, both for objects supabase_admin makes and for those the project's postgres makes (migrations).
-- ALL on a table includes TRUNCATE (ignores RLS), REFERENCES and TRIGGER — what the migrations must revoke.
grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to supabase_postgres;
alter default privileges in schema public grant all on tables to supabase_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to supabase_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to supabase_postgres, anon, authenticated, service_role;
alter default privileges for role supabase_postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role supabase_postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role supabase_postgres in schema public grant all on functions to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------ extensions
-- [ext] One schema for extensions, usable by the API roles; pgcrypto and uuid-ossp are on by default.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to supabase_postgres with grant option;
alter default privileges in schema extensions grant all on tables to supabase_postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to supabase_postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to supabase_postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
-- pg_trgm is deliberately NOT here: a project enables it itself (our migration does), as a non-superuser.

-- ------------------------------------------------------------------------------------ auth
-- [authfn] Schema auth and its helpers are made above (local/supabase-auth.sql); the API roles and postgres use them.
grant usage on schema auth to anon, authenticated, service_role, supabase_postgres;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role, supabase_postgres;

-- Supabase Auth's user table (a sketch of its documented key columns; this app keeps its own accounts).
create table if not exists auth.users (
  id uuid primary key,
  email varchar(255),
  role varchar(255),
  created_at timestamptz default now()
);
grant select on auth.users to supabase_postgres, service_role;

-- ------------------------------------------------------------------------------------ realtime
-- [rt-auth] Clients may join a private channel when the realtime.messages policies (written by the
-- project) let their JWT's role select (receive) / insert (send) a row for realtime.topic().
-- [rt-bc] realtime.send(payload, event, topic, private) inserts into realtime.messages; Realtime
-- replicates the insert to subscribers of the topic.
create schema if not exists realtime;
alter schema realtime owner to supabase_realtime_admin;
grant usage on schema realtime to anon, authenticated, service_role, supabase_postgres;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
-- Tables in realtime are visible to the API roles; RLS policies (the project's) decide the rows.
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant all on realtime.messages to supabase_postgres;

-- The topic the joining client asked for; Realtime sets realtime.topic for the authorisation query.
create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role, supabase_postgres;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  begin
    -- Supabase also sets realtime.topic for the insert so that policies see it.
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    -- Supabase's realtime.send never fails the caller's transaction: it warns and carries on.
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role, supabase_postgres;

-- ------------------------------------------------------------------------------------ storage
-- [storage] Buckets and objects are rows; access is decided by RLS policies on storage.objects that
-- the project writes (Storage runs each request under the caller's role; the service key bypasses RLS).
create schema if not exists storage;
alter schema storage owner to supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role, supabase_postgres;
grant create on schema storage to supabase_postgres;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to supabase_postgres with grant option;

-- Path helpers documented for storage policies.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;
create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;
create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role, supabase_postgres;

-- ------------------------------------------------------------------------------------ vault
-- [vault] Supabase Vault keeps secrets encrypted with a key outside the database; the Cron jobs of docs/operating.md
-- (step 9) read theirs from vault.decrypted_secrets when they run. This stand-in has Vault's table, view and
-- create_secret signature and its grants to postgres, and stores the secret base64-ENCODED, NOT encrypted (the
-- rehearsal's secrets are throwaway values). Used by the Cron rehearsal (tests/hosted/cron-rehearsal.ts).
create schema if not exists vault;
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets using btree (name) where name is not null;
create or replace view vault.decrypted_secrets as
select s.id, s.name, s.description, s.secret,
       convert_from(decode(s.secret, 'base64'), 'utf8') as decrypted_secret,
       s.key_id, s.nonce, s.created_at, s.updated_at
  from vault.secrets s;
create or replace function vault.create_secret(new_secret text, new_name text = null, new_description text = '', new_key_id uuid = null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  created uuid;
begin
  insert into vault.secrets (secret, name, description)
  values (encode(convert_to(new_secret, 'utf8'), 'base64'), new_name, new_description)
  returning id into created;
  return created;
end
$$;
revoke all on function vault.create_secret(text, text, text, uuid) from public;
grant usage on schema vault to supabase_postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to supabase_postgres with grant option;
grant execute on function vault.create_secret(text, text, text, uuid) to supabase_postgres with grant option;
grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret(text, text, text, uuid) to service_role;

reset role;
