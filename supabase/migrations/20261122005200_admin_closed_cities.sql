-- An inactive city is closed to members and visitors (decision 044): the deals of its businesses
-- leave every member and public list until the city is active again. Owners still see and manage
-- their own deals, the admin sees all. A restrictive policy, so it narrows whatever the deals
-- policies allow; a business without a city is not affected.

create policy "deals: anon sees nothing from closed cities" on public.deals
  as restrictive for select to anon
  using (not exists (
    select 1 from public.merchants m
     where m.id = merchant_id and m.city_id is not null
       and not exists (select 1 from public.cities c where c.id = m.city_id and c.active)));

create policy "deals: users see nothing from closed cities but their own" on public.deals
  as restrictive for select to authenticated
  using (
    merchant_id = (select private.current_merchant_id())
    or (select private.is_admin())
    or not exists (
      select 1 from public.merchants m
       where m.id = merchant_id and m.city_id is not null
         and not exists (select 1 from public.cities c where c.id = m.city_id and c.active)));
