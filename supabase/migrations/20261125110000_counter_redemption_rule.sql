-- Issue 26 (decision 165): the one rule for a deal redemption at the counter. Every redemption names a member
-- (by a pass the API has verified, or the 6-digit code with the member number); the deal's per-member limit and
-- maxUses are checked in the same transaction; a check the counter made offline is recorded even when it broke
-- a rule, flagged for the merchant, never refused (the counter's outbox must not stall on it).

drop function private.record_deal_redemption(uuid, bigint, integer);

/*
 * p_code_step: the 120 s step of the deal code the API matched (code + member number), or null;
 * p_pass_step: the 30 s step of the member pass the API verified, or null (exactly one of the two);
 * p_checked_at: when the counter checked it offline (the API has bounded it to the last 12 hours), or null
 * for a check made now.
 */
create or replace function private.record_deal_redemption(
  p_deal_id uuid, p_member_number integer, p_code_step bigint, p_pass_step bigint, p_checked_at timestamptz default null
)
returns table (
  id bigint, deal_id uuid, deal_title text, member_number integer, member_name text, member_picture text,
  code_step bigint, pass_step bigint, created_at timestamptz, used_at timestamptz, used_count integer,
  max_uses integer, flag text
)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_offline boolean := p_checked_at is not null;
  v_at timestamptz := coalesce(p_checked_at, now());
  v_member public.profiles;
  v_deal public.deals;
  v_counted public.deals;
  v_window interval;
  v_last timestamptz;
  v_flag text;
  v_redemption public.deal_redemptions;
begin
  if (p_code_step is null) = (p_pass_step is null) then
    raise exception 'A redemption is proven by a member pass or by a deal code, not both' using errcode = 'PL400';
  end if;
  if p_member_number is null then
    raise exception 'Scan the member''s pass, or type their member number with the code: a code alone is not accepted'
      using errcode = 'PL400';
  end if;
  -- Steps: the API passes only a step it verified at now or at an offline check within the last 12 hours.
  if p_code_step is not null and p_code_step not between floor(extract(epoch from now()) / 120) - 362
                                                        and floor(extract(epoch from now()) / 120) + 1 then
    raise exception 'This code has expired' using errcode = 'PL409';
  end if;
  if p_pass_step is not null and p_pass_step not between floor(extract(epoch from now()) / 30) - 1442
                                                        and floor(extract(epoch from now()) / 30) + 4 then
    raise exception 'This pass has expired' using errcode = 'PL409';
  end if;

  select * into v_deal from public.deals d where d.id = p_deal_id and d.merchant_id = v_merchant.id;
  if v_deal.id is null then
    raise exception 'No such deal' using errcode = 'PL404';
  end if;
  -- Unknown, not a member, or no active membership: one refusal, the same everywhere (numbers cannot be probed).
  select * into v_member from public.profiles p where p.member_number = p_member_number and p.role = 'USER';
  if v_member.id is null then
    raise exception '%', private.member_not_recognised_message() using errcode = 'PL404';
  end if;
  if not private.has_active_subscription(v_member.id) then
    if not v_offline then
      raise exception '%', private.member_not_recognised_message() using errcode = 'PL404';
    end if;
    v_flag := 'membership_inactive';
  end if;

  -- The member has shown a pass or code here. The upsert also locks (business, member) until commit, so one
  -- member's concurrent redemptions at this business are checked one after the other against committed rows.
  insert into private.counter_members_seen as s (merchant_id, member_id) values (v_merchant.id, v_member.id)
  on conflict (merchant_id, member_id) do update set last_seen_at = now();

  -- An offline check: the counter's cover held only live deals (decision 060); an online one asks now.
  if not v_offline and not public.deal_is_live(v_deal.active, v_deal.valid_from, v_deal.valid_to) then
    raise exception 'This deal is not active' using errcode = 'PL409';
  end if;

  -- The same pass step or code step once per member and deal (a screenshot is worth at most one use).
  if v_flag is null and exists (
    select 1 from public.deal_redemptions r
     where r.deal_id = p_deal_id and r.member_id = v_member.id and r.undone_at is null and r.flag is null
       and (r.pass_step = p_pass_step or r.code_step = p_code_step)
  ) then
    if not v_offline then
      raise exception '%', case when p_pass_step is not null then 'This pass was already used for this deal: ask the member to show it again'
                                else 'This member already used this code for this deal' end using errcode = 'PL409';
    end if;
    v_flag := case when p_pass_step is not null then 'pass_reused' else 'code_reused' end;
  end if;

  -- The per-member limit: no other counted use of this deal within the window around this one.
  v_window := case v_deal.per_member_limit
                when 'day' then interval '24 hours' when 'week' then interval '7 days'
                when 'month' then interval '30 days' end;
  if v_flag is null and v_deal.per_member_limit <> 'none' then
    select max(r.used_at) into v_last from public.deal_redemptions r
     where r.member_id = v_member.id and r.deal_id = p_deal_id and r.undone_at is null and r.flag is null
       and (v_deal.per_member_limit = 'once' or (r.used_at > v_at - v_window and r.used_at < v_at + v_window));
    if v_last is not null then
      if not v_offline then
        if v_deal.per_member_limit = 'once' then
          raise exception 'This member has already used this deal, which is once per member' using errcode = 'PL409';
        end if;
        raise exception 'This member already used this deal: it works again for them at % UTC',
          to_char((v_last + v_window) at time zone 'UTC', 'YYYY-MM-DD HH24:MI')
          using errcode = 'PL409', detail = json_build_object('availableAt', to_char((v_last + v_window) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))::text;
      end if;
      v_flag := 'per_member_limit';
    end if;
  end if;

  if v_flag is null then
    update public.deals d set used_count = d.used_count + 1
     where d.id = p_deal_id and (d.max_uses is null or d.used_count < d.max_uses)
    returning * into v_counted;
    if v_counted.id is null then
      if not v_offline then
        raise exception 'This deal has reached its maximum number of uses' using errcode = 'PL409';
      end if;
      v_flag := 'max_uses';
    end if;
  end if;
  if v_counted.id is null then v_counted := v_deal; end if;

  insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, pass_step, used_at, flag)
  values (p_deal_id, v_merchant.id, v_member.id, p_code_step, p_pass_step, v_at, v_flag)
  returning * into v_redemption;

  return query select v_redemption.id, v_redemption.deal_id, v_deal.title, v_member.member_number, v_member.name,
                      v_member.profile_picture, v_redemption.code_step, v_redemption.pass_step, v_redemption.created_at,
                      v_redemption.used_at, v_counted.used_count, v_counted.max_uses, v_redemption.flag;
end
$$;
comment on function private.record_deal_redemption(uuid, integer, bigint, bigint, timestamptz) is
  'The one rule for a deal used at the counter (decision 165): the caller''s deal, live now (or checked offline within 12 hours), an active member, once per pass or code step, the deal''s per-member limit, then maxUses, all in one transaction. An offline check that broke a rule is recorded with a flag instead of refused.';

/** The one refusal for a member number that is unknown, not a member, inactive, or never seen at this business. */
create or replace function private.member_not_recognised_message() returns text
language sql immutable
set search_path = ''
as $$ select 'Member number not recognised here. Ask the member to show their pass.'::text $$;
comment on function private.member_not_recognised_message() is
  'The same words for every member number the counter may not use, so a refusal reveals nothing about the number.';

revoke execute on function private.record_deal_redemption(uuid, integer, bigint, bigint, timestamptz),
  private.member_not_recognised_message() from public, anon;
grant execute on function private.record_deal_redemption(uuid, integer, bigint, bigint, timestamptz),
  private.member_not_recognised_message() to authenticated, service_role;

-- ---------------------------------------------------------------- member numbers at the counter
/*
 * The member a points or lookup call is about: an active member who has shown a pass or code at this business.
 * Anything else (no such number, not a member, membership ended, never seen here) is the one refusal.
 */
create or replace function private.counter_member_id(p_merchant_id uuid, p_member_number integer) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_member uuid;
begin
  select p.id into v_member from public.profiles p
   where p.member_number = p_member_number and p.role = 'USER'
     and exists (select 1 from private.counter_members_seen s where s.merchant_id = p_merchant_id and s.member_id = p.id);
  if v_member is null or not private.has_active_subscription(v_member) then
    raise exception '%', private.member_not_recognised_message() using errcode = 'PL404';
  end if;
  return v_member;
end
$$;
comment on function private.counter_member_id(uuid, integer) is
  'A member number the counter of this business may use (decision 165): an active member seen here; otherwise the one refusal.';

create or replace function private.earn_points(p_member_number integer, p_amount_cents integer)
returns table (entry_id bigint, points integer, balance integer, created_at timestamptz, member_number integer)
language plpgsql security definer
set search_path = ''
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
comment on function private.earn_points(integer, integer) is
  'Credits floor(amount x reward rate / 10000) points at the caller''s business to a member the counter may use (private.counter_member_id).';

create or replace function private.redeem_points(p_member_number integer, p_points integer)
returns table (entry_id bigint, points integer, balance integer, created_at timestamptz, member_number integer)
language plpgsql security definer
set search_path = ''
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
comment on function private.redeem_points(integer, integer) is
  'Spends points of a member the counter may use (private.counter_member_id) at the caller''s business; never below zero.';

create or replace function private.counter_member(p_member_number integer)
returns table (member_number integer, balance integer, is_active_member boolean)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_member uuid := private.counter_member_id(v_merchant.id, p_member_number);
begin
  return query select p_member_number,
    coalesce((select b.points from public.point_balances b where b.member_id = v_member and b.merchant_id = v_merchant.id), 0),
    true;
end
$$;
comment on function private.counter_member(integer) is
  'The counter''s lookup of a member number it may use (private.counter_member_id): the balance here.';

-- Nothing calls it any more: every counter path names members through private.counter_member_id or the redemption rule.
drop function private.member_by_number(integer);

revoke execute on function private.counter_member_id(uuid, integer) from public, anon;
grant execute on function private.counter_member_id(uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- undo
/** Undoes a redemption of the caller's business within 5 minutes, freeing one use (a flagged one counted none). */
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
  if v_redemption.flag is null then
    update public.deals d set used_count = d.used_count - 1
     where d.id = v_redemption.deal_id and d.used_count > 0
    returning * into v_deal;
  else
    select * into v_deal from public.deals d where d.id = v_redemption.deal_id;
  end if;
  return query select v_redemption.id, v_redemption.deal_id, v_redemption.undone_at, v_deal.used_count, v_deal.max_uses;
end
$$;
comment on function private.undo_deal_redemption(bigint) is
  'Undo at the counter within 5 minutes: marks the redemption undone and frees its use of maxUses (a flagged redemption used none).';
