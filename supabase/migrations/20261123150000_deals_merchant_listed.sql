-- Whether a deal's business is listed, kept on the deal (issue 14, decision 150).
--
-- The deals SELECT policies asked "is this deal's business listed?" with an EXISTS over merchants and
-- cities. Inside an OR (owners and the admin pass other ways) the planner cannot make that a join: it
-- became a hashed sub-plan that read and hashed every listed business of every city on every query
-- (0.25-0.3 ms of the member list's 0.5 ms under EXPLAIN ANALYZE at 500 businesses, and growing with
-- every business in the country, not with the city asked for). deals.merchant_listed is the answer of
-- public.merchant_is_listed (still the one definition) for the deal's business and its city, kept by
-- triggers like deals.city_id (decision 140), so the policies read a column of the row they filter.
-- It is written only when a business is approved, paused or moved, or a city opens or closes; never by
-- a code rotation, never by clients (no column privilege grants it).

alter table public.deals add column merchant_listed boolean not null default false;
comment on column public.deals.merchant_listed is
  'public.merchant_is_listed of the deal''s business and its city; kept by triggers (private.deal_city_from_merchant, private.deals_follow_merchant, private.deals_follow_city), never written by clients. Read by the deals policies (decision 150).';

update public.deals d
   set merchant_listed = public.merchant_is_listed(m.active, m.city_id, c.active)
  from public.merchants m left join public.cities c on c.id = m.city_id
 where m.id = d.merchant_id;

-- ---------------------------------------------------------------- a deal written: copy from its business
-- As 20261123140000, now also the listed flag. Fires when a write names merchant_id, city_id or
-- merchant_listed, so neither copy can be set to anything but the business's.
create or replace function private.deal_city_from_merchant()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select m.city_id, public.merchant_is_listed(m.active, m.city_id, c.active)
    into new.city_id, new.merchant_listed
    from public.merchants m left join public.cities c on c.id = m.city_id
   where m.id = new.merchant_id;
  new.merchant_listed := coalesce(new.merchant_listed, false);
  return new;
end
$$;
comment on function private.deal_city_from_merchant() is
  'Before a deal is written: deals.city_id and deals.merchant_listed from its business and city (decisions 140, 150).';

drop trigger deals_city_from_merchant on public.deals;
create trigger deals_city_from_merchant
  before insert or update of merchant_id, city_id, merchant_listed on public.deals
  for each row execute function private.deal_city_from_merchant();

-- ---------------------------------------------------------------- a business approved, paused or moved
-- Replaces private.deals_follow_merchant_city: its deals follow the business's city and listing.
-- Security definer: the admin or owner changing a business may not update every deal row under RLS.
create or replace function private.deals_follow_merchant()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_listed boolean := coalesce(public.merchant_is_listed(new.active, new.city_id,
    (select c.active from public.cities c where c.id = new.city_id)), false);
begin
  update public.deals d set city_id = new.city_id, merchant_listed = v_listed
   where d.merchant_id = new.id
     and (d.city_id is distinct from new.city_id or d.merchant_listed is distinct from v_listed);
  return null;
end
$$;
comment on function private.deals_follow_merchant() is
  'After a business''s approval (active) or city changes: its deals'' city_id and merchant_listed follow (decisions 140, 150).';

drop trigger merchants_deals_follow_city on public.merchants;
drop function private.deals_follow_merchant_city();
create trigger merchants_deals_follow
  after update of active, city_id on public.merchants
  for each row when (old.active is distinct from new.active or old.city_id is distinct from new.city_id)
  execute function private.deals_follow_merchant();

-- ---------------------------------------------------------------- a city opened or closed
create or replace function private.deals_follow_city()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.deals d set merchant_listed = coalesce(public.merchant_is_listed(m.active, m.city_id, new.active), false)
    from public.merchants m
   where m.city_id = new.id and d.merchant_id = m.id
     and d.merchant_listed is distinct from coalesce(public.merchant_is_listed(m.active, m.city_id, new.active), false);
  return null;
end
$$;
comment on function private.deals_follow_city() is
  'After a city opens or closes: the merchant_listed of its businesses'' deals follows (decision 150).';

create trigger cities_deals_follow
  after update of active on public.cities
  for each row when (old.active is distinct from new.active)
  execute function private.deals_follow_city();

revoke execute on function private.deal_city_from_merchant(), private.deals_follow_merchant(), private.deals_follow_city() from public;

-- ---------------------------------------------------------------- the policies read the row
alter policy "deals: anon reads live deals" on public.deals
  using (public.deal_is_live(active, valid_from, valid_to) and merchant_listed);
alter policy "deals: users read live deals, owners their own, admin all" on public.deals
  using (
    (public.deal_is_live(active, valid_from, valid_to) and merchant_listed)
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );

-- ---------------------------------------------------------------- the member's list and its secrets
-- As 20261123120000, the listing read from the deal: no business or city is read for it.
create or replace function private.member_deal_secrets(p_deal_ids uuid[])
returns table (deal_id uuid, secret text)
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  if not private.has_active_subscription((select auth.uid())) then
    raise exception 'An active membership is required to see deals. Subscribe to access deals & community.'
      using errcode = 'PL403';
  end if;
  return query
    select s.deal_id, encode(s.secret, 'hex')
      from unnest(coalesce(p_deal_ids, '{}')) as wanted (id)
      join private.deal_secrets s on s.deal_id = wanted.id
      join public.deals d on d.id = s.deal_id
     where public.deal_is_live(d.active, d.valid_from, d.valid_to) and d.merchant_listed;
end
$$;

-- As 20261123140000, the listing read from the deal (the business is still joined for its name).
create or replace function private.member_deals(
  p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamptz, p_after_id uuid, p_limit integer)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, created_at text, merchant_id uuid,
  merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text)
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
set enable_sort = off
set jit = off
as $$
#variable_conflict use_column
begin
  return query
    with page as materialized (
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, d.created_at, m.id as merchant_id, m.name as merchant_name,
             m.category as merchant_category, m.is_women_owned
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
       where d.city_id = p_city_id
         and d.merchant_listed
         and public.deal_is_live(d.active, d.valid_from, d.valid_to)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
         and (p_after_created_at is null
              or d.created_at < p_after_created_at
              or (d.created_at = p_after_created_at and d.id > p_after_id))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100)
    )
    select p.id, p.title, p.description, p.category, p.discount_percent, p.discount_amount_cents, p.used_count,
           p.max_uses, p.valid_to, p.created_at::text, p.merchant_id, p.merchant_name, p.merchant_category,
           p.is_women_owned, s.secret
      from page p
      join private.member_deal_secrets((select array_agg(x.id) from page x)) s on s.deal_id = p.id
     order by p.created_at desc, p.id;
  -- Rows came only through member_deal_secrets, which checked the membership; an empty page may
  -- not have called it (an empty join side is skipped), so check it here, still once per call.
  if not found then
    perform 1 from private.member_deal_secrets('{}');
  end if;
end
$$;
