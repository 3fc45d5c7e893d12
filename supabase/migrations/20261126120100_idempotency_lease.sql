-- Issue 28 (decision 175): a crash never leaves an Idempotency-Key "in progress" forever.
--
-- lease_until: while a request runs, its key is held until then (IDEMPOTENCY_LEASE_SECONDS after it started). A
-- key still in progress after its lease was left by a process that died: a replay with the same key takes it over.
-- applied_at: set in the same transaction as the request's work (the API adds private.idempotency_mark_applied to
-- every transaction it commits for a keyed request), so a replay that takes a key over knows whether the work of
-- the dead request was saved: if it was, the work is not done again; if not, it is done now (exactly once).
alter table private.idempotency_keys
  add column lease_until timestamptz,
  add column applied_at timestamptz;
comment on column private.idempotency_keys.lease_until is
  'While status is null (in progress): until when the running request holds the key. Past it, a replay takes the key over (decision 175). Null on keys from before the lease: treated as expired.';
comment on column private.idempotency_keys.applied_at is
  'When a transaction of this key''s request that wrote something committed (private.idempotency_mark_applied): the work is saved even if the answer was never stored (decision 175).';

/*
 * Marks the caller's keyed request as applied, from inside the transaction that does its work: only when this
 * transaction wrote something (it has a transaction id) and did not say it is bookkeeping only (the limiter's
 * takes set paylocal.idempotency_bookkeeping). A signed-in caller may mark only their own keys.
 */
create or replace function private.idempotency_mark_applied(p_user uuid, p_key text)
returns void
language plpgsql security definer
set search_path = ''
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
comment on function private.idempotency_mark_applied(uuid, text) is
  'Run last in each transaction of a request that carries an Idempotency-Key: records that its work committed, in the same transaction (decision 175).';
revoke execute on function private.idempotency_mark_applied(uuid, text) from public, anon;
grant execute on function private.idempotency_mark_applied(uuid, text) to authenticated, service_role;
