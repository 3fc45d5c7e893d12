-- The counter's redemption asks the one definition of a live deal (public.deal_is_live, migration
-- 20261123060000) instead of spelling the window out (issue 14, decision 130). Same rule, same
-- behaviour: active and inside its validity window, both ends inclusive.
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
  -- A counter that checked the code offline sends its redemption when back online (decision 060): the
  -- step may be up to 12 hours old (360 steps, plus the previous-step grace). The API only passes a step
  -- it matched at now, or at the moment an offline check happened within those 12 hours.
  if p_code_step not between v_current_step - 362 and v_current_step + 1 then
    raise exception 'This code has expired' using errcode = 'PL409';
  end if;
  if not exists (
    select 1 from public.deals d
     where d.id = p_deal_id and d.merchant_id = v_merchant.id
       and public.deal_is_live(d.active, d.valid_from, d.valid_to)
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

comment on function private.record_deal_redemption(uuid, bigint, integer) is
  'A deal code accepted at the counter: the caller''s live deal (public.deal_is_live), a code step within the last 12 hours, an active member when named, once per member, deal and step; counts a use.';
