-- Charities and their impact: the local charities a member's subscription supports, listed per city, and the
-- public totals (reporting.charity_impact). The ledger of every charity cent lives in billing.sql, beside the payments
-- it is booked from (its policy reads payments).

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.charities (
    id uuid default gen_random_uuid() not null,
    city_id uuid not null,
    name text not null,
    is_default boolean default false not null,
    created_at timestamp with time zone default now() not null,
    retired_at timestamp with time zone,
    constraint charities_name_check check (((name = trim(both from name)) and ((length(name) >= 1) and (length(name) <= 120)))),
    constraint charities_retired_not_default check ((not (is_default and (retired_at is not null)))),
    constraint charities_pkey primary key (id),
    constraint charities_city_id_fkey foreign key (city_id) references public.cities(id) on delete cascade
);

comment on table public.charities is 'Local charities and youth programs a member can support, listed per city.';

comment on column public.charities.retired_at is 'When the admin retired the charity (null: offered to members). Retired charities leave every picker; members who chose one keep it.';

-- ---------------------------------------------------------------- indexes
create index charities_city_id_idx on public.charities using btree (city_id);

create unique index charities_city_name_key on public.charities using btree (city_id, lower(name));

create unique index charities_one_default_per_city on public.charities using btree (city_id) where is_default;

-- ---------------------------------------------------------------- row-level security
alter table public.charities enable row level security;

create policy "charities: admin deletes" on public.charities
  for delete to authenticated
  using (( select private.is_admin() as is_admin));

create policy "charities: admin inserts" on public.charities
  for insert to authenticated
  with check (( select private.is_admin() as is_admin));

create policy "charities: admin updates" on public.charities
  for update to authenticated
  using (( select private.is_admin() as is_admin))
  with check (( select private.is_admin() as is_admin));

create policy "charities: anon reads" on public.charities
  for select to anon
  using ((exists ( select 1
   from public.cities c
  where ((c.id = charities.city_id) and c.active))));

create policy "charities: users read" on public.charities
  for select to authenticated
  using (true);

-- ---------------------------------------------------------------- functions
create function private.charity_for_user(member_id uuid) returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(
    p.preferred_charity_id,
    (select c.id from public.charities c
      where c.city_id = p.home_city_id and c.is_default
      order by c.created_at, c.id limit 1)
  )
  from public.profiles p
  where p.id = member_id
$$;

comment on function private.charity_for_user(member_id uuid) is 'The charity a member''s payments support: their chosen charity, else their home city''s default.';

create function private.guard_charity_is_offered() returns trigger
    language plpgsql
    set search_path to ''
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

create function private.share_of_returned(p_share integer, p_amount integer, p_returned integer) returns integer
    language sql immutable
    set search_path to ''
    as $$
  select ((p_share::bigint * p_returned * 2 + p_amount) / (2 * p_amount::bigint))::integer
$$;

comment on function private.share_of_returned(p_share integer, p_amount integer, p_returned integer) is 'Charity cents of a payment (share p_share of p_amount) that go back when p_returned cents went back: proportional, rounded half up.';

create function reporting.charity_impact() returns table(charity_id uuid, charity_name text, city_name text, city_state text, retired boolean, city_active boolean, month_cents bigint, total_cents bigint, member_count integer)
    language sql stable security definer
    set search_path to ''
    as $$
  with month as (
    select (date_trunc('month', now() at time zone 'UTC')) at time zone 'UTC' as starts
  ), sums as (
    select l.charity_id,
           coalesce(sum(l.cents) filter (where l.booked_at >= (select starts from month)), 0)::bigint as month_cents,
           sum(l.cents)::bigint as total_cents
      from public.charity_ledger l
     group by l.charity_id
  )
  -- Charities of open cities, and those of closed cities that received something; then the general fund.
  select ch.id, ch.name, ci.name, ci.state, ch.retired_at is not null, ci.active,
         coalesce(s.month_cents, 0), coalesce(s.total_cents, 0),
         (select count(*) from public.profiles pr where pr.preferred_charity_id = ch.id and pr.role = 'USER')::int
    from public.charities ch
    join public.cities ci on ci.id = ch.city_id
    left join sums s on s.charity_id = ch.id
   where ci.active or s.charity_id is not null
  union all
  select null, null, null, null, false, true, s.month_cents, s.total_cents, 0
    from sums s where s.charity_id is null
   order by 3 nulls last, 4, 2
$$;

comment on function reporting.charity_impact() is 'Public totals from public.charity_ledger, net of refunds and lost disputes: per charity of an open city (and of a closed city that received shares), this calendar month (UTC) and all time, with how many members chose it; the general fund (charity_id null) last. No member data.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke execute on function
  private.charity_for_user(uuid),
  private.guard_charity_is_offered(),
  private.share_of_returned(integer,integer,integer),
  reporting.charity_impact()
  from public;
grant execute on function private.charity_for_user(uuid) to service_role;
grant execute on function reporting.charity_impact() to anon, authenticated, service_role;
