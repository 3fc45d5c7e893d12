-- Points: a member's points at one business, 1 point = 1 cent, earned with a purchase and redeemed at the counter.
-- The ledger is append-only; balances are kept by a trigger and cannot go below zero.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.point_balances (
    member_id uuid not null,
    merchant_id uuid not null,
    points integer default 0 not null,
    updated_at timestamp with time zone default now() not null,
    constraint point_balances_points_check check ((points >= 0)),
    constraint point_balances_pkey primary key (member_id, merchant_id),
    constraint point_balances_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint point_balances_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.point_balances is 'A member''s points at one business: the sum of their ledger entries there, kept by a trigger. The check makes any overdraw fail, whatever the concurrency.';

create table public.point_ledger (
    id bigint not null,
    merchant_id uuid,
    member_id uuid,
    kind text not null,
    points integer not null,
    purchase_amount_cents integer,
    reverses_id bigint,
    created_at timestamp with time zone default now() not null,
    acted_by uuid default auth.uid(),
    constraint point_ledger_kind_check check ((kind = any (array['accrual'::text, 'redemption'::text, 'reversal'::text]))),
    constraint point_ledger_purchase_amount_cents_check check ((purchase_amount_cents > 0)),
    constraint point_ledger_purchase_on_accruals check (((kind = 'accrual'::text) = (purchase_amount_cents is not null))),
    constraint point_ledger_reversal_target check (((kind = 'reversal'::text) = (reverses_id is not null))),
    constraint point_ledger_sign check ((((kind = 'accrual'::text) and (points > 0)) or ((kind = 'redemption'::text) and (points < 0)) or ((kind = 'reversal'::text) and (points <> 0)))),
    constraint point_ledger_pkey primary key (id),
    constraint point_ledger_acted_by_fkey foreign key (acted_by) references public.profiles(id) on delete set null,
    constraint point_ledger_member_id_fkey foreign key (member_id) references public.profiles(id) on delete set null,
    constraint point_ledger_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete set null
);

alter table public.point_ledger alter column id add generated always as identity (
    sequence name public.point_ledger_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.point_ledger is 'Every points movement, append-only. 1 point = 1 cent. accrual > 0 (with the purchase), redemption < 0, reversal = minus the entry it reverses. member_id null = member deleted (anonymised).';

comment on column public.point_ledger.acted_by is 'Who recorded the entry at the counter (owner or staff member); a reversal is the undo, by whoever undid it.';

-- ---------------------------------------------------------------- foreign keys
-- A reversal names the entry it reverses: a key into the table itself, added once the table is there.
alter table only public.point_ledger
    add constraint point_ledger_reverses_id_fkey foreign key (reverses_id) references public.point_ledger(id);

-- ---------------------------------------------------------------- indexes
create index point_balances_merchant_id_idx on public.point_balances using btree (merchant_id);

create index point_ledger_acted_by_idx on public.point_ledger using btree (acted_by);

create index point_ledger_member_id_idx on public.point_ledger using btree (member_id);

create index point_ledger_merchant_id_idx on public.point_ledger using btree (merchant_id, created_at desc);

create unique index point_ledger_reverses_id_key on public.point_ledger using btree (reverses_id) where (reverses_id is not null);

-- ---------------------------------------------------------------- row-level security
alter table public.point_balances enable row level security;

create policy "point_balances: member, owner or admin reads" on public.point_balances
  for select to authenticated
  using (((member_id = ( select auth.uid() as uid)) or (merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or ( select private.is_admin() as is_admin)));

alter table public.point_ledger enable row level security;

create policy "point_ledger: member, owner or admin reads" on public.point_ledger
  for select to authenticated
  using (((member_id = ( select auth.uid() as uid)) or (merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
create function private.apply_point_entry() returns trigger
    language plpgsql security definer
    set search_path to ''
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

create function private.sum_point_ledger() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  volume bigint := 0;
  outstanding bigint := 0;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select volume + coalesce(sum(purchase_amount_cents) filter (where kind = 'accrual'), 0),
           outstanding + coalesce(sum(points) filter (where member_id is not null and merchant_id is not null), 0)
      into volume, outstanding
      from inserted;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select volume - coalesce(sum(purchase_amount_cents) filter (where kind = 'accrual'), 0),
           outstanding - coalesce(sum(points) filter (where member_id is not null and merchant_id is not null), 0)
      into volume, outstanding
      from deleted;
  end if;
  perform private.bump_platform_counter('total_volume_cents', volume);
  perform private.bump_platform_counter('points_outstanding', outstanding);
  return null;
end
$$;

create function private.earn_points(p_member_number integer, p_amount_cents integer) returns table(entry_id bigint, points integer, balance integer, created_at timestamp with time zone, member_number integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.counter_member_id(v_merchant.id, p_member_number);
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

comment on function private.earn_points(p_member_number integer, p_amount_cents integer) is 'Credits floor(amount x reward rate / 10000) points at the caller''s business to a member the counter may use (private.counter_member_id).';

create function private.redeem_points(p_member_number integer, p_points integer) returns table(entry_id bigint, points integer, balance integer, created_at timestamp with time zone, member_number integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.counter_member_id(v_merchant.id, p_member_number);
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

comment on function private.redeem_points(p_member_number integer, p_points integer) is 'Spends points of a member the counter may use (private.counter_member_id) at the caller''s business; never below zero.';

create function private.reverse_point_entry(p_entry_id bigint) returns table(entry_id bigint, points integer, balance integer, created_at timestamp with time zone, member_number integer)
    language plpgsql security definer
    set search_path to ''
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

-- ---------------------------------------------------------------- triggers
create trigger point_ledger_apply after insert on public.point_ledger for each row execute function private.apply_point_entry();

create trigger point_ledger_sum_delete after delete on public.point_ledger referencing old table as deleted for each statement execute function private.sum_point_ledger();

create trigger point_ledger_sum_insert after insert on public.point_ledger referencing new table as inserted for each statement execute function private.sum_point_ledger();

create trigger point_ledger_sum_update after update on public.point_ledger referencing old table as deleted new table as inserted for each statement execute function private.sum_point_ledger();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.point_balances from anon;
revoke delete, insert, update on table public.point_balances from authenticated;
revoke delete, insert, select, update on table public.point_ledger from anon;
revoke delete, insert, update on table public.point_ledger from authenticated;

revoke execute on function
  private.apply_point_entry(),
  private.sum_point_ledger(),
  private.earn_points(integer,integer),
  private.redeem_points(integer,integer),
  private.reverse_point_entry(bigint)
  from public;
grant execute on function
  private.earn_points(integer,integer),
  private.redeem_points(integer,integer),
  private.reverse_point_entry(bigint)
  to authenticated, service_role;
