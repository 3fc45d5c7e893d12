-- Charity transparency (issue 17, decision 125): the admin manages charities per city (create, edit,
-- retire, restore); the public sees how much each charity received (/impact); the admin downloads a
-- monthly statement per charity (read through the payments policies, as the admin).
--
-- Retired = closed to newcomers, kept for those who chose it: a retired charity leaves the pickers
-- (GET /api/charities, registration, subscribe); members who chose it keep it, and with it the
-- history of what they gave. Charities are never deleted once a share names them (decision 045).

-- ---------------------------------------------------------------- retiring, names, the default
alter table public.charities add column retired_at timestamptz;
comment on column public.charities.retired_at is
  'When the admin retired the charity (null: offered to members). Retired charities leave every picker; members who chose one keep it.';

-- Names: unique per city whatever the case, at most 120 characters, no surrounding spaces.
alter table public.charities drop constraint charities_name_check;
alter table public.charities add constraint charities_name_check
  check (name = trim(name) and length(name) between 1 and 120);
create unique index charities_city_name_key on public.charities (city_id, lower(name));

-- At most one default charity per city (the share of members who chose none goes there, decision
-- 012), and a retired charity is never the default.
create unique index charities_one_default_per_city on public.charities (city_id) where is_default;
alter table public.charities add constraint charities_retired_not_default
  check (not (is_default and retired_at is not null));

-- The charities policies: visitors read the charities of open cities (exactly what /impact lists),
-- signed-in users read every charity (a member's chosen charity may sit in a closed city), only the
-- designated admin writes (the foundation's insert, update and delete policies, unchanged).
alter policy "charities: anon reads" on public.charities
  using (exists (select 1 from public.cities c where c.id = city_id and c.active));

-- Nobody newly chooses a retired charity (a member who already has it keeps it).
create or replace function private.guard_charity_is_offered() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.preferred_charity_id is not null
     and new.preferred_charity_id is distinct from old.preferred_charity_id
     and exists (select 1 from public.charities c where c.id = new.preferred_charity_id and c.retired_at is not null) then
    raise exception 'That charity is not available' using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function private.guard_charity_is_offered() is 'Refuses changing a profile''s chosen charity to a retired one.';
revoke execute on function private.guard_charity_is_offered() from public, anon;
create trigger profiles_charity_offered before update of preferred_charity_id on public.profiles
  for each row execute function private.guard_charity_is_offered();

-- Monthly statements and month totals read payments by charity and time.
create index payments_charity_id_paid_at_idx on public.payments (charity_id, paid_at);
drop index public.payments_charity_id_idx;

-- ---------------------------------------------------------------- public totals
-- A schema of its own for the one aggregate visitors may call: not exposed (the Data API is off and
-- lists no schema, decision 078), usable by anon, holding nothing but this function.
create schema if not exists reporting;
comment on schema reporting is 'Aggregates the public may read (charity totals); no tables, not exposed.';
revoke all on schema reporting from public;
grant usage on schema reporting to anon, authenticated, service_role;

create or replace function reporting.charity_impact()
returns table (
  charity_id uuid, charity_name text, city_name text, city_state text, retired boolean,
  month_cents bigint, total_cents bigint, member_count integer
)
language sql stable security definer
set search_path = ''
as $$
  with month as (
    select (date_trunc('month', now() at time zone 'UTC')) at time zone 'UTC' as starts
  )
  select ch.id, ch.name, ci.name, ci.state, ch.retired_at is not null,
         coalesce((select sum(p.charity_share_cents) from public.payments p, month m
                    where p.charity_id = ch.id and p.paid_at >= m.starts), 0)::bigint,
         coalesce((select sum(p.charity_share_cents) from public.payments p where p.charity_id = ch.id), 0)::bigint,
         (select count(*) from public.profiles pr where pr.preferred_charity_id = ch.id and pr.role = 'USER')::int
    from public.charities ch
    join public.cities ci on ci.id = ch.city_id
   where ci.active
   order by ci.name, ci.state, ch.name
$$;
comment on function reporting.charity_impact() is
  'Public totals per charity of an open city: shares given this calendar month (UTC) and all time, from public.payments, and how many members chose it. No member data.';
revoke execute on function reporting.charity_impact() from public;
grant execute on function reporting.charity_impact() to anon, authenticated, service_role;
