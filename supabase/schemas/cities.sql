-- Cities: the places the platform serves. Every member, business and charity belongs to one; a city the admin
-- deactivates hides its businesses and deals (deals keep a copy of "listed", private.deals_follow_city).
-- Early because almost every table points at a city.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.cities (
    id uuid default gen_random_uuid() not null,
    name text not null,
    state text not null,
    description text,
    active boolean default true not null,
    created_at timestamp with time zone default now() not null,
    -- Last: a column added by a migration lands at the end of the table, so it is declared there too.
    time_zone text default 'America/Denver'::text not null,
    constraint cities_description_check check (((description is null) or (length(description) <= 1000))),
    constraint cities_name_check check (((length(trim(both from name)) >= 1) and (length(trim(both from name)) <= 100))),
    constraint cities_state_check check (((length(trim(both from state)) >= 1) and (length(trim(both from state)) <= 100))),
    constraint cities_pkey primary key (id)
);

comment on table public.cities is 'Cities the platform serves; inactive ones are hidden from everyone but the admin.';

comment on column public.cities.time_zone is 'The city''s IANA time zone (e.g. America/Denver): a deal''s days and hours are read in the time of its business''s city (issue 38).';

-- ---------------------------------------------------------------- indexes
create unique index cities_name_state_key on public.cities using btree (lower(name), lower(state));

-- ---------------------------------------------------------------- row-level security
alter table public.cities enable row level security;

create policy "cities: admin deletes" on public.cities
  for delete to authenticated
  using (( select private.is_admin() as is_admin));

create policy "cities: admin inserts" on public.cities
  for insert to authenticated
  with check (( select private.is_admin() as is_admin));

create policy "cities: admin updates" on public.cities
  for update to authenticated
  using (( select private.is_admin() as is_admin))
  with check (( select private.is_admin() as is_admin));

create policy "cities: anon reads active" on public.cities
  for select to anon
  using (active);

create policy "cities: users read active, admin reads all" on public.cities
  for select to authenticated
  using ((active or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
create function private.guard_city_is_active() returns trigger
    language plpgsql
    set search_path to ''
    as $$
declare
  -- tg_argv[0] names the city column of the table the trigger is on.
  chosen uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
  previous uuid := case when tg_op = 'UPDATE' then (to_jsonb(old) ->> tg_argv[0])::uuid end;
begin
  if chosen is not null and chosen is distinct from previous
     and not exists (select 1 from public.cities c where c.id = chosen and c.active) then
    raise exception 'That city is not available' using errcode = 'P0001';
  end if;
  return new;
end
$$;

comment on function private.guard_city_is_active() is 'Refuses choosing an inactive city as a home city or business city.';

create function private.deals_follow_city() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  update public.deals d set merchant_listed = coalesce(public.merchant_is_listed(m.active, m.city_id, new.active), false)
    from public.merchants m
   where m.city_id = new.id and d.merchant_id = m.id
     and d.merchant_listed is distinct from coalesce(public.merchant_is_listed(m.active, m.city_id, new.active), false);
  return null;
end
$$;

comment on function private.deals_follow_city() is 'After a city opens or closes: the merchant_listed of its businesses'' deals follows (decision 150).';

-- ---------------------------------------------------------------- triggers
create trigger cities_deals_follow after update of active on public.cities for each row when ((old.active is distinct from new.active)) execute function private.deals_follow_city();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke execute on function
  private.guard_city_is_active(),
  private.deals_follow_city()
  from public;
