-- Admin dashboard: what city changes mean for the people and businesses in them, and the order of
-- the users table. (Metrics aggregates and the retention of accounting rows are in later files.)
--
-- Cities (decision 044):
--   inactive: hidden from every picker (GET /api/cities, registration, the member city selector);
--             nobody can newly choose it; members and businesses already there keep it, so
--             reactivating restores everything.
--   deleted:  only while no business is located there (the foreign key refuses otherwise);
--             members' home city (and a charity of that city) is cleared.

-- A city with businesses cannot be deleted: deactivate it instead.
alter table public.merchants drop constraint merchants_city_id_fkey;
alter table public.merchants add constraint merchants_city_id_fkey
  foreign key (city_id) references public.cities (id) on delete restrict;

-- Nobody newly picks an inactive city (admin included: activate it first).
create or replace function private.guard_city_is_active() returns trigger
language plpgsql
set search_path = ''
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
revoke execute on function private.guard_city_is_active() from public, anon;
create trigger profiles_home_city_active before insert or update of home_city_id on public.profiles
  for each row execute function private.guard_city_is_active('home_city_id');
create trigger merchants_city_active before insert or update of city_id on public.merchants
  for each row execute function private.guard_city_is_active('city_id');

-- The users table pages newest first.
create index profiles_created_at_idx on public.profiles (created_at desc, id);
