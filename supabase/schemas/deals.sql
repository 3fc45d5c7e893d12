-- Deals and their codes: a business's discount, its rotating 6-digit code (an HMAC of private.deal_secrets per
-- 120 s step) and the one rule of a deal members and visitors see, public.deal_is_live_and_listed (decision 179):
-- both deals policies, the member's list and page, the public list and the code secrets use it. The counter's
-- own rule is public.deal_is_live alone (a business redeems its own live deals, listed or not).

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.deals (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    title text not null,
    description text not null,
    discount_percent integer,
    discount_amount_cents integer,
    category text default 'general'::text not null,
    active boolean default true not null,
    valid_from timestamp with time zone,
    valid_to timestamp with time zone,
    max_uses integer,
    used_count integer default 0 not null,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    city_id uuid,
    merchant_listed boolean default false not null,
    per_member_limit text default 'day'::text not null,
    -- Last: a column added by a migration lands at the end of the table, so it is declared there too.
    rules jsonb,
    constraint deals_category_check check ((category = any (array['general'::text, 'food-drink'::text, 'liquor-stores'::text, 'health-wellness'::text, 'retail-shopping'::text, 'arts-entertainment'::text, 'personal-care-beauty'::text, 'services'::text, 'lifestyle-community'::text]))),
    constraint deals_description_check check (((length(description) between 1 and 500) and (description = trim(both from description)))),
    constraint deals_discount_amount_cents_check check (((discount_amount_cents >= 1) and (discount_amount_cents <= 10000000))),
    constraint deals_discount_percent_check check (((discount_percent >= 1) and (discount_percent <= 100))),
    constraint deals_max_uses_check check (((max_uses >= 1) and (max_uses <= 1000000))),
    constraint deals_one_discount_kind check (((discount_percent is null) <> (discount_amount_cents is null))),
    constraint deals_per_member_limit_check check ((per_member_limit = any (array['once'::text, 'day'::text, 'week'::text, 'month'::text, 'none'::text]))),
    constraint deals_title_check check (((length(title) between 1 and 100) and (title = trim(both from title)))),
    constraint deals_used_count_check check ((used_count >= 0)),
    constraint deals_used_within_max check (((max_uses is null) or (used_count <= max_uses))),
    constraint deals_valid_range check (((valid_from is null) or (valid_to is null) or (valid_from <= valid_to))),
    constraint deals_rules_is_object check (((rules is null) or (jsonb_typeof(rules) = 'object'::text))),
    constraint deals_pkey primary key (id),
    constraint deals_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.deals is 'A merchant''s discount: a percent or an amount in cents. Its 6-digit code rotates every 120 s and is derived from private.deal_secrets on read. used_count changes only at the counter.';

comment on column public.deals.city_id is 'Copy of merchants.city_id for listing a city''s deals in page order; kept by triggers (private.deal_city_from_merchant, private.deals_follow_merchant_city), never written by clients.';

comment on column public.deals.merchant_listed is 'public.merchant_is_listed of the deal''s business and its city; kept by triggers (private.deal_city_from_merchant, private.deals_follow_merchant, private.deals_follow_city), never written by clients. Read by the deals policies (decision 150).';

comment on column public.deals.rules is 'Offer rules (issue 38), read in the time zone of the business''s city: {weekdays (ISO 1-7), startTime, endTime ("HH:MM", a window may pass midnight), minSpendCents, excludedDates (["YYYY-MM-DD"]), note}; null = none. Validated by the API (_shared/offer-rules.ts), enforced by private.record_deal_redemption.';

comment on column public.deals.per_member_limit is 'How often one member may use the deal: once ever, or once per rolling day (24 h), week (7 days) or month (30 days); none = no per-member limit (deals made before issue 26).';

create table private.deal_secrets (
    deal_id uuid not null,
    secret bytea default extensions.gen_random_bytes(20) not null,
    constraint deal_secrets_secret_check check ((length(secret) >= 16)),
    constraint deal_secrets_pkey primary key (deal_id),
    constraint deal_secrets_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete cascade
);

comment on table private.deal_secrets is 'Per-deal HMAC key of the rotating code (160 bits, as RFC 4226 recommends). Read only through private.deal_code_secrets.';

-- ---------------------------------------------------------------- indexes
create index deals_city_created_id_idx on public.deals using btree (city_id, created_at desc, id);

create index deals_merchant_created_id_idx on public.deals using btree (merchant_id, created_at desc, id);

create index deals_merchant_id_idx on public.deals using btree (merchant_id, created_at desc);

-- ---------------------------------------------------------------- the rules the policies below read
-- The rule, in SQL the planner inlines: one text for every site that shows a deal to members or visitors.
create function public.deal_is_live(p_active boolean, p_valid_from timestamp with time zone, p_valid_to timestamp with time zone) returns boolean
    language sql stable
    as $$
  select p_active
     and (p_valid_from is null or p_valid_from <= now())
     and (p_valid_to is null or p_valid_to >= now())
$$;

comment on function public.deal_is_live(p_active boolean, p_valid_from timestamp with time zone, p_valid_to timestamp with time zone) is 'The one definition of a live deal, with public.merchant_is_listed for its business: active and inside its validity window (both ends inclusive). Inlined by the planner.';

create function public.deal_is_live_and_listed(p_active boolean, p_valid_from timestamp with time zone, p_valid_to timestamp with time zone, p_merchant_listed boolean) returns boolean
    language sql stable
    as $$
  select public.deal_is_live(p_active, p_valid_from, p_valid_to) and p_merchant_listed
$$;

comment on function public.deal_is_live_and_listed(p_active boolean, p_valid_from timestamp with time zone, p_valid_to timestamp with time zone, p_merchant_listed boolean) is 'The one definition of a deal members and visitors may see: live (public.deal_is_live) and of a listed business (deals.merchant_listed, public.merchant_is_listed kept by triggers). Pass d.active, d.valid_from, d.valid_to, d.merchant_listed. Inlined by the planner.';

-- ---------------------------------------------------------------- row-level security
alter table public.deals enable row level security;

-- Visitors and members see live deals of listed businesses; an owner sees and writes their own (the columns they
-- may write are granted below); the admin reads all.
create policy "deals: anon reads live deals" on public.deals
  for select to anon
  using (public.deal_is_live_and_listed(active, valid_from, valid_to, merchant_listed));

create policy "deals: approved owner inserts" on public.deals
  for insert to authenticated
  with check ((merchant_id = ( select private.my_merchant_id(true) as my_merchant_id)));

create policy "deals: owner deletes" on public.deals
  for delete to authenticated
  using ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)));

create policy "deals: owner updates" on public.deals
  for update to authenticated
  using ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)))
  with check ((merchant_id = ( select private.my_merchant_id() as my_merchant_id)));

create policy "deals: users read live deals, owners their own, admin all" on public.deals
  for select to authenticated
  using ((public.deal_is_live_and_listed(active, valid_from, valid_to, merchant_listed) or (merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
-- Kept by triggers: the deal's copies of its business's city and "listed", its code's secret, and the messages
-- a new or changed deal sends (followers' NEW_DEAL; deal_changed on the city's topic, realtime.sql).
create function private.deal_city_from_merchant() returns trigger
    language plpgsql security definer
    set search_path to ''
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

comment on function private.deal_city_from_merchant() is 'Before a deal is written: deals.city_id and deals.merchant_listed from its business and city (decisions 140, 150).';

create function private.create_deal_secret() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  insert into private.deal_secrets (deal_id) values (new.id);
  return null;
end
$$;

create function private.on_deal_created() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  business record;
begin
  select m.name, m.active into business from public.merchants m where m.id = new.merchant_id;
  if new.active and business.active then
    perform private.notify_followers(
      new.merchant_id, 'NEW_DEAL', new.id,
      jsonb_build_object(
        'merchantName', business.name,
        'dealTitle', new.title,
        'previewText', left(new.description, 160)
      )
    );
  end if;
  return null;
end
$$;

comment on function private.on_deal_created() is 'After a deal is created active by an approved merchant, notifies every follower (NEW_DEAL).';

create function private.on_deal_changed() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  row_deal record := coalesce(new, old);
  city uuid;
begin
  select m.city_id into city from public.merchants m where m.id = row_deal.merchant_id;
  if city is not null then
    perform private.publish_city_change(city, jsonb_build_object(
      'dealId', row_deal.id, 'merchantId', row_deal.merchant_id, 'cityId', city,
      'change', case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end));
  end if;
  return null;
end
$$;

comment on function private.on_deal_changed() is 'Publishes deal_changed {dealId, merchantId, cityId, change} on city:<id> for an insert, update or delete of a deal, coalesced per city (private.publish_city_change).';

-- Reading deals: the visitors' list, the member's list and page (with the caller's rights, row-level security
-- deciding), then the codes' secrets: a member's (the membership checked once), the counter's (the owner's deals,
-- or a staff member's live ones).
create function public.public_deals(p_city_id uuid, p_filter text, p_categories text[], p_limit integer) returns table(id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer, used_count integer, max_uses integer, valid_to timestamp with time zone, merchant_id uuid, merchant_name text, merchant_category text, logo_url text, city_id uuid, city_name text, city_state text, rules jsonb, per_member_limit text)
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    set enable_sort to 'off'
    set jit to 'off'
    as $$
#variable_conflict use_column
begin
  if p_city_id is null then
    return query
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id, m.name, m.category, m.logo_url, lc.id, lc.name, lc.state, d.rules, d.per_member_limit
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
             d.max_uses, d.valid_to, m.id, m.name, m.category, m.logo_url, lc.id, lc.name, lc.state, d.rules, d.per_member_limit
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

comment on function public.public_deals(p_city_id uuid, p_filter text, p_categories text[], p_limit integer) is 'GET /api/deals/public: live deals of listed businesses for a city (or all), newest first; RLS decides; generic plans (decision 130); a city''s deals in page order (decision 140).';

create function private.member_deals(p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) returns table(id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer, used_count integer, max_uses integer, valid_to timestamp with time zone, created_at text, merchant_id uuid, merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text, rules jsonb, per_member_limit text)
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    set enable_sort to 'off'
    set jit to 'off'
    as $$
#variable_conflict use_column
begin
  return query
    with page as materialized (
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, d.created_at, m.id as merchant_id, m.name as merchant_name,
             m.category as merchant_category, m.is_women_owned, d.rules, d.per_member_limit
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
           p.is_women_owned, s.secret, p.rules, p.per_member_limit
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

comment on function private.member_deals(p_city_id uuid, p_filter text, p_categories text[], p_after_created_at timestamp with time zone, p_after_id uuid, p_limit integer) is 'GET /api/deals in one statement: a page of a city''s live deals with their code secrets, RLS deciding; PL403 for a caller without an active membership. Generic plan (decision 130); reads a city''s deals in page order (decision 140).';

create function private.member_deal(p_deal_id uuid) returns table(id uuid, title text, description text, category text, discount_percent integer, discount_amount_cents integer, used_count integer, max_uses integer, valid_to timestamp with time zone, merchant_id uuid, merchant_name text, merchant_category text, merchant_is_women_owned boolean, secret text, rules jsonb, per_member_limit text)
    language plpgsql stable
    set search_path to ''
    as $$
#variable_conflict use_column
begin
  return query
    with one as (
      select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
             d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name,
             m.category as merchant_category, m.is_women_owned, d.rules, d.per_member_limit
        from public.deals d
        join public.merchants m on m.id = d.merchant_id
       where d.id = p_deal_id
         and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)
    )
    select o.id, o.title, o.description, o.category, o.discount_percent, o.discount_amount_cents, o.used_count,
           o.max_uses, o.valid_to, o.merchant_id, o.merchant_name, o.merchant_category, o.is_women_owned, s.secret,
           o.rules, o.per_member_limit
      from one o
      join private.member_deal_secrets(array[p_deal_id]) s on s.deal_id = o.id;
  -- No row may mean the join side was never evaluated: the membership is still checked (PL403).
  if not found then
    perform 1 from private.member_deal_secrets('{}');
  end if;
end
$$;

comment on function private.member_deal(p_deal_id uuid) is 'GET /api/deals/member/:id: one live deal with its code secret, RLS deciding, by the rules of private.member_deals; PL403 for a caller without an active membership; no row for a deal that is not live, not listed or unknown.';

create function private.member_deal_secrets(p_deal_ids uuid[]) returns table(deal_id uuid, secret text)
    language plpgsql stable security definer
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
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

comment on function private.member_deal_secrets(p_deal_ids uuid[]) is 'Secrets of the given live deals for a caller with an active membership (else PL403). The API derives the codes. Generic plan (decision 130).';

create function private.deal_code_secrets(p_deal_ids uuid[]) returns table(deal_id uuid, secret text)
    language plpgsql stable security definer
    set search_path to ''
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

-- A deal link's answer for a visitor (decision 115): whether the deal exists, nothing more.
create function links.deal_exists(p_deal_id uuid) returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (select 1 from public.deals d where d.id = p_deal_id)
$$;

comment on function links.deal_exists(p_deal_id uuid) is 'Whether a deal with this id exists, live or not (a link to it then reads "no longer available" instead of "not found"). Reveals nothing else about the deal.';

-- ---------------------------------------------------------------- triggers
create trigger deals_city_from_merchant before insert or update of merchant_id, city_id, merchant_listed on public.deals for each row execute function private.deal_city_from_merchant();

create trigger deals_create_secret after insert on public.deals for each row execute function private.create_deal_secret();

create trigger deals_notify_followers after insert on public.deals for each row execute function private.on_deal_created();

create trigger deals_publish_insert_delete after insert or delete on public.deals for each row execute function private.on_deal_changed();

create trigger deals_publish_update after update of title, description, discount_percent, discount_amount_cents, category, active, valid_from, valid_to, max_uses on public.deals for each row execute function private.on_deal_changed();

create trigger deals_touch_updated_at before update on public.deals for each row execute function private.touch_updated_at();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, update on table public.deals from anon;
revoke insert, update on table public.deals from authenticated;
-- An owner writes these columns only (the policies decide which rows): never used_count, city_id or merchant_listed,
-- and the business of a deal is set once.
grant insert (active, category, description, discount_amount_cents, discount_percent, max_uses, merchant_id,
              per_member_limit, rules, title, valid_from, valid_to),
      update (active, category, description, discount_amount_cents, discount_percent, max_uses,
              per_member_limit, rules, title, valid_from, valid_to)
  on table public.deals to authenticated;

revoke execute on function
  private.deal_city_from_merchant(),
  private.create_deal_secret(),
  private.on_deal_created(),
  private.on_deal_changed(),
  public.public_deals(uuid,text,text[],integer),
  private.member_deals(uuid,text,text[],timestamp with time zone,uuid,integer),
  private.member_deal(uuid),
  private.member_deal_secrets(uuid[]),
  private.deal_code_secrets(uuid[]),
  links.deal_exists(uuid)
  from public;
grant execute on function
  private.member_deals(uuid,text,text[],timestamp with time zone,uuid,integer),
  private.member_deal(uuid),
  private.member_deal_secrets(uuid[]),
  private.deal_code_secrets(uuid[])
  to authenticated, service_role;
grant execute on function links.deal_exists(uuid) to anon, authenticated, service_role;
