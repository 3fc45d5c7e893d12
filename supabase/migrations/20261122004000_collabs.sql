-- Local Collabs: business categories and search on merchants, and collaboration requests between
-- two approved businesses. Only the two parties ever see a collaboration (RLS).

create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------- business category
-- merchants.category (the fixed list of spec section 3, derived from business_type) comes from the
-- deals migration; search filters on it among approved businesses.
create index merchants_category_idx on public.merchants (category) where active;

-- ---------------------------------------------------------------- business search
-- Full text over name (weight A), category words (B) and description (C) for ranking, and a trigram
-- index on the name for typo tolerance ("rosas rivr cafe") and substrings while typing.
alter table public.merchants add column search_vector tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A')
  || setweight(to_tsvector('english'::regconfig, replace(coalesce(category, ''), '-', ' ')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
) stored;
create index merchants_search_vector_idx on public.merchants using gin (search_vector);
create index merchants_name_trgm_idx on public.merchants using gin (name extensions.gin_trgm_ops);
create index merchants_active_name_idx on public.merchants (name) where active;

-- Search runs as security definer because RLS makes every policy a security barrier: the
-- text operators (@@, ILIKE, pg_trgm's %>) are not leakproof, so under RLS Postgres may not use
-- them as index conditions and scans every row. The function returns exactly what the merchants
-- policies let anyone read (active businesses, public fields) and never the caller's own business.
-- Text search runs in two passes: exact hits (name/category/description words, or part of the
-- name) ranked first; only when they do not fill the page, near misses of the name (typos) follow.
-- Each pass is built with only the filters given, so every call gets a plan for its own values.
create or replace function private.search_businesses(search text, category_filter text, city_filter uuid, max_results integer)
returns table (
  id uuid, name text, "logoUrl" text, city text, state text, "businessType" text, category text, "isVerified" boolean
)
language plpgsql stable security definer
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.45
as $$
declare
  words text := coalesce(trim(search), '');
  page integer := least(greatest(coalesce(max_results, 20), 1), 100);
  pattern text := '%' || replace(replace(replace(words, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  filters text := concat_ws(' ',
    'm.active and m.owner_user_id is distinct from (select auth.uid())',
    case when category_filter is null then null
         when category_filter = 'women-owned' then 'and (m.category = $2 or m.is_women_owned)'
         else 'and m.category = $2' end,
    case when city_filter is null then null else 'and m.city_id = $3' end);
  exact text := '(m.search_vector @@ websearch_to_tsquery(''english'', $1) or m.name ilike $5)';
  result_columns text := $cols$m.id, m.name, m.logo_url,
    coalesce(ci.name, nullif(split_part(m.city_name, ', ', 1), '')),
    coalesce(ci.state, nullif(split_part(m.city_name, ', ', 2), '')),
    m.business_type, m.category, m.active
    from public.merchants m left join public.cities ci on ci.id = m.city_id$cols$;
  found_count integer;
begin
  if words = '' then
    return query execute format('select %s where %s order by m.name, m.id limit $4', result_columns, filters)
      using words, category_filter, city_filter, page;
    return;
  end if;

  return query execute format($sql$select %s where %s and %s
     order by ts_rank(m.search_vector, websearch_to_tsquery('english', $1))
              + 2 * extensions.word_similarity($1, m.name)
              + case when m.name ilike $6 then 1 else 0 end desc, m.name, m.id
     limit $4$sql$, result_columns, filters, exact)
    using words, category_filter, city_filter, page, pattern, substr(pattern, 2);
  get diagnostics found_count = row_count;
  if found_count >= page then
    return;
  end if;

  return query execute format($sql$select %s where %s and m.name operator(extensions.%%>) $1 and not %s
     order by extensions.word_similarity($1, m.name) desc, m.name, m.id
     limit $4$sql$, result_columns, filters, exact)
    using words, category_filter, city_filter, page - found_count, pattern;
end
$$;
comment on function private.search_businesses(text, text, uuid, integer) is
  'Business search for Local Collabs: active businesses only, ranked by name similarity and text rank.';
revoke execute on function private.search_businesses(text, text, uuid, integer) from public, anon;
grant execute on function private.search_businesses(text, text, uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- collaborations
create table public.collaborations (
  id uuid primary key default gen_random_uuid(),
  requester_merchant_id uuid not null references public.merchants (id) on delete cascade,
  recipient_merchant_id uuid not null references public.merchants (id) on delete cascade,
  status text not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'DENIED', 'CANCELLED')),
  requester_discount_label text not null check (length(trim(requester_discount_label)) between 1 and 100),
  recipient_discount_label text not null check (length(trim(recipient_discount_label)) between 1 and 100),
  start_date date not null,
  end_date date,
  exclusions_text text check (exclusions_text is null or length(exclusions_text) <= 500),
  message text check (message is null or length(message) <= 1000),
  responded_at timestamptz,
  created_at timestamptz not null default now(),
  constraint collaborations_not_self check (requester_merchant_id <> recipient_merchant_id),
  constraint collaborations_dates_ordered check (end_date is null or end_date >= start_date)
);
comment on table public.collaborations is
  'Mutual-discount collaboration between two approved businesses: requested PENDING, answered ACCEPTED or DENIED by the recipient. Visible only to the two parties.';
alter table public.collaborations enable row level security;
create index collaborations_requester_idx on public.collaborations (requester_merchant_id, created_at desc);
create index collaborations_recipient_idx on public.collaborations (recipient_merchant_id, created_at desc);
-- At most one open request between two businesses, whichever of them asked.
create unique index collaborations_one_pending_per_pair on public.collaborations (
  least(requester_merchant_id, recipient_merchant_id), greatest(requester_merchant_id, recipient_merchant_id)
) where status = 'PENDING';

revoke all on public.collaborations from anon;
revoke update on public.collaborations from authenticated;
grant update (status) on public.collaborations to authenticated;

-- The caller's own business (one per owner), for policies.
create or replace function private.current_merchant_id() returns uuid
language sql stable security definer
set search_path = ''
as $$ select m.id from public.merchants m where m.owner_user_id = (select auth.uid()) $$;
comment on function private.current_merchant_id() is 'Id of the business owned by the signed-in user, or null.';
revoke execute on function private.current_merchant_id() from public, anon;
grant execute on function private.current_merchant_id() to authenticated, service_role;

-- Status moves only from PENDING, whoever writes; the answer time is recorded.
create or replace function private.guard_collaboration_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'PENDING' then
      raise exception 'This collaboration request was already %', lower(old.status) using errcode = 'P0001';
    end if;
    new.responded_at := now();
  end if;
  return new;
end
$$;
revoke execute on function private.guard_collaboration_status() from public, anon;
create trigger collaborations_guard_status before update on public.collaborations
  for each row execute function private.guard_collaboration_status();

-- The partner's contact address for "Message Partner": the owner's account email, only for an
-- accepted collaboration the caller is a party of (profiles are otherwise private to their owner).
create or replace function private.collaboration_partner_email(collaboration_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select p.email
    from public.collaborations c
    join public.merchants partner on partner.id = case
      when c.requester_merchant_id = private.current_merchant_id() then c.recipient_merchant_id
      else c.requester_merchant_id end
    join public.profiles p on p.id = partner.owner_user_id
   where c.id = collaboration_id
     and c.status = 'ACCEPTED'
     and private.current_merchant_id() in (c.requester_merchant_id, c.recipient_merchant_id)
$$;
comment on function private.collaboration_partner_email(uuid) is
  'Email of the other party of an accepted collaboration of the caller; null otherwise.';
revoke execute on function private.collaboration_partner_email(uuid) from public, anon;
grant execute on function private.collaboration_partner_email(uuid) to authenticated, service_role;

create policy "collaborations: parties read" on public.collaborations
  for select to authenticated
  using ((select private.current_merchant_id()) in (requester_merchant_id, recipient_merchant_id));
create policy "collaborations: approved merchant requests" on public.collaborations
  for insert to authenticated
  with check (
    requester_merchant_id = (select private.current_merchant_id())
    and status = 'PENDING'
    and responded_at is null
    and exists (select 1 from public.merchants r where r.id = requester_merchant_id and r.active)
    and exists (select 1 from public.merchants r where r.id = recipient_merchant_id and r.active)
  );
create policy "collaborations: recipient answers" on public.collaborations
  for update to authenticated
  using (recipient_merchant_id = (select private.current_merchant_id()) and status = 'PENDING')
  with check (recipient_merchant_id = (select private.current_merchant_id()) and status in ('ACCEPTED', 'DENIED'));
