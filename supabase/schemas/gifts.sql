-- Gift memberships (decision 201): a 1-, 3- or 12-month membership bought for an email address, paid once, sent on
-- its delivery date, redeemed by the recipient onto their account. The gifted period is read by
-- private.has_active_subscription (billing.sql): the one rule of who is an active member. Written only by the server.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.gifts (
    id uuid default gen_random_uuid() not null,
    months integer not null,
    amount_cents integer not null,
    currency text default 'usd'::text not null,
    buyer_user_id uuid,
    buyer_email text not null,
    buyer_name text not null,
    recipient_email text not null,
    message text,
    deliver_on date not null,
    provider text not null,
    payment_intent_id text not null,
    payment_id uuid,
    paid_at timestamp with time zone,
    receipt_token_hash text,
    delivered_at timestamp with time zone,
    token_hash text,
    redeemed_by uuid,
    redeemed_at timestamp with time zone,
    starts_at timestamp with time zone,
    ends_at timestamp with time zone,
    refunded_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    constraint gifts_months_check check ((months = any (array[1, 3, 12]))),
    constraint gifts_amount_cents_check check ((amount_cents > 0)),
    constraint gifts_buyer_email_check check ((buyer_email = lower(buyer_email))),
    constraint gifts_buyer_name_check check (((length(buyer_name) >= 1) and (length(buyer_name) <= 100))),
    constraint gifts_recipient_email_check check ((recipient_email = lower(recipient_email))),
    constraint gifts_message_check check ((length(message) <= 500)),
    constraint gifts_provider_check check ((provider = any (array['test'::text, 'stripe'::text]))),
    constraint gifts_delivered_check check (((delivered_at is null) or (paid_at is not null))),
    constraint gifts_redeemed_check check (((redeemed_at is null) = (starts_at is null)) and ((redeemed_at is null) = (ends_at is null)) and ((redeemed_at is null) or (delivered_at is not null))),
    constraint gifts_period_check check (((ends_at is null) or (ends_at > starts_at))),
    constraint gifts_refund_check check ((not ((refunded_at is not null) and (redeemed_at is not null)))),
    constraint gifts_pkey primary key (id),
    constraint gifts_payment_intent_id_key unique (payment_intent_id),
    constraint gifts_token_hash_key unique (token_hash),
    constraint gifts_receipt_token_hash_key unique (receipt_token_hash),
    constraint gifts_buyer_user_id_fkey foreign key (buyer_user_id) references public.profiles(id) on delete set null,
    constraint gifts_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete set null,
    constraint gifts_redeemed_by_fkey foreign key (redeemed_by) references public.profiles(id) on delete set null
);

comment on table public.gifts is 'Gift memberships (decision 201): bought once for an email address, sent on deliver_on, redeemed onto one account as the period starts_at..ends_at (read by private.has_active_subscription), never renewed. Written only by the server.';

comment on column public.gifts.buyer_user_id is 'The signed-in buyer; null for a visitor (who follows the gift through the receipt link).';

comment on column public.gifts.amount_cents is 'months × the monthly plan''s price (PLANS.monthly in _shared/constants.ts), charged once.';

comment on column public.gifts.payment_id is 'The payment recorded when the provider confirmed it (its charity share booked in public.charity_ledger).';

comment on column public.gifts.receipt_token_hash is 'sha-256 of the buyer''s receipt link token (made when paid, mailed once).';

comment on column public.gifts.token_hash is 'sha-256 of the recipient''s /gift/:token link token, made when the gift is delivered (once).';

comment on column public.gifts.starts_at is 'Redeemed: when the gifted period starts (redemption, or the end of the access the member already had).';

comment on column public.gifts.refunded_at is 'The admin refunded the (unredeemed) gift: it can no longer be redeemed.';

-- ---------------------------------------------------------------- indexes
create index gifts_buyer_user_id_idx on public.gifts using btree (buyer_user_id, created_at desc);

create index gifts_redeemed_by_idx on public.gifts using btree (redeemed_by, ends_at);

create index gifts_payment_id_idx on public.gifts using btree (payment_id);

create index gifts_due_idx on public.gifts using btree (deliver_on) where ((paid_at is not null) and (delivered_at is null) and (refunded_at is null));

create index gifts_unpaid_idx on public.gifts using btree (created_at) where (paid_at is null);

-- ---------------------------------------------------------------- row-level security
alter table public.gifts enable row level security;

create policy "gifts: buyer, recipient or admin reads" on public.gifts
  for select to authenticated
  using (((buyer_user_id = ( select auth.uid() as uid)) or (redeemed_by = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
create function private.gifted_access_until(p_user uuid) returns timestamp with time zone
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  -- PL/pgSQL so that the session keeps the plan: every member request asks (decision 212).
  return (select max(g.ends_at) from public.gifts g
           where g.redeemed_by = p_user and g.starts_at <= now() and g.ends_at > now());
end
$$;

comment on function private.gifted_access_until(p_user uuid) is 'The end of the gifted period the user is in now, or null: read by private.has_active_subscription.';

create function private.redeem_gift(p_gift uuid, p_user uuid) returns public.gifts
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_gift public.gifts;
  v_from timestamp with time zone;
begin
  select * into v_gift from public.gifts where id = p_gift for update;
  if not found or v_gift.delivered_at is null then
    raise exception 'This gift link is not valid.' using errcode = 'P0002';
  end if;
  if v_gift.refunded_at is not null then
    raise exception 'This gift was refunded and can no longer be redeemed.' using errcode = 'PL409';
  end if;
  if v_gift.redeemed_at is not null then
    if v_gift.redeemed_by = p_user then
      return v_gift;
    end if;
    raise exception 'This gift has already been redeemed.' using errcode = 'PL409';
  end if;
  -- One member's gifts are stacked one at a time; the gift follows the access they already have.
  perform 1 from public.profiles where id = p_user for update;
  select greatest(now(),
           (select max(private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at))
              from public.subscriptions s where s.user_id = p_user and s.suspended_at is null),
           (select max(g.ends_at) from public.gifts g where g.redeemed_by = p_user))
    into v_from;
  update public.gifts
     set redeemed_by = p_user, redeemed_at = now(), starts_at = v_from,
         ends_at = v_from + make_interval(months => v_gift.months)
   where id = p_gift
  returning * into v_gift;
  return v_gift;
end
$$;

comment on function private.redeem_gift(p_gift uuid, p_user uuid) is 'Redeems a delivered, unrefunded gift once onto p_user: its months start now, or when the access the member already has (a subscription''s period or grace, earlier gifts) ends. Redeeming one''s own gift again answers it unchanged.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.gifts from anon;
revoke delete, insert, update on table public.gifts from authenticated;

revoke execute on function
  private.gifted_access_until(uuid),
  private.redeem_gift(uuid,uuid)
  from public;
grant execute on function private.gifted_access_until(uuid) to authenticated, service_role;
grant execute on function private.redeem_gift(uuid,uuid) to service_role;
