-- Open member apps also refetch their city's deals when a business's listing changes: approved or
-- suspended (active), renamed (cards show the business name), moved to another city, or deleted by
-- the admin. A deleted business's deals go with it by cascade, after the business row is gone, so
-- the deals trigger cannot find their city: this trigger reports it instead.
create or replace function private.on_business_listing_changed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_cities uuid[];
begin
  if tg_op = 'DELETE' then
    v_id := old.id;
    v_cities := array[old.city_id];
  else
    v_id := new.id;
    v_cities := array[old.city_id, new.city_id];
  end if;
  perform realtime.send(
      jsonb_build_object('dealId', null, 'merchantId', v_id, 'cityId', c.id, 'change', 'business'),
      'deal_changed', 'city:' || c.id::text, true)
    from (select distinct unnest(v_cities) as id) c
   where c.id is not null;
  return null;
end
$$;
create trigger merchants_publish_listing_changed after update of active, name, city_id on public.merchants
  for each row when ((old.active, old.name, old.city_id) is distinct from (new.active, new.name, new.city_id))
  execute function private.on_business_listing_changed();
create trigger merchants_publish_listing_deleted after delete on public.merchants
  for each row when (old.active) execute function private.on_business_listing_changed();

revoke execute on function private.on_business_listing_changed() from public, anon, authenticated;
