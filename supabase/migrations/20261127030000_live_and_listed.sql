-- One SQL source for "a live and listed deal" (decision 179): what members and visitors may see.
--
-- public.deal_is_live_and_listed is the rule, used at every site that shows, lists or unlocks a deal for a
-- member or a visitor: the two deals policies, private.member_deals (the member list), private.member_deal
-- (one deal), private.member_deal_secrets and private.deal_code_secrets (the codes), public.public_deals (the
-- visitors' list), and the API's SQL (domain/live-deals-sql.ts, domain/deal-links.ts). Before, each site
-- combined public.deal_is_live with either the deal's merchant_listed copy or public.merchant_is_listed over a
-- join of the business and its city, in 13 places. Both parts keep their one definition:
--   public.deal_is_live      the deal itself: active and inside its validity window. Alone it is the rule of
--                            the business's own counter (private.record_deal_redemption, the counter's codes
--                            and offline cover), which redeems its own live deals.
--   deals.merchant_listed    public.merchant_is_listed of its business and city, kept by the triggers of
--                            20261123150000_deals_merchant_listed.sql (decision 150).
-- The new function is plain SQL over the row's own columns, so the planner inlines it: plans are those of
-- before (the member list's figures held: decision 179). private.caller_is_active_member, which nothing calls
-- since 20261123060000, is dropped.
--
-- THE CURRENT DEFINITIONS of private.member_deal_secrets, private.member_deals, private.deal_code_secrets,
-- private.member_deal and public.public_deals are the ones below (supabase/schema.sql shows them all).

create or replace function public.deal_is_live_and_listed(
  p_active boolean, p_valid_from timestamptz, p_valid_to timestamptz, p_merchant_listed boolean)
returns boolean
language sql stable
as $$
  select public.deal_is_live(p_active, p_valid_from, p_valid_to) and p_merchant_listed
$$;
comment on function public.deal_is_live_and_listed(boolean, timestamptz, timestamptz, boolean) is
  'The one definition of a deal members and visitors may see: live (public.deal_is_live) and of a listed business (deals.merchant_listed, public.merchant_is_listed kept by triggers). Pass d.active, d.valid_from, d.valid_to, d.merchant_listed. Inlined by the planner.';
grant execute on function public.deal_is_live_and_listed(boolean, timestamptz, timestamptz, boolean) to anon, authenticated, service_role;

-- ---------------------------------------------------------------- the policies
alter policy "deals: anon reads live deals" on public.deals
  using (public.deal_is_live_and_listed(active, valid_from, valid_to, merchant_listed));
alter policy "deals: users read live deals, owners their own, admin all" on public.deals
  using (
    public.deal_is_live_and_listed(active, valid_from, valid_to, merchant_listed)
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );

-- ---------------------------------------------------------------- the member's codes
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
     where public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed);
end
$$;

-- ---------------------------------------------------------------- the member's list (the hot path)
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
         and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
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

-- ---------------------------------------------------------------- one deal, member view
create or replace function private.member_deal(p_deal_id uuid)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, merchant_id uuid,
  merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text)
language plpgsql stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
    with one as (
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name,
             m.category as merchant_category, m.is_women_owned
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
       where d.id = p_deal_id
         and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
    )
    select o.id, o.title, o.description, o.category, o.discount_percent, o.discount_amount_cents, o.used_count,
           o.max_uses, o.valid_to, o.merchant_id, o.merchant_name, o.merchant_category, o.is_women_owned, s.secret
      from one o
      join private.member_deal_secrets(array[p_deal_id]) s on s.deal_id = o.id;
  -- No row may mean the join side was never evaluated: the membership is still checked (PL403).
  if not found then
    perform 1 from private.member_deal_secrets('{}');
  end if;
end
$$;

-- ---------------------------------------------------------------- codes for the owner, staff and members
create or replace function private.deal_code_secrets(p_deal_ids uuid[])
returns table (deal_id uuid, secret text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_member boolean := v_uid is not null and private.has_active_subscription(v_uid);
  v_staff_of uuid := private.staff_merchant_id();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select s.deal_id, encode(s.secret, 'hex')
      from private.deal_secrets s
      join public.deals d on d.id = s.deal_id
      join public.merchants m on m.id = d.merchant_id
     where s.deal_id = any (p_deal_ids)
       and m.active
       and (
         m.owner_user_id = v_uid
         or (m.id = v_staff_of and public.deal_is_live(d.active, d.valid_from, d.valid_to))
         or (v_member and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed))
       );
end
$$;

-- ---------------------------------------------------------------- the visitors' list
create or replace function public.public_deals(p_city_id uuid, p_filter text, p_categories text[], p_limit integer)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, merchant_id uuid, merchant_name text,
  merchant_category text, logo_url text, city_id uuid, city_name text, city_state text)
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
set enable_sort = off
set jit = off
as $$
#variable_conflict use_column
begin
  if p_city_id is null then
    return query
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id, m.name, m.category, m.logo_url, lc.id, lc.name, lc.state
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
        left join public.cities lc on lc.id = m.city_id
       where public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100);
  else
    return query
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id, m.name, m.category, m.logo_url, lc.id, lc.name, lc.state
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
        left join public.cities lc on lc.id = m.city_id
       where d.city_id = p_city_id
         and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100);
  end if;
end
$$;

-- ---------------------------------------------------------------- unused
drop function private.caller_is_active_member();
