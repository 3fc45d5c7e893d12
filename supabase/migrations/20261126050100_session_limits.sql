-- Sessions with limits (issue 28, decision 176): an idle timeout and an absolute lifetime per kind of session,
-- at most 10 live sessions per account (SESSIONS_PER_ACCOUNT), and what the "Signed-in devices" list shows.
--
-- Kinds (chosen by private.start_session from the account and the place):
--   personal  a member's phone, a merchant's or staff member's own device: idle 14 days, at most 30 days
--   counter   a staff session opened by PIN on a paired counter tablet:  idle 4 hours, at most 12 hours
--   admin     the admin's desktop:                                         idle 30 minutes, at most 12 hours
-- last_seen_at is refreshed by the session lookup itself (private.session_claims), at most every 5 minutes,
-- so a request stays one statement and one round trip (decision 130) and most requests write nothing.

alter table private.sessions
  add column kind text not null default 'personal' check (kind in ('personal', 'counter', 'admin')),
  add column last_seen_at timestamptz not null default now(),
  add column idle_timeout interval not null default interval '14 days',
  add column device_label text check (device_label is null or length(device_label) <= 100);
comment on column private.sessions.kind is 'personal, counter (PIN on a paired tablet) or admin: sets idle_timeout and the absolute expires_at (decision 176).';
comment on column private.sessions.last_seen_at is 'Last use, refreshed by private.session_claims at most every 5 minutes: approximate by design.';
comment on column private.sessions.idle_timeout is 'The session ends when unused for this long (last_seen_at + idle_timeout).';
comment on column private.sessions.device_label is 'A short name of the browser it was opened in ("Chrome on Android"), for the signed-in devices list; never the full User-Agent.';

/** Idle timeout and absolute lifetime of a kind of session (decision 176). */
create or replace function private.session_policy(p_kind text, out idle interval, out lifetime interval)
language sql immutable
set search_path = ''
as $$
  select case p_kind when 'counter' then interval '4 hours' when 'admin' then interval '30 minutes' else interval '14 days' end,
         case p_kind when 'counter' then interval '12 hours' when 'admin' then interval '12 hours' else interval '30 days' end
$$;
comment on function private.session_policy(text) is 'Idle timeout and absolute lifetime of a kind of session: personal 14 d / 30 d, counter 4 h / 12 h, admin 30 min / 12 h (decision 176).';
revoke execute on function private.session_policy(text) from public, anon, authenticated;

-- Existing sessions take their kind's limits (none gets longer).
update private.sessions s set kind = 'counter', idle_timeout = (private.session_policy('counter')).idle,
       expires_at = least(s.expires_at, s.created_at + (private.session_policy('counter')).lifetime)
 where s.counter_device_id is not null;
update private.sessions s set kind = 'admin', idle_timeout = (private.session_policy('admin')).idle,
       expires_at = least(s.expires_at, s.created_at + (private.session_policy('admin')).lifetime)
  from public.profiles p
 where p.id = s.user_id and p.role = 'ADMIN' and s.counter_device_id is null;
update private.sessions s set expires_at = least(s.expires_at, s.created_at + (private.session_policy('personal')).lifetime)
 where s.kind = 'personal';

/**
 * Opens a session (the token's sha-256 only) with its kind's limits, and keeps at most 10 live sessions per
 * account: the oldest end first. Returns the absolute end (the cookie's lifetime).
 */
create or replace function private.start_session(
  p_user_id uuid, p_token_hash text, p_counter_device_id uuid, p_device_label text, p_max_live integer default 10
)
returns timestamptz
language plpgsql volatile security definer
set search_path = ''
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
comment on function private.start_session(uuid, text, uuid, text, integer) is
  'Opens a session with its kind''s idle timeout and lifetime (decision 176); at most p_max_live (10) live sessions per account, the oldest ending first.';
revoke execute on function private.start_session(uuid, text, uuid, text, integer) from public, anon, authenticated;
grant execute on function private.start_session(uuid, text, uuid, text, integer) to service_role;

-- The session lookup with the idle timeout and its refresh (at most once per 5 minutes, skipping a row another
-- request is refreshing, before a sent-ahead statement turns the transaction read only): its one current definition
-- is in 20261126120000_transaction_time_limits.sql, with the transaction time limits.
