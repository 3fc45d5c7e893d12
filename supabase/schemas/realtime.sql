-- Realtime (decision 180): who may join which topic (the policy on Supabase's realtime.messages), and the per-city
-- coalescing of deal_changed messages: one per city per 5-second window, the rest flushed after it.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.city_live_changes (
    city_id uuid not null,
    sent_at timestamp with time zone not null,
    pending boolean default false not null,
    constraint city_live_changes_pkey primary key (city_id),
    constraint city_live_changes_city_id_fkey foreign key (city_id) references public.cities(id) on delete cascade
);

comment on table private.city_live_changes is 'Per city: when the last deal_changed was sent on city:<id> and whether changes have waited since (decision 180). Written only by the triggers'' security-definer functions and the flush.';

-- ---------------------------------------------------------------- row-level security
alter table private.city_live_changes enable row level security;

-- ---------------------------------------------------------------- functions
create function private.city_live_window() returns interval
    language sql immutable
    set search_path to ''
    as $$ select interval '5 seconds' $$;

comment on function private.city_live_window() is 'The coalescing window of deal_changed on a city topic (decision 180).';

create function private.publish_city_change(p_city uuid, p_payload jsonb) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  -- Inside the window: wait for the flush. The row lock makes a concurrent change of the same city see this one.
  update private.city_live_changes c set pending = true
   where c.city_id = p_city and c.sent_at > now() - private.city_live_window();
  if found then
    return;
  end if;
  insert into private.city_live_changes as c (city_id, sent_at, pending) values (p_city, now(), false)
    on conflict (city_id) do update set sent_at = excluded.sent_at, pending = false;
  perform realtime.send(p_payload, 'deal_changed', 'city:' || p_city::text, true);
end
$$;

comment on function private.publish_city_change(p_city uuid, p_payload jsonb) is 'Sends deal_changed on city:<id> now, or marks the city pending when one was sent inside private.city_live_window() (decision 180).';

create function private.flush_city_changes() returns integer
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_sent integer := 0;
  v_city uuid;
begin
  for v_city in
    update private.city_live_changes c set pending = false, sent_at = now()
     where c.pending and c.sent_at <= now() - private.city_live_window()
    returning c.city_id
  loop
    perform realtime.send(
      jsonb_build_object('dealId', null, 'merchantId', null, 'cityId', v_city, 'change', 'coalesced'),
      'deal_changed', 'city:' || v_city::text, true);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;

comment on function private.flush_city_changes() is 'Sends one deal_changed (change: coalesced) for every city whose changes waited past the window; returns how many (decision 180).';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke all on table private.city_live_changes from public;

revoke execute on function
  private.publish_city_change(uuid,jsonb),
  private.flush_city_changes()
  from public;
grant execute on function private.flush_city_changes() to service_role;

-- merchant:<id> carries "this business told its followers something" ({id, type, merchantId}): ids only,
-- about businesses any signed-in user may list, so like city:<id> any signed-in user may join (decision 180).
create policy "messages: user joins own user topic, city and merchant topics" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) like 'city:%'
      or (select realtime.topic()) like 'merchant:%'
    )
  );
