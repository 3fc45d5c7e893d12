-- Every transaction the API opens has time limits that really apply (issue 28, decision 175).
--
-- A role-level setting (alter role authenticated set statement_timeout) does not apply: the API logs in as its
-- own role and switches with set_config('role', …, true) inside the transaction, and a role's settings are read
-- only at login. So the limits are set for the transaction itself (set_config(…, true) = SET LOCAL), in the same
-- statement that sets the role and claims: here for the session lookup that opens a signed-in request's
-- transaction, and in claimsSetupSql (db/database.ts) for every other transaction. No extra round trip.
--   statement_timeout 10 s: no statement of the API needs more than a fraction of a second;
--   idle_in_transaction_session_timeout 15 s: a transaction left open while the API waits on something else
--   ends (and its connection is closed) instead of holding its locks and its pooled connection.
-- PGlite (one connection in this process) accepts both settings and does not enforce them; there the request
-- body is read before the transaction opens (middleware/body-limit.ts), which is what kept it held.
create or replace function private.session_claims(p_token_hash text)
returns table (id uuid, email text, role text, db_role text, claims text)
language plpgsql volatile
set search_path = ''
set plan_cache_mode = force_generic_plan
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
comment on function private.session_claims(text) is
  'The request''s session: its user (or nulls) unless ended (absolute or idle, decision 176), the last use refreshed at most every 5 minutes, and for the rest of the transaction the role (authenticated or anon), request.jwt.claims and the time limits (statement 10 s, idle in transaction 15 s; decision 175). Called first in every API transaction by the API''s connection role (decision 140).';
revoke execute on function private.session_claims(text) from public, anon, authenticated;
