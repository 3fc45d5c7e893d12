-- Deal links, /deals/:id (issue 17, decision 115).
--
-- One deal by id for a member: the same rules as the member list (private.member_deals): the deals and
-- merchants policies decide what the caller sees (invoker rights), public.deal_is_live and
-- public.merchant_is_listed define "live", private.member_deal_secrets checks the membership once (PL403)
-- and hands out the secret the API derives the code from. The public view of one deal is a plain query
-- under RLS in the API (the same predicates as GET /api/deals/public).
--
-- A link outlives its deal: when the deal is no longer visible the page says "This deal is no longer
-- available" for a deal that exists, and "not found" for an id that names none. Neither a visitor nor a
-- member may see a non-live deal's row, so telling the two apart needs one security-definer answer:
-- links.deal_exists, a yes/no per id and nothing more, in a schema of its own (not exposed; anon may use
-- only this schema, never private).

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
        left join public.cities c on c.id = m.city_id
       where d.id = p_deal_id
         and public.merchant_is_listed(m.active, m.city_id, c.active)
         and public.deal_is_live(d.active, d.valid_from, d.valid_to)
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
comment on function private.member_deal(uuid) is
  'GET /api/deals/member/:id: one live deal with its code secret, RLS deciding, by the rules of private.member_deals; PL403 for a caller without an active membership; no row for a deal that is not live, not listed or unknown.';

revoke execute on function private.member_deal(uuid) from public, anon;
grant execute on function private.member_deal(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- "no longer available" or "not found"
create schema if not exists links;
comment on schema links is
  'Answers about deal links that visitors may ask (decision 115). Not exposed; anon and authenticated may use it. Every function here must revoke execute from public and grant it by name (supabase/tests/deal-links.rls.test.ts checks).';
revoke all on schema links from public;
grant usage on schema links to anon, authenticated, service_role;
-- Postgres grants execute to PUBLIC on every new function, and a per-schema default cannot take that back:
-- each function here revokes it itself (the RLS test lists what anon may execute in this schema).

create or replace function links.deal_exists(p_deal_id uuid)
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.deals d where d.id = p_deal_id)
$$;
comment on function links.deal_exists(uuid) is
  'Whether a deal with this id exists, live or not (a link to it then reads "no longer available" instead of "not found"). Reveals nothing else about the deal.';

revoke execute on function links.deal_exists(uuid) from public;
grant execute on function links.deal_exists(uuid) to anon, authenticated, service_role;
