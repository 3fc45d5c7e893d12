-- The Data API is off for this project (supabase/config.toml, decision 078): browsers talk to the
-- Edge Function only, and the short-lived Realtime token (role authenticated) must open nothing else.
-- Hosted Supabase grants anon and authenticated ALL on public tables, including privileges RLS does
-- not govern: TRUNCATE (empties a table past every policy), REFERENCES and TRIGGER. The app uses none
-- of them through those roles, so they are revoked here, now and for tables made later. GraphQL
-- exposure (pg_graphql) is closed too, where the extension's schemas exist.

revoke truncate, references, trigger on all tables in schema public from anon, authenticated;

-- Tables created later by the role running migrations (postgres on Supabase).
alter default privileges in schema public revoke truncate, references, trigger on tables from anon, authenticated;

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
