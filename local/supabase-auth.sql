-- Supabase's API roles and auth helpers, in Supabase's own words (supabase/postgres migrations; docs:
-- https://supabase.com/docs/guides/api/api-keys, https://supabase.com/docs/guides/database/postgres/row-level-security#helper-functions).
-- One text for both stand-ins of Supabase: the local runner's bootstrap (local/bootstrap.sql) and the hosted
-- rehearsal's baseline (tests/hosted/supabase-baseline.sql), each including it with psql's `\ir` (local/sql-file.ts).
-- Roles and definitions only: each includer grants what its Supabase stand-in grants. Idempotent.

-- The API roles: no login, no inheritance; service_role bypasses RLS.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- The helpers read the verified JWT's claims from request.jwt.claims (PostgREST sets it; the API sets the
-- same setting per transaction). Supabase keeps the legacy request.jwt.claim.* fallback.
create schema if not exists auth;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
