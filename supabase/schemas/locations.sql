-- A business's locations (issue 40): where it is (address, an optional pin), its phone, its weekly opening hours
-- (several intervals a day) and dated exceptions (holidays, a late opening). Every business has at least one: one is
-- made from the business's address when it is created, and the last one cannot be deleted. A deal applies to all of
-- its business's locations unless it names some (deal_locations); a counter tablet is paired to one location, and a
-- redemption it records is counted there. Hours are read in the business's city's time zone
-- (private.merchant_time_zone), like offer rules.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.business_locations (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    name text,
    address text not null,
    latitude double precision,
    longitude double precision,
    phone text,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    constraint business_locations_address_check check (((length(trim(both from address)) >= 1) and (length(trim(both from address)) <= 200))),
    constraint business_locations_name_check check (((length(trim(both from name)) >= 1) and (length(trim(both from name)) <= 80))),
    constraint business_locations_phone_check check (((length(trim(both from phone)) >= 1) and (length(trim(both from phone)) <= 40))),
    constraint business_locations_pin_check check ((((latitude is null) and (longitude is null)) or ((latitude >= (-90)) and (latitude <= 90) and (longitude >= (-180)) and (longitude <= 180)))),
    constraint business_locations_pkey primary key (id),
    constraint business_locations_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.business_locations is 'A place where a business serves members (issue 40): at least one per business (private.guard_last_location), the first made from merchants.address. The pin (latitude, longitude, WGS 84 degrees) is null until the owner places it.';

comment on column public.business_locations.name is 'What the owner calls it when there are several ("Downtown"); null: the address names it.';

create table public.location_hours (
    location_id uuid not null,
    weekday smallint not null,
    opens_at time without time zone not null,
    closes_at time without time zone not null,
    constraint location_hours_weekday_check check (((weekday >= 1) and (weekday <= 7))),
    constraint location_hours_interval_check check ((opens_at <> closes_at)),
    constraint location_hours_pkey primary key (location_id, weekday, opens_at),
    constraint location_hours_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete cascade
);

comment on table public.location_hours is 'Weekly opening hours: one row per interval (several a day allowed), weekday ISO 1 (Monday) to 7, local times of the business''s city. closes_at earlier than opens_at: the interval passes midnight into the next day (like offer rules'' windows). A location with no rows has no published hours.';

create table public.location_exceptions (
    id bigint not null,
    location_id uuid not null,
    on_date date not null,
    opens_at time without time zone,
    closes_at time without time zone,
    note text,
    constraint location_exceptions_times_check check ((((opens_at is null) and (closes_at is null)) or ((opens_at is not null) and (closes_at is not null) and (opens_at <> closes_at)))),
    constraint location_exceptions_note_check check (((length(trim(both from note)) >= 1) and (length(trim(both from note)) <= 120))),
    constraint location_exceptions_pkey primary key (id),
    constraint location_exceptions_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete cascade
);

alter table public.location_exceptions alter column id add generated always as identity (
    sequence name public.location_exceptions_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.location_exceptions is 'A dated change to the weekly hours (a holiday, a short day): the rows of a date replace that weekday''s hours; a row without times means closed all day. Local date of the business''s city.';

create table public.deal_locations (
    deal_id uuid not null,
    location_id uuid not null,
    constraint deal_locations_pkey primary key (deal_id, location_id),
    constraint deal_locations_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete cascade,
    constraint deal_locations_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete cascade
);

comment on table public.deal_locations is 'The locations a deal is limited to; a deal with no rows applies at every location of its business. Both must belong to the same business (private.guard_deal_location).';

-- ---------------------------------------------------------------- indexes
create index business_locations_merchant_idx on public.business_locations using btree (merchant_id, created_at, id);

create index location_exceptions_location_date_idx on public.location_exceptions using btree (location_id, on_date);

create index deal_locations_location_idx on public.deal_locations using btree (location_id);

-- Near me (decision 209): placed locations nearest first straight from the index (KNN, `<->` in degrees);
-- private.member_deals_near turns that order into metres.
create index business_locations_pin_idx on public.business_locations using gist (point(longitude, latitude)) where (latitude is not null);

-- ---------------------------------------------------------------- policies
alter table public.business_locations enable row level security;
alter table public.location_hours enable row level security;
alter table public.location_exceptions enable row level security;
alter table public.deal_locations enable row level security;

-- Anyone reads the locations, hours and exceptions of an approved business (its public page shows them); the owner
-- reads and writes their own; the admin reads all. Deal limits are read like the deal.
create function private.location_is_public(p_location_id uuid) returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (select 1 from public.business_locations l join public.merchants m on m.id = l.merchant_id
                  where l.id = p_location_id and m.active)
$$;

comment on function private.location_is_public(p_location_id uuid) is 'The location belongs to an approved business: its hours are public.';

create function private.location_is_mine(p_location_id uuid) returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (select 1 from public.business_locations l join public.merchants m on m.id = l.merchant_id
                  where l.id = p_location_id and m.owner_user_id = (select auth.uid()))
$$;

comment on function private.location_is_mine(p_location_id uuid) is 'The location belongs to the business the signed-in user owns.';

create policy "business_locations: anon reads approved businesses' locations" on public.business_locations
  for select to anon
  using ((exists ( select 1 from public.merchants m where ((m.id = business_locations.merchant_id) and m.active))));

create policy "business_locations: users read approved, owners their own, admin all" on public.business_locations
  for select to authenticated
  using (((exists ( select 1 from public.merchants m where ((m.id = business_locations.merchant_id) and m.active))) or (merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or ( select private.is_admin() as is_admin)));

create policy "business_locations: owner inserts" on public.business_locations
  for insert to authenticated
  with check ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)));

create policy "business_locations: owner updates" on public.business_locations
  for update to authenticated
  using ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)))
  with check ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)));

create policy "business_locations: owner deletes" on public.business_locations
  for delete to authenticated
  using ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)));

create policy "location_hours: anon reads approved businesses' hours" on public.location_hours
  for select to anon
  using (private.location_is_public(location_id));

create policy "location_hours: users read approved, owners their own, admin all" on public.location_hours
  for select to authenticated
  using ((private.location_is_public(location_id) or private.location_is_mine(location_id) or ( select private.is_admin() as is_admin)));

create policy "location_hours: owner inserts" on public.location_hours
  for insert to authenticated
  with check (private.location_is_mine(location_id));

create policy "location_hours: owner updates" on public.location_hours
  for update to authenticated
  using (private.location_is_mine(location_id))
  with check (private.location_is_mine(location_id));

create policy "location_hours: owner deletes" on public.location_hours
  for delete to authenticated
  using (private.location_is_mine(location_id));

create policy "location_exceptions: anon reads approved businesses' exceptions" on public.location_exceptions
  for select to anon
  using (private.location_is_public(location_id));

create policy "location_exceptions: users read approved, owners their own, admin all" on public.location_exceptions
  for select to authenticated
  using ((private.location_is_public(location_id) or private.location_is_mine(location_id) or ( select private.is_admin() as is_admin)));

create policy "location_exceptions: owner inserts" on public.location_exceptions
  for insert to authenticated
  with check (private.location_is_mine(location_id));

create policy "location_exceptions: owner updates" on public.location_exceptions
  for update to authenticated
  using (private.location_is_mine(location_id))
  with check (private.location_is_mine(location_id));

create policy "location_exceptions: owner deletes" on public.location_exceptions
  for delete to authenticated
  using (private.location_is_mine(location_id));

create policy "deal_locations: anon reads approved businesses' deal locations" on public.deal_locations
  for select to anon
  using (private.location_is_public(location_id));

create policy "deal_locations: users read approved, owners their own, admin all" on public.deal_locations
  for select to authenticated
  using ((private.location_is_public(location_id) or private.location_is_mine(location_id) or ( select private.is_admin() as is_admin)));

create policy "deal_locations: owner inserts" on public.deal_locations
  for insert to authenticated
  with check (private.location_is_mine(location_id));

create policy "deal_locations: owner deletes" on public.deal_locations
  for delete to authenticated
  using (private.location_is_mine(location_id));

-- ---------------------------------------------------------------- functions
-- Every business has a location from the start: the first one is its address (existing businesses got theirs in
-- the migration that made this table).
create function private.first_location_from_address() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  insert into public.business_locations (merchant_id, address, phone) values (new.id, new.address, case when length(trim(new.phone)) between 1 and 40 then trim(new.phone) end);
  return new;
end
$$;

comment on function private.first_location_from_address() is 'After a business is created: its first location, from its address and phone (a phone the location cannot hold is left out; no pin).';

create trigger merchants_first_location after insert on public.merchants for each row execute function private.first_location_from_address();

-- The last location of a business cannot be deleted, unless the business itself is going (the cascade from
-- merchants runs after its row is gone, so the business is then no longer found).
create function private.guard_last_location() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if exists (select 1 from public.merchants m where m.id = old.merchant_id)
     and not exists (select 1 from public.business_locations l where l.merchant_id = old.merchant_id and l.id <> old.id) then
    raise exception 'A business keeps at least one location' using errcode = 'PL409';
  end if;
  return old;
end
$$;

comment on function private.guard_last_location() is 'Before a location is deleted: refuses the business''s last one (PL409).';

create trigger business_locations_keep_one before delete on public.business_locations for each row execute function private.guard_last_location();

-- A location never moves to another business, and a deal is limited only to its own business's locations.
create function private.guard_deal_location() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if not exists (select 1 from public.deals d join public.business_locations l on l.merchant_id = d.merchant_id
                  where d.id = new.deal_id and l.id = new.location_id) then
    raise exception 'That location is not one of this business''s' using errcode = 'PL400';
  end if;
  return new;
end
$$;

comment on function private.guard_deal_location() is 'Before a deal is limited to a location: both must belong to the same business (PL400).';

create trigger deal_locations_same_business before insert or update on public.deal_locations for each row execute function private.guard_deal_location();

create trigger business_locations_touch_updated_at before update on public.business_locations for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------- grants
revoke delete, insert, update on table public.business_locations, public.location_hours, public.location_exceptions, public.deal_locations from anon;
revoke insert, update on table public.business_locations from authenticated;
-- An owner writes these columns; the business of a location is set once.
grant insert (merchant_id, name, address, latitude, longitude, phone),
      update (name, address, latitude, longitude, phone)
  on table public.business_locations to authenticated;
revoke update on table public.deal_locations from authenticated;

revoke execute on function
  private.location_is_public(uuid),
  private.location_is_mine(uuid),
  private.first_location_from_address(),
  private.guard_last_location(),
  private.guard_deal_location()
  from public;
grant execute on function
  private.location_is_public(uuid),
  private.location_is_mine(uuid)
  to anon, authenticated, service_role;
