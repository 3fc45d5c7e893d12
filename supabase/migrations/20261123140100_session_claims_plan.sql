-- The session lookup of every API request, planned once per connection (issue 14, decision 140).
--
-- Every request's transaction starts with this statement (sent with BEGIN, middleware/session.ts): it
-- finds the session's user and sets the role and the claims that RLS reads. As a plain statement it was
-- parsed and planned on every request (0.11 ms of the database's ~1.5 ms for GET /api/deals, pgbench
-- -c1: 0.45 → 0.34 ms per transaction); in PL/pgSQL its plan is cached per connection. Invoker rights
-- on purpose: a security-definer function may not change the role, and the caller is the API's own
-- connection role, the only one that may read private.sessions. set_config(..., true) inside it lasts
-- until the end of the transaction (only the SET clause's own search_path is restored on return).
create or replace function private.session_claims(p_token_hash text)
returns table (id uuid, email text, role text, db_role text, claims text)
language plpgsql volatile
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
    select u.id, u.email, u.role,
           set_config('role', case when u.id is null then 'anon' else 'authenticated' end, true),
           set_config('request.jwt.claims', case when u.id is null then '{"role":"anon"}'
             else json_build_object('role', 'authenticated', 'sub', u.id, 'email', u.email)::text end, true)
      from (select 1) one
      left join lateral (
        select p.id, p.email, p.role
          from private.sessions s join public.profiles p on p.id = s.user_id
         where s.token_hash = p_token_hash and s.expires_at > now()
      ) u on true;
end
$$;
comment on function private.session_claims(text) is
  'The request''s session: its user (or nulls) and, for the rest of the transaction, the role (authenticated or anon) and request.jwt.claims. Called first in every API transaction by the API''s connection role (decision 140).';
revoke execute on function private.session_claims(text) from public, anon, authenticated;
