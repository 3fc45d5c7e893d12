-- A city's deals in page order (issue 14, decision 140).
--
-- The member list and the visitors' list page a city's live deals newest first. The city lives on
-- the business, so the planner read every deal of every business in the city and sorted them before
-- it could keep the first page: a 2,000-deal city cost twice the database time of a 100-deal one.
-- deals.city_id is a copy of the business's city, kept by triggers (never written by clients: no
-- column privilege grants it), and indexed in page order, so a page is an ordered index scan that
-- stops after the page. It is not a foreign key: the business's own foreign key decides (a city with
-- businesses cannot be deleted), and the copy follows every change of merchants.city_id.

alter table public.deals add column city_id uuid;
comment on column public.deals.city_id is
  'Copy of merchants.city_id for listing a city''s deals in page order; kept by triggers (private.deal_city_from_merchant, private.deals_follow_merchant_city), never written by clients.';

update public.deals d set city_id = m.city_id from public.merchants m where m.id = d.merchant_id;

create index deals_city_created_id_idx on public.deals (city_id, created_at desc, id);

-- ---------------------------------------------------------------- the copy is always the business's
-- Security definer: the writer (an owner inserting a deal) may not be allowed to read every column of
-- every business; this reads one business's city and nothing else.
create or replace function private.deal_city_from_merchant()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.city_id := (select m.city_id from public.merchants m where m.id = new.merchant_id);
  return new;
end
$$;
comment on function private.deal_city_from_merchant() is
  'Before a deal is written: deals.city_id := its business''s city (decision 140).';

create trigger deals_city_from_merchant
  before insert or update on public.deals
  for each row execute function private.deal_city_from_merchant();

-- When a business moves (or leaves its city), its deals move with it. Security definer: the admin
-- or owner moving a business may not update every deal row under RLS.
create or replace function private.deals_follow_merchant_city()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.deals d set city_id = new.city_id where d.merchant_id = new.id and d.city_id is distinct from new.city_id;
  return null;
end
$$;
comment on function private.deals_follow_merchant_city() is
  'After a business''s city changes: its deals'' city_id follows (decision 140).';

create trigger merchants_deals_follow_city
  after update of city_id on public.merchants
  for each row when (old.city_id is distinct from new.city_id)
  execute function private.deals_follow_merchant_city();

revoke execute on function private.deal_city_from_merchant(), private.deals_follow_merchant_city() from public;

-- ---------------------------------------------------------------- the member's deal list
-- Same page, same order, same rows as 20261123120000; the city is read from the deal's copy, so the
-- plan walks deals_city_created_id_idx in page order and stops after the page. `enable_sort = off`:
-- the generic plan is made for an average city, where reading every deal and sorting looks as cheap;
-- reading in index order is never worse (at most it reads the whole city, as the sort would), and in
-- a 2,000-deal city it reads 51 rows instead of 2,000 (0.9 against 2.3 ms, EXPLAIN ANALYZE). The
-- closed-city rule still reads the business's city (merchant_is_listed). `jit = off`: a sort that must
-- stay (the 51 rows of the page) then costs 1e10 in the plan, which would compile the query with JIT
-- on every call (measured: 600+ ms); a page of a list never needs JIT.
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
        left join public.cities c on c.id = m.city_id
       where d.city_id = p_city_id
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
  'GET /api/deals in one statement: a page of a city''s live deals with their code secrets, RLS deciding; PL403 for a caller without an active membership. Generic plan (decision 130); reads a city''s deals in page order (decision 140).';

-- ---------------------------------------------------------------- the visitors' deal list
-- As 20261123120000, the city branch reading the deal's copy of the city in page order.
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
       where public.merchant_is_listed(m.active, m.city_id, lc.active) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
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
         and public.merchant_is_listed(m.active, m.city_id, lc.active) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
         and (p_filter is null or m.category = p_filter or d.category = any (p_categories)
              or (p_filter = 'women-owned' and m.is_women_owned))
       order by d.created_at desc, d.id
       limit least(greatest(p_limit, 1), 100);
  end if;
end
$$;
comment on function public.public_deals(uuid, text, text[], integer) is
  'GET /api/deals/public: live deals of listed businesses for a city (or all), newest first; RLS decides; generic plans (decision 130); a city''s deals in page order (decision 140).';
