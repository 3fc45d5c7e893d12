-- revoke-maintain: written by hand (decision 194); supabase/schemas/foundation.sql declares the same block. The
-- schema-file check builds both on PostgreSQL 15, where the block does nothing, and `db:diff` writes no DO blocks.
-- PostgreSQL 17 (hosted projects) adds MAINTAIN (VACUUM, ANALYZE, CLUSTER, REINDEX, REFRESH MATERIALIZED VIEW, LOCK
-- TABLE) to ALL, so Supabase's broad grants gave anon and authenticated MAINTAIN on every public table: revoked on
-- the tables made so far and for those made from here on. 15 rejects the word, hence the version check.

do $$
begin
  if current_setting('server_version_num')::int >= 170000 then
    execute 'alter default privileges in schema public revoke maintain on tables from anon, authenticated';
    execute 'revoke maintain on all tables in schema public from anon, authenticated';
  end if;
end;
$$;
