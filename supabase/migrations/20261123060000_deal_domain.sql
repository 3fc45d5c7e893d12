-- One home for the deal domain (issue 14, decisions 095-096).
--
-- "Live deal" has one SQL definition, public.deal_is_live (public so visitors' queries may name it;
-- it reveals nothing RLS does not already show), used by the deals policies, the code
-- secrets functions and the API's lists; "active member" has one, private.has_active_subscription
-- (wrapped for the caller by private.caller_is_active_member). Both live helpers are plain SQL,
-- stable, invoker rights and without a SET clause, so the planner inlines them into the queries and
-- policies that call them (a SET clause or security definer would make them opaque per-row calls).
-- The member's deal list is one PL/pgSQL function (plans cached per connection), invoker rights, so
-- the deals policies still decide what the caller sees; membership is checked once, by the function
-- that hands out the code secrets.

-- ---------------------------------------------------------------- one definition of "live"
-- Scalar expressions only (a sub-query would stop the planner from inlining them and cost a
-- function call per row): callers join the deal's business and its city and pass their columns.
create or replace function public.merchant_is_listed(p_active boolean, p_city_id uuid, p_city_active boolean)
returns boolean
language sql immutable
as $$
  select p_active and (p_city_id is null or coalesce(p_city_active, false))
$$;
comment on function public.merchant_is_listed(boolean, uuid, boolean) is
  'A business whose deals may be listed: approved (active) and not in a closed city (decision 044). Pass merchants.active, merchants.city_id and the city''s active (null when not found). Inlined by the planner.';

create or replace function public.deal_is_live(p_active boolean, p_valid_from timestamptz, p_valid_to timestamptz)
returns boolean
language sql stable
as $$
  select p_active
     and (p_valid_from is null or p_valid_from <= now())
     and (p_valid_to is null or p_valid_to >= now())
$$;
comment on function public.deal_is_live(boolean, timestamptz, timestamptz) is
  'The one definition of a live deal, with public.merchant_is_listed for its business: active and inside its validity window (both ends inclusive). Inlined by the planner.';

grant execute on function public.merchant_is_listed(boolean, uuid, boolean), public.deal_is_live(boolean, timestamptz, timestamptz)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- the deals policies use it
alter policy "deals: anon reads live deals" on public.deals
  using (
    public.deal_is_live(active, valid_from, valid_to)
    and exists (select 1 from public.merchants m left join public.cities c on c.id = m.city_id
                 where m.id = merchant_id and public.merchant_is_listed(m.active, m.city_id, c.active))
  );
alter policy "deals: users read live deals, owners their own, admin all" on public.deals
  using (
    (public.deal_is_live(active, valid_from, valid_to)
      and exists (select 1 from public.merchants m left join public.cities c on c.id = m.city_id
                   where m.id = merchant_id and public.merchant_is_listed(m.active, m.city_id, c.active)))
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );
-- The closed-city rule is now part of "live" (public.merchant_is_listed); the restrictive policies
-- that added it on top narrowed nothing more (owners and the admin pass both) and cost a second
-- anti-join over every merchant per query.
drop policy "deals: anon sees nothing from closed cities" on public.deals;
drop policy "deals: users see nothing from closed cities but their own" on public.deals;

-- Lists by city: merchants of a city, then their deals newest first.
create index if not exists deals_merchant_created_id_idx on public.deals (merchant_id, created_at desc, id);

-- ---------------------------------------------------------------- code secrets
create or replace function private.deal_code_secrets(p_deal_ids uuid[])
returns table (deal_id uuid, secret text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_member boolean := v_uid is not null and private.has_active_subscription(v_uid);
begin
  if v_uid is null then
    return;
  end if;
  return query
    select s.deal_id, encode(s.secret, 'hex')
      from private.deal_secrets s
      join public.deals d on d.id = s.deal_id
      join public.merchants m on m.id = d.merchant_id
      left join public.cities c on c.id = m.city_id
     where s.deal_id = any (p_deal_ids)
       and m.active
       and (
         m.owner_user_id = v_uid
         or (v_member and public.deal_is_live(d.active, d.valid_from, d.valid_to)
             and public.merchant_is_listed(m.active, m.city_id, c.active))
       );
end
$$;

/*
 * The member view's secrets: raises PL403 unless the caller has an active membership (the one
 * membership check of GET /api/deals), then the secrets of those of the given deals that are live.
 */
create or replace function private.member_deal_secrets(p_deal_ids uuid[])
returns table (deal_id uuid, secret text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.caller_is_active_member() then
    raise exception 'An active membership is required to see deals. Subscribe to access deals & community.'
      using errcode = 'PL403';
  end if;
  return query
    select s.deal_id, encode(s.secret, 'hex')
      from private.deal_secrets s
      join public.deals d on d.id = s.deal_id
      join public.merchants m on m.id = d.merchant_id
      left join public.cities c on c.id = m.city_id
     where s.deal_id = any (coalesce(p_deal_ids, '{}'))
       and public.deal_is_live(d.active, d.valid_from, d.valid_to)
       and public.merchant_is_listed(m.active, m.city_id, c.active);
end
$$;
comment on function private.member_deal_secrets(uuid[]) is
  'Secrets of the given live deals for a caller with an active membership (else PL403). The API derives the codes.';

-- ---------------------------------------------------------------- the member's deal list
/*
 * One page of a city's live deals for a member, newest first (created_at desc, id), with each
 * deal's code secret: p_filter/p_categories as the API's filterParams, the page after the cursor
 * (p_after_created_at, p_after_id; null = first page), p_limit rows. Invoker rights: the deals and
 * merchants policies decide what the caller sees; member_deal_secrets checks the membership.
 */
create or replace function private.member_deals(
  p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamptz, p_after_id uuid, p_limit integer)
returns table (
  id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer,
  used_count integer, max_uses integer, valid_to timestamptz, created_at text, merchant_id uuid,
  merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text)
language plpgsql stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
    with page as (
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
  'GET /api/deals in one statement: a page of a city''s live deals with their code secrets, RLS deciding; PL403 for a caller without an active membership.';

revoke execute on function private.member_deal_secrets(uuid[]), private.member_deals(uuid, text, text[], timestamptz, uuid, integer)
  from public, anon;
grant execute on function private.member_deal_secrets(uuid[]), private.member_deals(uuid, text, text[], timestamptz, uuid, integer)
  to authenticated, service_role;

-- ---------------------------------------------------------------- one definition of "active member"
-- When the caller's membership ends (null = no active membership): the rule of
-- private.has_active_subscription with its end, which the offline codes stop at.
create or replace function private.caller_membership_ends_at() returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select case when private.has_active_subscription((select auth.uid())) then (
    select max(s.current_period_end) from public.subscriptions s
     where s.user_id = (select auth.uid()) and s.status = 'active' and s.current_period_end > now()
  ) end
$$;
comment on function private.caller_membership_ends_at() is
  'End of the caller''s active membership (private.has_active_subscription decides whether there is one), else null.';
revoke execute on function private.caller_membership_ends_at() from public, anon;
grant execute on function private.caller_membership_ends_at() to authenticated, service_role;
