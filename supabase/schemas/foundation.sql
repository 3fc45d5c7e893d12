-- Foundation: what every feature file stands on. Read first; applied first (supabase/config.toml, schema_paths).
-- The project's own schemas (links, private, reporting; public is Supabase's), the Data API closed (decision 078),
-- pg_trgm for business search, the deployment settings table and the helpers policies everywhere call: who is the
-- admin, which role the caller has, the updated_at and no-edit triggers.
--
-- How these files work (decision 186): they declare the database as it is now. A change is made here, in the
-- feature's file, and `npm run db:diff -- <name>` writes the migration; scripts/schema-files.test.ts fails while the
-- two differ. Each file: tables (with their keys, constraints and comments), indexes, row-level security and
-- policies, functions, triggers, then privileges. Privileges are written as changes to what an object gets when
-- it is made (the default privileges below and Supabase's), so the same text is right locally and hosted.
-- Function bodies are checked when they run, not when they are made (`set check_function_bodies = false`): a body
-- may read a table of a later file. A policy, a trigger, a column type or a default may not.

set check_function_bodies = false;

create extension if not exists pg_trgm with schema extensions;

-- Data API privileges (decision 078).
-- The Data API is off for this project (supabase/config.toml, decision 078): browsers talk to the Edge Function
-- only, and the short-lived Realtime token (role authenticated) must open nothing else. Hosted Supabase grants
-- anon and authenticated ALL on public tables, including privileges RLS does not govern: TRUNCATE, REFERENCES
-- and TRIGGER. Revoked for every table made by the role running migrations (postgres on Supabase), from here on.
alter default privileges in schema public revoke truncate, references, trigger on tables from anon, authenticated;
-- PostgreSQL 17 adds MAINTAIN (VACUUM, ANALYZE, CLUSTER, REINDEX, REFRESH MATERIALIZED VIEW, LOCK TABLE) to ALL, so
-- the same broad grants hand it out there (hosted projects run 17): revoked likewise, where the server has it (15
-- rejects the word, hence the version check; decision 194).
do $$
begin
  if current_setting('server_version_num')::int >= 170000 then
    execute 'alter default privileges in schema public revoke maintain on tables from anon, authenticated';
    execute 'revoke maintain on all tables in schema public from anon, authenticated';
  end if;
end;
$$;

-- GraphQL exposure (pg_graphql) is closed too, where the extension's schemas exist.
do $$
declare
  graphql_schema text;
begin
  foreach graphql_schema in array array['graphql', 'graphql_public'] loop
    if exists (select 1 from pg_namespace where nspname = graphql_schema) then
      execute format('revoke usage on schema %I from anon, authenticated', graphql_schema);
      execute format('revoke all on all functions in schema %I from anon, authenticated', graphql_schema);
    end if;
  end loop;
end;
$$;

-- ---------------------------------------------------------------- schemas
create schema links;

comment on schema links is 'Answers about deal links that visitors may ask (decision 115). Not exposed; anon and authenticated may use it. Every function here must revoke execute from public and grant it by name (supabase/tests/deal-links.rls.test.ts checks).';

create schema private;

create schema reporting;

comment on schema reporting is 'Aggregates the public may read (charity totals); no tables, not exposed.';

-- ---------------------------------------------------------------- tables
create table private.app_settings (
    key text not null,
    value text not null,
    constraint app_settings_pkey primary key (key)
);

comment on table private.app_settings is 'Deployment settings the database needs, e.g. the designated admin email (ADMIN_EMAIL).';

-- ---------------------------------------------------------------- functions
create function private.touch_updated_at() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create function private.refuse_edit() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  raise exception '% rows are never edited: add a new row instead', tg_table_name using errcode = '42501';
end
$$;

comment on function private.refuse_edit() is 'Refuses UPDATE on append-only tables (charity ledger, admin audit log).';

create function private.is_admin() returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (
    select 1
    from public.profiles p
    join private.app_settings s on s.key = 'admin_email' and lower(s.value) = p.email
    where p.id = (select auth.uid()) and p.role = 'ADMIN'
  )
$$;

comment on function private.is_admin() is 'True only for the one designated admin account: role ADMIN and the ADMIN_EMAIL setting.';

create function private.user_role() returns text
    language sql stable security definer
    set search_path to ''
    as $$ select p.role from public.profiles p where p.id = (select auth.uid()) $$;

comment on function private.user_role() is 'Role of the signed-in user, for policies.';

-- ---------------------------------------------------------------- privileges
-- Visitors may reach links and reporting (functions that say no more than a visitor may know); private only the
-- signed-in and the server. Each function there still grants execute by name.
grant usage on schema links to anon, authenticated, service_role;
grant usage on schema private to authenticated, service_role;
grant usage on schema reporting to anon, authenticated, service_role;

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant delete, insert, select, update on table private.app_settings to service_role;

revoke execute on function
  private.touch_updated_at(),
  private.refuse_edit(),
  private.is_admin(),
  private.user_role()
  from public;
grant execute on function
  private.is_admin(),
  private.user_role()
  to authenticated, service_role;
