-- Businesses (public.merchants): pending until the admin approves them; "listed" (public.merchant_is_listed) when
-- active in an active city. The helpers that tell which business the caller owns are here: the deals, counter,
-- staff, reviews and collabs files all ask them.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.merchants (
    id uuid default gen_random_uuid() not null,
    owner_user_id uuid not null,
    name text not null,
    address text not null,
    business_type text,
    description text,
    phone text,
    website text,
    city_id uuid,
    city_name text,
    is_women_owned boolean default false not null,
    logo_url text,
    active boolean default false not null,
    reward_rate_bps integer default 500 not null,
    approved_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    category text not null,
    search_vector tsvector generated always as (((setweight(to_tsvector('english'::regconfig, coalesce(name, ''::text)), 'A'::"char") || setweight(to_tsvector('english'::regconfig, replace(coalesce(category, ''::text), '-'::text, ' '::text)), 'B'::"char")) || setweight(to_tsvector('english'::regconfig, coalesce(description, ''::text)), 'C'::"char"))) stored,
    constraint merchants_address_check check (((length(trim(both from address)) >= 1) and (length(trim(both from address)) <= 200))),
    constraint merchants_category_check check ((category = any (array['food-dining'::text, 'coffee-tea'::text, 'retail'::text, 'services'::text, 'entertainment'::text, 'health-wellness'::text, 'sauna-cold-plunge'::text, 'dispensaries'::text, 'liquor-stores'::text, 'women-owned'::text, 'other'::text]))),
    constraint merchants_name_check check (((length(trim(both from name)) >= 1) and (length(trim(both from name)) <= 120))),
    constraint merchants_reward_rate_bps_check check (((reward_rate_bps >= 0) and (reward_rate_bps <= 10000))),
    constraint merchants_owner_user_id_key unique (owner_user_id),
    constraint merchants_pkey primary key (id),
    constraint merchants_city_id_fkey foreign key (city_id) references public.cities(id) on delete restrict,
    constraint merchants_owner_user_id_fkey foreign key (owner_user_id) references public.profiles(id) on delete cascade
);

comment on table public.merchants is 'Businesses: pending (active = false) until the admin approves them. Reward rate in basis points.';

comment on column public.merchants.category is 'Business category (constants BUSINESS_CATEGORIES); member deal filters match it. Derived from business_type when not given.';

-- ---------------------------------------------------------------- indexes
create index merchants_active_idx on public.merchants using btree (active);

create index merchants_active_name_idx on public.merchants using btree (name) where active;

-- Business search's name prefix and name order (decision 206): the folded name in C order, so that one btree answers
-- both "starts with" (LIKE 'x%') and the page order, alone or within the caller's city.
create index merchants_active_name_key_idx on public.merchants using btree (lower(name) collate "C", id) where active;

create index merchants_active_city_name_key_idx on public.merchants using btree (city_id, lower(name) collate "C", id) where active;

create index merchants_category_idx on public.merchants using btree (category) where active;

create index merchants_city_id_active_idx on public.merchants using btree (city_id) where active;

create index merchants_city_id_idx on public.merchants using btree (city_id);

create index merchants_name_trgm_idx on public.merchants using gin (name extensions.gin_trgm_ops);

create index merchants_search_vector_idx on public.merchants using gin (search_vector);

-- ---------------------------------------------------------------- row-level security
alter table public.merchants enable row level security;

create policy "merchants: admin deletes" on public.merchants
  for delete to authenticated
  using (( select private.is_admin() as is_admin));

create policy "merchants: anon reads active" on public.merchants
  for select to anon
  using (active);

create policy "merchants: merchant applies for self" on public.merchants
  for insert to authenticated
  with check (((owner_user_id = ( select auth.uid() as uid)) and (not active) and (( select private.user_role() as user_role) = 'MERCHANT'::text)));

create policy "merchants: owner or admin updates" on public.merchants
  for update to authenticated
  using (((owner_user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)))
  with check (((owner_user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

create policy "merchants: users read active, own, or all as admin" on public.merchants
  for select to authenticated
  using ((active or (owner_user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
-- Whose business: "listed", the caller's own (for policies, approved or not), and the owner-only paths' check
-- (the approved business the caller owns, else PL403).
create function public.merchant_is_listed(p_active boolean, p_city_id uuid, p_city_active boolean) returns boolean
    language sql immutable
    as $$
  select p_active and (p_city_id is null or coalesce(p_city_active, false))
$$;

comment on function public.merchant_is_listed(p_active boolean, p_city_id uuid, p_city_active boolean) is 'A business whose deals may be listed: approved (active) and not in a closed city (decision 044). Pass merchants.active, merchants.city_id and the city''s active (null when not found). Inlined by the planner.';

create function private.current_merchant_id() returns uuid
    language sql stable security definer
    set search_path to ''
    as $$ select m.id from public.merchants m where m.owner_user_id = (select auth.uid()) $$;

comment on function private.current_merchant_id() is 'Id of the business owned by the signed-in user, or null.';

-- A business's days and hours are read in its city's time (issue 38): offer rules, the visit a review rates. Keyed
-- by the city, not the business, so it also answers in the RETURNING of the insert that makes the business (a
-- function called there does not see the row being inserted). No search_path setting, so that the planner inlines it
-- (a function with one is called row by row and planned on every call; decision 212): it names its table with its
-- schema and only pg_catalog's functions besides.
create function private.merchant_time_zone(p_city_id uuid) returns text
    language sql stable
    as $$ select coalesce((select c.time_zone from public.cities c where c.id = p_city_id), 'America/Denver') $$;

comment on function private.merchant_time_zone(p_city_id uuid) is 'The time zone a business''s deal rules are read in: its city''s (a business without a city: the cities column''s default).';

create function private.business_local_day(p_merchant uuid, p_at timestamp with time zone) returns date
    language sql stable
    set search_path to ''
    as $$ select (p_at at time zone private.merchant_time_zone((select m.city_id from public.merchants m where m.id = p_merchant)))::date $$;

comment on function private.business_local_day(p_merchant uuid, p_at timestamp with time zone) is 'The calendar day of a moment in the business''s city''s time: a visit is one such day.';

create function private.my_merchant_id(active_only boolean default false) returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select m.id from public.merchants m
   where m.owner_user_id = (select auth.uid()) and (m.active or not active_only)
$$;

comment on function private.my_merchant_id(active_only boolean) is 'The business the signed-in user owns (optionally only once approved), for policies.';

create function private.owner_merchant() returns public.merchants
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants;
begin
  select * into v_merchant from public.merchants m where m.owner_user_id = (select auth.uid());
  if v_merchant.id is null then
    raise exception 'Only the business owner can do that' using errcode = 'PL403';
  end if;
  if not v_merchant.active then
    raise exception 'Your business is not approved yet' using errcode = 'PL403';
  end if;
  return v_merchant;
end
$$;

comment on function private.owner_merchant() is 'The caller''s approved business if they own it, else PL403: the owner-only paths (staff, pairing, insights) use it, never private.counter_merchant().';

-- Kept by triggers: the category from the business type, what an owner may not change, the platform count,
-- the deals' copies of "listed", and the message a listing change sends.
create function private.business_category_of(business_type text) returns text
    language sql immutable
    set search_path to ''
    as $$
  select case business_type
    when 'food' then 'food-dining'
    when 'retail' then 'retail'
    when 'services' then 'services'
    when 'entertainment' then 'entertainment'
    when 'health-wellness' then 'health-wellness'
    when 'sauna-cold-plunge' then 'sauna-cold-plunge'
    when 'dispensaries' then 'dispensaries'
    when 'liquor-stores' then 'liquor-stores'
    else 'other'
  end
$$;

comment on function private.business_category_of(business_type text) is 'Registration business type -> business category.';

create function private.default_merchant_category() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if new.category is null then
    new.category := private.business_category_of(new.business_type);
  end if;
  return new;
end
$$;

create function private.guard_merchant_update() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if current_user = 'authenticated' and not private.is_admin() and (
       new.active is distinct from old.active
    or new.reward_rate_bps is distinct from old.reward_rate_bps
    or new.owner_user_id is distinct from old.owner_user_id
    or new.approved_at is distinct from old.approved_at
  ) then
    raise exception 'Only the admin can change approval or reward rate' using errcode = '42501';
  end if;
  return new;
end
$$;

create function private.count_active_merchants() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  delta bigint := 0;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    delta := delta + (select count(*) from inserted where active);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    delta := delta - (select count(*) from deleted where active);
  end if;
  perform private.bump_platform_counter('active_merchants', delta);
  return null;
end
$$;

create function private.deals_follow_merchant() returns trigger
    language plpgsql security definer
    set search_path to ''
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

comment on function private.deals_follow_merchant() is 'After a business''s approval (active) or city changes: its deals'' city_id and merchant_listed follow (decisions 140, 150).';

create function private.on_business_listing_changed() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_id uuid;
  v_cities uuid[];
  v_city uuid;
begin
  if tg_op = 'DELETE' then
    v_id := old.id;
    v_cities := array[old.city_id];
  else
    v_id := new.id;
    v_cities := array[old.city_id, new.city_id];
  end if;
  for v_city in select distinct c from unnest(v_cities) c where c is not null loop
    perform private.publish_city_change(v_city,
      jsonb_build_object('dealId', null, 'merchantId', v_id, 'cityId', v_city, 'change', 'business'));
  end loop;
  return null;
end
$$;

comment on function private.on_business_listing_changed() is 'Publishes deal_changed {dealId: null, merchantId, cityId, change: business} on the city topics a business''s listing change affects, coalesced per city (private.publish_city_change).';

-- The least text after every text that starts with the prefix, in "C" order (code point order): the prefix with its
-- last character raised by one code point (skipping the surrogates, which text never holds); null when there is none
-- (an empty prefix, or one of U+10FFFF only). Business search's tier 0 reads [prefix, this) from a btree.
create function private.name_prefix_end(prefix text) returns text
    language plpgsql immutable strict
    set search_path to ''
    as $$
declare
  head text := prefix;
  last_char integer;
begin
  while head <> '' loop
    last_char := ascii(right(head, 1));
    head := left(head, -1);
    if last_char < 1114111 then
      return head || chr(case when last_char + 1 = 55296 then 57344 else last_char + 1 end);
    end if;
  end loop;
  return null;
end
$$;

comment on function private.name_prefix_end(prefix text) is 'The least text after every text starting with the prefix in "C" order (null when none): the upper end of business search''s name-prefix range (decision 210).';

-- Business search (decision 206): the top page only, each tier read from an index in its order with a bounded LIMIT,
-- never every match ranked. Tiers: 0 the name starts with the words (btree on the folded name), 1 a word matches
-- (full text, stemmed; GIN), 2 part of a word or a misspelled name (trigram GIN), closest first. Within a tier the
-- caller's city (their business's, else their home city) comes first, then the folded name. Each row carries its
-- sort key (tier, city_rank, score, name_key, id) so that the API can hand the last one back as a keyset cursor;
-- max_results + 1 rows are returned so that the API knows whether a next page exists. Tier 0 of typed words runs as
-- static statements whose plans the connection keeps (planning was most of a search's database time); the other
-- tiers are planned for their words (a word's frequency decides between the GIN index and a walk in name order).
create function private.search_businesses(search text, category_filter text, city_filter uuid, max_results integer,
    after_tier integer default null, after_city_rank integer default null, after_score double precision default null,
    after_name_key text default null, after_id uuid default null)
  returns table(id uuid, name text, "logoUrl" text, city text, state text, "businessType" text, category text, "isVerified" boolean,
    tier integer, city_rank integer, score double precision, name_key text)
    language plpgsql stable security definer
    set search_path to ''
    set "pg_trgm.word_similarity_threshold" to '0.45'
    as $_$
declare
  words text := coalesce(trim(search), '');
  wanted integer := least(greatest(coalesce(max_results, 20), 1), 100) + 1;
  escaped text := replace(replace(replace(lower(words), '\', '\\'), '%', '\%'), '_', '\_');
  -- Tier 0 as a range of the folded name: [name_from, name_upto) holds exactly the names starting with the words.
  name_from text := lower(words);
  name_upto text := private.name_prefix_end(lower(words));
  me uuid := auth.uid();
  my_city uuid := coalesce(
    (select m.city_id from public.merchants m where m.owner_user_id = (select auth.uid()) limit 1),
    (select p.home_city_id from public.profiles p where p.id = (select auth.uid())));
  filters text := concat_ws(' ',
    'm.active and m.owner_user_id is distinct from (select auth.uid())',
    case when category_filter is null then null
         when category_filter = 'women-owned' then 'and (m.category = $2 or m.is_women_owned)'
         else 'and m.category = $2' end,
    case when city_filter is null then null else 'and m.city_id = $3' end);
  prefix text := '(lower(m.name) collate "C" like $5)';
  word text := '(m.search_vector @@ websearch_to_tsquery(''english'', $1))';
  tier_match text;
  tier_score text;
  tier_order text;
  city_match text;
  keyset text;
  found integer;
  sort_setting text := current_setting('enable_sort');
  from_cursor boolean;
  range_from text;
  t integer;
  r integer;
begin
  for t in 0..2 loop
    exit when wanted <= 0 or (t > 0 and words = '');
    continue when t < coalesce(after_tier, 0);
    tier_match := case t
      when 0 then prefix
      when 1 then format('%s and not %s', word, prefix)
      else format('(m.name ilike $6 or m.name operator(extensions.%%>) $1) and not %s and not %s', prefix, word) end;
    -- Only the last tier is ordered by closeness (the misspelled ones); the others in name order, which the btree
    -- (lower(name) collate "C", id) gives without a sort.
    tier_score := case when t = 2 then '(-extensions.word_similarity($1, m.name))::double precision' else '0::double precision' end;
    tier_order := case when t = 2 then 'score, ' else '' end || 'lower(m.name) collate "C", m.id';
    for r in 0..1 loop
      exit when wanted <= 0;
      continue when t = after_tier and r < after_city_rank;
      continue when r = 0 and my_city is null;
      if t = 0 and name_upto is not null then
        -- Typed words, tier 0: static statements, so their plans are kept per connection (a generic plan, the
        -- range being an index condition whatever the words) instead of made for every search; from a cursor
        -- the range starts at its name.
        from_cursor := coalesce(t = after_tier and r = after_city_rank, false);
        range_from := case when from_cursor then greatest(name_from collate "C", after_name_key collate "C") else name_from end;
        -- Planned without a sort, as the dynamic tier 0 below (and a plan, once kept, keeps that).
        perform set_config('enable_sort', 'off', true);
        if r = 0 then
          return query select m.id, m.name, m.logo_url,
              coalesce(ci.name, nullif(split_part(m.city_name, ', ', 1), '')),
              coalesce(ci.state, nullif(split_part(m.city_name, ', ', 2), '')),
              m.business_type, m.category, m.active, 0, 0, 0::double precision, lower(m.name) collate "C"
            from public.merchants m left join public.cities ci on ci.id = m.city_id
           where m.active and m.owner_user_id is distinct from me
             and (category_filter is null or m.category = category_filter or (category_filter = 'women-owned' and m.is_women_owned))
             and (city_filter is null or m.city_id = city_filter)
             and m.city_id = my_city
             and lower(m.name) collate "C" >= range_from and lower(m.name) collate "C" < name_upto
             and (not from_cursor or (lower(m.name) collate "C", m.id) > (after_name_key collate "C", after_id))
           order by lower(m.name) collate "C", m.id
           limit wanted;
        else
          return query select m.id, m.name, m.logo_url,
              coalesce(ci.name, nullif(split_part(m.city_name, ', ', 1), '')),
              coalesce(ci.state, nullif(split_part(m.city_name, ', ', 2), '')),
              m.business_type, m.category, m.active, 0, 1, 0::double precision, lower(m.name) collate "C"
            from public.merchants m left join public.cities ci on ci.id = m.city_id
           where m.active and m.owner_user_id is distinct from me
             and (category_filter is null or m.category = category_filter or (category_filter = 'women-owned' and m.is_women_owned))
             and (city_filter is null or m.city_id = city_filter)
             and (my_city is null or m.city_id is distinct from my_city)
             and lower(m.name) collate "C" >= range_from and lower(m.name) collate "C" < name_upto
             and (not from_cursor or (lower(m.name) collate "C", m.id) > (after_name_key collate "C", after_id))
           order by lower(m.name) collate "C", m.id
           limit wanted;
        end if;
        get diagnostics found = row_count;
        perform set_config('enable_sort', sort_setting, true);
        wanted := wanted - found;
        continue;
      end if;
      city_match := case when r = 0 then 'm.city_id = $7' when my_city is null then 'true' else 'm.city_id is distinct from $7' end;
      keyset := case when t = after_tier and r = after_city_rank
        then format('and (%s, lower(m.name) collate "C", m.id) > ($8, $9 collate "C", $10)', tier_score) else '' end;
      -- A name prefix is a btree range already in page order: the planner underestimates how many names share a
      -- prefix and would fetch them all to sort them, so tier 0 is planned without a sort (then set back).
      if t = 0 then perform set_config('enable_sort', 'off', true); end if;
      return query execute format($sql$select m.id, m.name, m.logo_url,
          coalesce(ci.name, nullif(split_part(m.city_name, ', ', 1), '')),
          coalesce(ci.state, nullif(split_part(m.city_name, ', ', 2), '')),
          m.business_type, m.category, m.active, %s, %s, %s as score, lower(m.name) collate "C"
         from public.merchants m left join public.cities ci on ci.id = m.city_id
        where %s and %s and %s %s
        order by %s
        limit $4$sql$, t, r, tier_score, filters, city_match, tier_match, keyset, tier_order)
        using words, category_filter, city_filter, wanted, escaped || '%', '%' || escaped || '%', my_city,
              after_score, after_name_key, after_id;
      get diagnostics found = row_count;
      if t = 0 then perform set_config('enable_sort', sort_setting, true); end if;
      wanted := wanted - found;
    end loop;
  end loop;
end
$_$;

comment on function private.search_businesses(search text, category_filter text, city_filter uuid, max_results integer, after_tier integer, after_city_rank integer, after_score double precision, after_name_key text, after_id uuid) is 'Business search for Local Collabs (decision 206): active businesses only, the top page read tier by tier from the indexes (name prefix, word, part or misspelling), the caller''s city first; max_results + 1 rows with their sort keys for the keyset cursor.';
-- ---------------------------------------------------------------- triggers
create trigger merchants_city_active before insert or update of city_id on public.merchants for each row execute function private.guard_city_is_active('city_id');

create trigger merchants_count_delete after delete on public.merchants referencing old table as deleted for each statement execute function private.count_active_merchants();

create trigger merchants_count_insert after insert on public.merchants referencing new table as inserted for each statement execute function private.count_active_merchants();

create trigger merchants_count_update after update on public.merchants referencing old table as deleted new table as inserted for each statement execute function private.count_active_merchants();

create trigger merchants_deals_follow after update of active, city_id on public.merchants for each row when (((old.active is distinct from new.active) or (old.city_id is distinct from new.city_id))) execute function private.deals_follow_merchant();

create trigger merchants_default_category before insert or update of business_type, category on public.merchants for each row execute function private.default_merchant_category();

create trigger merchants_guard_update before update on public.merchants for each row execute function private.guard_merchant_update();

create trigger merchants_publish_listing_changed after update of active, name, city_id on public.merchants for each row when ((row(old.active, old.name, old.city_id) is distinct from row(new.active, new.name, new.city_id))) execute function private.on_business_listing_changed();

create trigger merchants_publish_listing_deleted after delete on public.merchants for each row when (old.active) execute function private.on_business_listing_changed();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke execute on function
  private.current_merchant_id(),
  private.my_merchant_id(boolean),
  private.owner_merchant(),
  private.merchant_time_zone(uuid),
  private.business_local_day(uuid,timestamp with time zone),
  private.business_category_of(text),
  private.default_merchant_category(),
  private.guard_merchant_update(),
  private.count_active_merchants(),
  private.deals_follow_merchant(),
  private.on_business_listing_changed(),
  private.name_prefix_end(text),
  private.search_businesses(text,text,uuid,integer,integer,integer,double precision,text,uuid)
  from public;
grant execute on function
  private.current_merchant_id(),
  private.my_merchant_id(boolean),
  private.owner_merchant(),
  private.merchant_time_zone(uuid),
  private.business_local_day(uuid,timestamp with time zone),
  private.business_category_of(text),
  private.search_businesses(text,text,uuid,integer,integer,integer,double precision,text,uuid)
  to authenticated, service_role;
