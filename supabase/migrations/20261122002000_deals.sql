-- Merchants' deals with rotating codes, deal redemptions at the counter, and points.
-- Codes are derived (RFC 6238 style) from a per-deal secret in schema private and the 120 s step,
-- by the API on read: rotation writes nothing. Every counter write goes through a few
-- security-definer functions in private that check ownership and keep the invariants
-- (maxUses, one redemption per member and step, balances never negative) under concurrency.
--
-- Depends on private.has_active_subscription(uuid) from the subscriptions migration (earlier
-- timestamp). Functions that call it are plpgsql, so they resolve it at call time.

-- ---------------------------------------------------------------- merchants: category for member filters
alter table public.merchants add column if not exists category text;
comment on column public.merchants.category is
  'Business category (constants BUSINESS_CATEGORIES); member deal filters match it. Derived from business_type when not given.';

create or replace function private.business_category_of(business_type text) returns text
language sql immutable
set search_path = ''
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
comment on function private.business_category_of(text) is 'Registration business type -> business category.';

update public.merchants set category = private.business_category_of(business_type) where category is null;

create or replace function private.default_merchant_category() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.category is null then
    new.category := private.business_category_of(new.business_type);
  end if;
  return new;
end
$$;
create trigger merchants_default_category before insert or update of business_type, category on public.merchants
  for each row execute function private.default_merchant_category();

alter table public.merchants alter column category set not null;
alter table public.merchants add constraint merchants_category_check check (category in (
  'food-dining', 'coffee-tea', 'retail', 'services', 'entertainment', 'health-wellness',
  'sauna-cold-plunge', 'dispensaries', 'liquor-stores', 'women-owned', 'other'));
create index merchants_city_id_active_idx on public.merchants (city_id) where active;

-- ---------------------------------------------------------------- who am I (merchant side)
create or replace function private.my_merchant_id(active_only boolean default false) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select m.id from public.merchants m
   where m.owner_user_id = (select auth.uid()) and (m.active or not active_only)
$$;
comment on function private.my_merchant_id(boolean) is 'The business the signed-in user owns (optionally only once approved), for policies.';

-- ---------------------------------------------------------------- deals
create table public.deals (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  title text not null check (length(title) between 1 and 100 and title = trim(title)),
  description text not null check (length(description) between 1 and 500 and description = trim(description)),
  discount_percent integer check (discount_percent between 1 and 100),
  discount_amount_cents integer check (discount_amount_cents between 1 and 10000000),
  category text not null default 'general' check (category in (
    'general', 'food-drink', 'liquor-stores', 'health-wellness', 'retail-shopping', 'arts-entertainment',
    'personal-care-beauty', 'services', 'lifestyle-community')),
  active boolean not null default true,
  valid_from timestamptz,
  valid_to timestamptz,
  max_uses integer check (max_uses between 1 and 1000000),
  used_count integer not null default 0 check (used_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deals_one_discount_kind check ((discount_percent is null) <> (discount_amount_cents is null)),
  constraint deals_valid_range check (valid_from is null or valid_to is null or valid_from <= valid_to),
  constraint deals_used_within_max check (max_uses is null or used_count <= max_uses)
);
comment on table public.deals is
  'A merchant''s discount: a percent or an amount in cents. Its 6-digit code rotates every 120 s and is derived from private.deal_secrets on read. used_count changes only at the counter.';
alter table public.deals enable row level security;
create index deals_merchant_id_idx on public.deals (merchant_id, created_at desc);

-- Owners write only the deal fields; used_count, ids and timestamps are the server's.
revoke insert, update on public.deals from anon, authenticated;
revoke delete on public.deals from anon;
grant insert (merchant_id, title, description, discount_percent, discount_amount_cents, category, active, valid_from, valid_to, max_uses)
  on public.deals to authenticated;
grant update (title, description, discount_percent, discount_amount_cents, category, active, valid_from, valid_to, max_uses)
  on public.deals to authenticated;

create or replace function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger deals_touch_updated_at before update on public.deals
  for each row execute function private.touch_updated_at();

-- "Live" = what members and visitors may see: active, inside its validity window, of an approved business.
create policy "deals: anon reads live deals" on public.deals
  for select to anon
  using (
    active and (valid_from is null or valid_from <= now()) and (valid_to is null or valid_to >= now())
    and exists (select 1 from public.merchants m where m.id = merchant_id and m.active)
  );
create policy "deals: users read live deals, owners their own, admin all" on public.deals
  for select to authenticated
  using (
    (active and (valid_from is null or valid_from <= now()) and (valid_to is null or valid_to >= now())
      and exists (select 1 from public.merchants m where m.id = merchant_id and m.active))
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );
create policy "deals: approved owner inserts" on public.deals
  for insert to authenticated
  with check (merchant_id = (select private.my_merchant_id(true)));
create policy "deals: owner updates" on public.deals
  for update to authenticated
  using (merchant_id = (select private.my_merchant_id()))
  with check (merchant_id = (select private.my_merchant_id()));
create policy "deals: owner deletes" on public.deals
  for delete to authenticated
  using (merchant_id = (select private.my_merchant_id()));

-- ---------------------------------------------------------------- code secrets (never exposed)
create table private.deal_secrets (
  deal_id uuid primary key references public.deals (id) on delete cascade,
  secret bytea not null default extensions.gen_random_bytes(20) check (length(secret) >= 16)
);
comment on table private.deal_secrets is 'Per-deal HMAC key of the rotating code (160 bits, as RFC 4226 recommends). Read only through private.deal_code_secrets.';

create or replace function private.create_deal_secret() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into private.deal_secrets (deal_id) values (new.id);
  return null;
end
$$;
create trigger deals_create_secret after insert on public.deals
  for each row execute function private.create_deal_secret();

/*
 * Secrets of the given deals that the caller may see codes of: the owner of an approved business
 * (their own deals), or a member with an active subscription (live deals only). Hex text, so every
 * driver returns the same thing. The API derives the codes; the secrets never leave the server.
 */
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
     where s.deal_id = any (p_deal_ids)
       and m.active
       and (
         m.owner_user_id = v_uid
         or (v_member and d.active
             and (d.valid_from is null or d.valid_from <= now()) and (d.valid_to is null or d.valid_to >= now()))
       );
end
$$;

-- ---------------------------------------------------------------- deal redemptions at the counter
create table public.deal_redemptions (
  id bigint generated always as identity primary key,
  deal_id uuid not null references public.deals (id) on delete cascade,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  member_id uuid references public.profiles (id) on delete set null,
  code_step bigint not null,
  created_at timestamptz not null default now(),
  undone_at timestamptz
);
comment on table public.deal_redemptions is
  'A deal code accepted at the counter (code_step = the 120 s step the code belongs to). Undo sets undone_at. Written only by private.record_deal_redemption / private.undo_deal_redemption.';
alter table public.deal_redemptions enable row level security;
create index deal_redemptions_deal_id_idx on public.deal_redemptions (deal_id);
create index deal_redemptions_merchant_id_idx on public.deal_redemptions (merchant_id, created_at desc);
create index deal_redemptions_member_id_idx on public.deal_redemptions (member_id);
-- The same member cannot use one deal twice with the code of one step (an undone redemption frees it).
create unique index deal_redemptions_once_per_step_key on public.deal_redemptions (deal_id, member_id, code_step)
  where member_id is not null and undone_at is null;
revoke all on public.deal_redemptions from anon;
revoke insert, update, delete, truncate on public.deal_redemptions from authenticated;

create policy "deal_redemptions: owner, member or admin reads" on public.deal_redemptions
  for select to authenticated
  using (
    merchant_id = (select private.my_merchant_id())
    or member_id = (select auth.uid())
    or (select private.is_admin())
  );

-- ---------------------------------------------------------------- points
create table public.point_ledger (
  id bigint generated always as identity primary key,
  merchant_id uuid references public.merchants (id) on delete set null,
  member_id uuid references public.profiles (id) on delete set null,
  kind text not null check (kind in ('accrual', 'redemption', 'reversal')),
  points integer not null,
  purchase_amount_cents integer check (purchase_amount_cents > 0),
  reverses_id bigint references public.point_ledger (id),
  created_at timestamptz not null default now(),
  constraint point_ledger_sign check (
       (kind = 'accrual' and points > 0)
    or (kind = 'redemption' and points < 0)
    or (kind = 'reversal' and points <> 0)),
  constraint point_ledger_purchase_on_accruals check ((kind = 'accrual') = (purchase_amount_cents is not null)),
  constraint point_ledger_reversal_target check ((kind = 'reversal') = (reverses_id is not null))
);
comment on table public.point_ledger is
  'Every points movement, append-only. 1 point = 1 cent. accrual > 0 (with the purchase), redemption < 0, reversal = minus the entry it reverses. member_id null = member deleted (anonymised).';
alter table public.point_ledger enable row level security;
create index point_ledger_merchant_id_idx on public.point_ledger (merchant_id, created_at desc);
create index point_ledger_member_id_idx on public.point_ledger (member_id);
create unique index point_ledger_reverses_id_key on public.point_ledger (reverses_id) where reverses_id is not null;
revoke all on public.point_ledger from anon;
revoke insert, update, delete, truncate on public.point_ledger from authenticated;

create table public.point_balances (
  member_id uuid not null references public.profiles (id) on delete cascade,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  points integer not null default 0 check (points >= 0),
  updated_at timestamptz not null default now(),
  primary key (member_id, merchant_id)
);
comment on table public.point_balances is
  'A member''s points at one business: the sum of their ledger entries there, kept by a trigger. The check makes any overdraw fail, whatever the concurrency.';
alter table public.point_balances enable row level security;
create index point_balances_merchant_id_idx on public.point_balances (merchant_id);
revoke all on public.point_balances from anon;
revoke insert, update, delete, truncate on public.point_balances from authenticated;

create policy "point_ledger: member, owner or admin reads" on public.point_ledger
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );
create policy "point_balances: member, owner or admin reads" on public.point_balances
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or merchant_id = (select private.my_merchant_id())
    or (select private.is_admin())
  );

-- The balance follows the ledger, whoever writes it; the row lock of the update serialises
-- concurrent movements of one balance and the check constraint refuses a negative result.
create or replace function private.apply_point_entry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.member_id is null or new.merchant_id is null then
    return null;
  end if;
  -- Update first: an INSERT ... ON CONFLICT would check the negative proposed row and fail.
  update public.point_balances b set points = b.points + new.points, updated_at = now()
   where b.member_id = new.member_id and b.merchant_id = new.merchant_id;
  if not found then
    begin
      insert into public.point_balances (member_id, merchant_id, points) values (new.member_id, new.merchant_id, new.points);
    exception when unique_violation then
      -- A concurrent first entry created the row meanwhile.
      update public.point_balances b set points = b.points + new.points, updated_at = now()
       where b.member_id = new.member_id and b.merchant_id = new.merchant_id;
    end;
  end if;
  return null;
end
$$;
create trigger point_ledger_apply after insert on public.point_ledger
  for each row execute function private.apply_point_entry();

-- ---------------------------------------------------------------- counter functions
-- Errors: errcode PLnnn carries the HTTP status nnn to the API; the message is shown to the merchant.

/** The caller's approved business, or an error. */
create or replace function private.counter_merchant() returns public.merchants
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants;
begin
  select * into v_merchant from public.merchants m where m.owner_user_id = (select auth.uid());
  if v_merchant.id is null then
    raise exception 'You have no business on Pay Local yet' using errcode = 'PL403';
  end if;
  if not v_merchant.active then
    raise exception 'Your business is not approved yet' using errcode = 'PL403';
  end if;
  return v_merchant;
end
$$;

/** The member a counter call is about, by the member number on their card. */
create or replace function private.member_by_number(p_member_number integer) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_member uuid;
begin
  select p.id into v_member from public.profiles p where p.member_number = p_member_number and p.role = 'USER';
  if v_member is null then
    raise exception 'No member has number %', p_member_number using errcode = 'PL404';
  end if;
  return v_member;
end
$$;

/*
 * Records a deal code accepted at the counter. The API has matched the code to (deal, step) with
 * the deal's secret; this checks everything else atomically: the caller owns the approved
 * business, the deal is live, the step is current or previous, the member (if given) has an
 * active membership and has not used this deal with this step's code, and maxUses is not reached
 * (a conditional increment: concurrent callers queue on the row lock and re-check).
 */
create or replace function private.record_deal_redemption(p_deal_id uuid, p_code_step bigint, p_member_number integer)
returns table (id bigint, deal_id uuid, member_number integer, code_step bigint, created_at timestamptz, used_count integer, max_uses integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_current_step bigint := floor(extract(epoch from now()) / 120);
  v_member uuid;
  v_redemption public.deal_redemptions;
  v_deal public.deals;
begin
  if p_code_step not between v_current_step - 2 and v_current_step + 1 then
    raise exception 'This code has expired' using errcode = 'PL409';
  end if;
  if not exists (
    select 1 from public.deals d
     where d.id = p_deal_id and d.merchant_id = v_merchant.id and d.active
       and (d.valid_from is null or d.valid_from <= now()) and (d.valid_to is null or d.valid_to >= now())
  ) then
    raise exception 'This deal is not active' using errcode = 'PL409';
  end if;
  if p_member_number is not null then
    v_member := private.member_by_number(p_member_number);
    if not private.has_active_subscription(v_member) then
      raise exception 'Member % has no active membership', p_member_number using errcode = 'PL409';
    end if;
  end if;

  update public.deals d set used_count = d.used_count + 1
   where d.id = p_deal_id and (d.max_uses is null or d.used_count < d.max_uses)
  returning * into v_deal;
  if v_deal.id is null then
    raise exception 'This deal has reached its maximum number of uses' using errcode = 'PL409';
  end if;

  begin
    insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step)
    values (p_deal_id, v_merchant.id, v_member, p_code_step)
    returning * into v_redemption;
  exception when unique_violation then
    raise exception 'Member % has already used this code for this deal', p_member_number using errcode = 'PL409';
  end;

  return query select v_redemption.id, v_redemption.deal_id, p_member_number, v_redemption.code_step,
                      v_redemption.created_at, v_deal.used_count, v_deal.max_uses;
end
$$;

/** Undoes a redemption of the caller's business within 5 minutes, freeing one use. */
create or replace function private.undo_deal_redemption(p_redemption_id bigint)
returns table (id bigint, deal_id uuid, undone_at timestamptz, used_count integer, max_uses integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_redemption public.deal_redemptions;
  v_deal public.deals;
begin
  select * into v_redemption from public.deal_redemptions r
   where r.id = p_redemption_id and r.merchant_id = v_merchant.id
   for update;
  if v_redemption.id is null then
    raise exception 'No such redemption' using errcode = 'PL404';
  end if;
  if v_redemption.undone_at is not null then
    raise exception 'This redemption was already undone' using errcode = 'PL409';
  end if;
  if v_redemption.created_at < now() - interval '5 minutes' then
    raise exception 'A redemption can only be undone within 5 minutes' using errcode = 'PL409';
  end if;
  update public.deal_redemptions r set undone_at = now() where r.id = p_redemption_id returning * into v_redemption;
  update public.deals d set used_count = d.used_count - 1
   where d.id = v_redemption.deal_id and d.used_count > 0
  returning * into v_deal;
  return query select v_redemption.id, v_redemption.deal_id, v_redemption.undone_at, v_deal.used_count, v_deal.max_uses;
end
$$;

/** Credits a member floor(amount x reward rate / 10000) points for a purchase at the caller's business. */
create or replace function private.earn_points(p_member_number integer, p_amount_cents integer)
returns table (entry_id bigint, points integer, balance integer, created_at timestamptz, member_number integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.member_by_number(p_member_number);
  v_points integer;
  v_entry public.point_ledger;
begin
  if p_amount_cents is null or p_amount_cents < 1 then
    raise exception 'amountCents must be at least 1' using errcode = 'PL400';
  end if;
  v_points := floor(p_amount_cents::bigint * v_merchant.reward_rate_bps / 10000);
  if v_points < 1 then
    raise exception 'This purchase is too small to earn points' using errcode = 'PL400';
  end if;
  insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents)
  values (v_merchant.id, v_member, 'accrual', v_points, p_amount_cents)
  returning * into v_entry;
  return query select v_entry.id, v_entry.points, b.points, v_entry.created_at, p_member_number
    from public.point_balances b where b.member_id = v_member and b.merchant_id = v_merchant.id;
end
$$;

/** Spends a member's points at the caller's business; never below zero. */
create or replace function private.redeem_points(p_member_number integer, p_points integer)
returns table (entry_id bigint, points integer, balance integer, created_at timestamptz, member_number integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.member_by_number(p_member_number);
  v_balance integer;
  v_entry public.point_ledger;
begin
  if p_points is null or p_points < 1 then
    raise exception 'points must be at least 1' using errcode = 'PL400';
  end if;
  -- Lock the balance so the check and the spend see the same value (the constraint is the backstop).
  select b.points into v_balance from public.point_balances b
   where b.member_id = v_member and b.merchant_id = v_merchant.id
   for update;
  if coalesce(v_balance, 0) < p_points then
    raise exception 'Not enough points: member % has % here', p_member_number, coalesce(v_balance, 0)
      using errcode = 'PL409';
  end if;
  insert into public.point_ledger (merchant_id, member_id, kind, points)
  values (v_merchant.id, v_member, 'redemption', -p_points)
  returning * into v_entry;
  return query select v_entry.id, v_entry.points, b.points, v_entry.created_at, p_member_number
    from public.point_balances b where b.member_id = v_member and b.merchant_id = v_merchant.id;
end
$$;

/** Undo at the counter: reverses an accrual or redemption of the caller's business within 5 minutes. */
create or replace function private.reverse_point_entry(p_entry_id bigint)
returns table (entry_id bigint, points integer, balance integer, created_at timestamptz, member_number integer)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_original public.point_ledger;
  v_entry public.point_ledger;
begin
  select * into v_original from public.point_ledger l
   where l.id = p_entry_id and l.merchant_id = v_merchant.id
   for update;
  if v_original.id is null then
    raise exception 'No such points entry' using errcode = 'PL404';
  end if;
  if v_original.kind = 'reversal' then
    raise exception 'A reversal cannot be undone' using errcode = 'PL409';
  end if;
  if exists (select 1 from public.point_ledger l where l.reverses_id = p_entry_id) then
    raise exception 'This entry was already undone' using errcode = 'PL409';
  end if;
  if v_original.created_at < now() - interval '5 minutes' then
    raise exception 'Points can only be undone within 5 minutes' using errcode = 'PL409';
  end if;
  if v_original.member_id is null then
    raise exception 'This member no longer exists' using errcode = 'PL409';
  end if;
  begin
    insert into public.point_ledger (merchant_id, member_id, kind, points, reverses_id)
    values (v_merchant.id, v_original.member_id, 'reversal', -v_original.points, v_original.id)
    returning * into v_entry;
  exception when check_violation then
    raise exception 'Those points have already been spent, so this purchase cannot be undone' using errcode = 'PL409';
  end;
  return query select v_entry.id, v_entry.points, b.points, v_entry.created_at, p.member_number
    from public.point_balances b join public.profiles p on p.id = b.member_id
   where b.member_id = v_original.member_id and b.merchant_id = v_merchant.id;
end
$$;

/** What the counter may know about a member number: their balance here and whether they are a member now. */
create or replace function private.counter_member(p_member_number integer)
returns table (member_number integer, balance integer, is_active_member boolean)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.member_by_number(p_member_number);
begin
  return query select p_member_number,
    coalesce((select b.points from public.point_balances b where b.member_id = v_member and b.merchant_id = v_merchant.id), 0),
    private.has_active_subscription(v_member);
end
$$;

/** Recent counter activity of the caller's business (deal redemptions and points), newest first. */
create or replace function private.counter_activity(p_limit integer default 20)
returns table (
  type text, id text, deal_id uuid, deal_title text, member_number integer, points integer,
  purchase_amount_cents integer, created_at timestamptz, undone boolean
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
begin
  return query
    select * from (
      select 'deal'::text, r.id::text, r.deal_id, d.title, p.member_number, null::integer, null::integer,
             r.created_at, r.undone_at is not null
        from public.deal_redemptions r
        join public.deals d on d.id = r.deal_id
        left join public.profiles p on p.id = r.member_id
       where r.merchant_id = v_merchant.id
      union all
      select l.kind, l.id::text, null::uuid, null::text, p.member_number, l.points, l.purchase_amount_cents,
             l.created_at, exists (select 1 from public.point_ledger x where x.reverses_id = l.id)
        from public.point_ledger l
        left join public.profiles p on p.id = l.member_id
       where l.merchant_id = v_merchant.id
    ) activity
    order by 8 desc
    limit least(greatest(p_limit, 1), 100);
end
$$;

/** Whether the caller has an active membership (wraps the subscriptions check, resolved at call time). */
create or replace function private.caller_is_active_member() returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return (select auth.uid()) is not null and private.has_active_subscription((select auth.uid()));
end
$$;

-- ---------------------------------------------------------------- privileges of the helpers
revoke execute on all functions in schema private from public, anon;
grant execute on function
  private.my_merchant_id(boolean),
  private.counter_merchant(),
  private.deal_code_secrets(uuid[]),
  private.record_deal_redemption(uuid, bigint, integer),
  private.undo_deal_redemption(bigint),
  private.earn_points(integer, integer),
  private.redeem_points(integer, integer),
  private.reverse_point_entry(bigint),
  private.counter_member(integer),
  private.counter_activity(integer),
  private.caller_is_active_member()
  to authenticated, service_role;
-- Called by the merchants category trigger, which runs with the writer's rights.
grant execute on function private.business_category_of(text) to authenticated, service_role;
