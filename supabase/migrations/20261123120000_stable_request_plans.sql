-- Stable plans for the busy read paths (issue 14, decision 130).
--
-- PL/pgSQL caches a plan per statement and connection, but a statement with parameters gets a
-- *custom* plan (planned again with the values) on every call while the planner thinks the
-- generic plan costs more, which for the RLS-filtered member list was always: measured 1.9-2.4 ms
-- of backend CPU per call, of which about 1.2 ms was planning. `plan_cache_mode =
-- force_generic_plan` on these functions plans each statement once per connection (0.7-0.9 ms per
-- call); their plans do not depend on the values (a city, a page, a filter), so the generic plan is
-- the one a custom plan would pick. Row-level security is unchanged: the functions keep the
-- caller's rights and the policies are part of the cached plan (PostgreSQL re-plans when the role
-- changes).

-- ---------------------------------------------------------------- the member's secrets
-- Joined from the page's ids (index probes) instead of `= any (array)` over every secret; the
-- membership is checked with the one rule directly (no PL/pgSQL wrapper on the way).
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
      join public.merchants m on m.id = d.merchant_id
      left join public.cities c on c.id = m.city_id
     where public.deal_is_live(d.active, d.valid_from, d.valid_to)
       and public.merchant_is_listed(m.active, m.city_id, c.active);
end
$$;
comment on function private.member_deal_secrets(uuid[]) is
  'Secrets of the given live deals for a caller with an active membership (else PL403). The API derives the codes. Generic plan (decision 130).';

-- ---------------------------------------------------------------- the member's deal list
-- Same page, same order, same rows as 20261123060000; planned once per connection.
create or replace function private.member_deals(
  p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamptz, p_after_id uuid, p_limit integer)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, created_at text, merchant_id uuid,
  merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text)
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
    with page as materialized (
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, d.created_at, m.id as merchant_id, m.name as merchant_name,
             m.category as merchant_category, m.is_women_owned
        from public.merchants m
        join public.deals d on d.merchant_id = m.id
        left join public.cities c on c.id = m.city_id
       where m.city_id = p_city_id
         and public.merchant_is_listed(m.active, m.city_id, c.active)
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
comment on function private.member_deals(uuid, text, text[], timestamptz, uuid, integer) is
  'GET /api/deals in one statement: a page of a city''s live deals with their code secrets, RLS deciding; PL403 for a caller without an active membership. Generic plan (decision 130).';

-- ---------------------------------------------------------------- the visitors' deal list
/*
 * GET /api/deals/public: up to p_limit live deals of listed businesses, newest first, for a city
 * (p_city_id) or all cities (null), with the member filter as the API's filterParams. Invoker
 * rights: the deals, merchants and cities policies decide, as for the plain query it replaces
 * (planned per request); one branch per case so each keeps a generic plan that uses its index.
 */
create or replace function public.public_deals(p_city_id uuid, p_filter text, p_categories text[], p_limit integer)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, merchant_id uuid, merchant_name text,
  merchant_category text, logo_url text, city_id uuid, city_name text, city_state text)
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
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
       where public.merchant_is_listed(m.active, m.city_id, lc.active) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100);
  else
    return query
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id, m.name, m.category, m.logo_url, lc.id, lc.name, lc.state
        from public.merchants m
        join public.deals d on d.merchant_id = m.id
        left join public.cities lc on lc.id = m.city_id
       where m.city_id = p_city_id
         and public.merchant_is_listed(m.active, m.city_id, lc.active) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100);
  end if;
end
$$;
comment on function public.public_deals(uuid, text, text[], integer) is
  'GET /api/deals/public: live deals of listed businesses for a city (or all), newest first; RLS decides; generic plans (decision 130).';
revoke execute on function public.public_deals(uuid, text, text[], integer) from public;
grant execute on function public.public_deals(uuid, text, text[], integer) to anon, authenticated, service_role;
