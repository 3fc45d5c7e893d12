-- Referrals (decision 200): each member's invite code, the checkout it came with, the referral it became, and the
-- 7-day check that rewards both sides with an account credit (decision 191's ledger) or refuses it. Written only by
-- the functions below; members read their own rows.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.referral_codes (
    user_id uuid not null,
    code text not null,
    created_at timestamp with time zone default now() not null,
    constraint referral_codes_code_check check ((code ~ '^[A-HJ-NP-Z2-9]{8}$'::text)),
    constraint referral_codes_pkey primary key (user_id),
    constraint referral_codes_code_key unique (code),
    constraint referral_codes_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.referral_codes is 'A member''s invite code (decision 200), made the first time they ask for their link; the link is /subscribe?ref=CODE.';

create table public.referrals (
    id uuid default gen_random_uuid() not null,
    referrer_id uuid not null,
    invited_id uuid not null,
    payment_id uuid,
    status text default 'pending'::text not null,
    refusal text,
    referrer_credited boolean default false not null,
    settled_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    constraint referrals_status_check check ((status = any (array['pending'::text, 'rewarded'::text, 'refused'::text, 'taken_back'::text]))),
    constraint referrals_refusal_check check ((refusal = any (array['own_account'::text, 'refunded'::text, 'disputed'::text]))),
    constraint referrals_refused_check check (((status = 'refused'::text) = (refusal is not null))),
    constraint referrals_not_self_check check ((referrer_id <> invited_id)),
    constraint referrals_pkey primary key (id),
    constraint referrals_invited_id_key unique (invited_id),
    constraint referrals_invited_id_fkey foreign key (invited_id) references public.profiles(id) on delete cascade,
    constraint referrals_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete set null,
    constraint referrals_referrer_id_fkey foreign key (referrer_id) references public.profiles(id) on delete cascade
);

comment on table public.referrals is 'An account that subscribed with another member''s invite code, once per account (decision 200). pending until its first payment (payment_id) has stood 7 days unrefunded and undisputed; then rewarded (an account credit each side) or refused; taken_back when that payment is refunded or disputed later.';

comment on column public.referrals.payment_id is 'The payment of the checkout that carried the code: the one that must stand 7 days.';

comment on column public.referrals.referrer_credited is 'False on a rewarded referral past the referrer''s 10 rewards in the calendar month: the invited member was still credited.';

create table private.checkout_referrals (
    checkout_id uuid not null,
    referrer_id uuid not null,
    constraint checkout_referrals_pkey primary key (checkout_id),
    constraint checkout_referrals_checkout_id_fkey foreign key (checkout_id) references private.checkouts(id) on delete cascade,
    constraint checkout_referrals_referrer_id_fkey foreign key (referrer_id) references public.profiles(id) on delete cascade
);

comment on table private.checkout_referrals is 'The invite code a started checkout came with (its referrer), kept with the checkout because the webhook may be what settles it (decision 070).';

create table private.card_fingerprints (
    user_id uuid not null,
    fingerprint text not null,
    created_at timestamp with time zone default now() not null,
    constraint card_fingerprints_pkey primary key (user_id, fingerprint),
    constraint card_fingerprints_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.card_fingerprints is 'Cards an account paid a checkout with, as the provider''s fingerprint (Stripe gives one; the test provider none): one row per account and card, so a referral paid with the referrer''s own card is not rewarded.';

-- ---------------------------------------------------------------- indexes
create index referrals_referrer_id_idx on public.referrals using btree (referrer_id, created_at desc);

create index referrals_payment_id_idx on public.referrals using btree (payment_id);

create index referrals_pending_idx on public.referrals using btree (created_at) where (status = 'pending'::text);

create index checkout_referrals_referrer_id_idx on private.checkout_referrals using btree (referrer_id);

create index card_fingerprints_fingerprint_idx on private.card_fingerprints using btree (fingerprint);

-- ---------------------------------------------------------------- row-level security
alter table public.referral_codes enable row level security;

create policy "referral_codes: member reads own, admin reads all" on public.referral_codes
  for select to authenticated
  using (((user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table public.referrals enable row level security;

create policy "referrals: both sides read own, admin reads all" on public.referrals
  for select to authenticated
  using ((((referrer_id = ( select auth.uid() as uid)) or (invited_id = ( select auth.uid() as uid))) or ( select private.is_admin() as is_admin)));

create policy "referrals: service reads" on public.referrals
  for select to service_role
  using (true);

alter table private.checkout_referrals enable row level security;

create policy "checkout_referrals: service reads" on private.checkout_referrals
  for select to service_role
  using (true);

create policy "checkout_referrals: service inserts" on private.checkout_referrals
  for insert to service_role
  with check (true);

-- Read and written only by the security-definer functions below: no policy, no grant.
alter table private.card_fingerprints enable row level security;

-- ---------------------------------------------------------------- functions
create function private.caller_referral_code() returns text
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_user uuid := (select auth.uid());
  v_code text;
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
begin
  if v_user is null then
    raise exception 'Sign in first' using errcode = 'PL401';
  end if;
  select c.code into v_code from public.referral_codes c where c.user_id = v_user;
  -- 32^8 codes: a collision is retried with another draw.
  while v_code is null loop
    select string_agg(substr(v_alphabet, 1 + (get_byte(extensions.gen_random_bytes(8), i) % 32), 1), '' order by i)
      into v_code from generate_series(0, 7) as i;
    insert into public.referral_codes (user_id, code) values (v_user, v_code)
    on conflict do nothing;
    select c.code into v_code from public.referral_codes c where c.user_id = v_user;
  end loop;
  return v_code;
end
$$;

comment on function private.caller_referral_code() is 'The caller''s invite code, made on first use.';

create function private.referrer_by_code(p_code text) returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select c.user_id from public.referral_codes c where c.code = upper(trim(p_code))
$$;

comment on function private.referrer_by_code(p_code text) is 'The member an invite code belongs to, or null when no member has it.';

create function private.email_identity(p_email text) returns text
    language sql immutable
    set search_path to ''
    as $$
  select case when split_part(e, '@', 2) in ('gmail.com', 'googlemail.com')
              then replace(split_part(split_part(e, '@', 1), '+', 1), '.', '') || '@gmail.com'
              else split_part(split_part(e, '@', 1), '+', 1) || '@' || split_part(e, '@', 2) end
    from (select lower(trim(p_email)) as e) as normalised
$$;

comment on function private.email_identity(p_email text) is 'One mailbox however its address is written: the project''s normalisation (trimmed, lower case) without a +tag, and without dots at Gmail. Two accounts with the same identity are one person''s.';

create function private.record_referral(p_checkout uuid, p_invited uuid, p_invoice text, p_fingerprint text) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_referrer uuid;
begin
  if p_fingerprint is not null then
    insert into private.card_fingerprints (user_id, fingerprint) values (p_invited, p_fingerprint) on conflict do nothing;
  end if;
  select r.referrer_id into v_referrer from private.checkout_referrals r where r.checkout_id = p_checkout;
  if v_referrer is null or v_referrer = p_invited then
    return;
  end if;
  insert into public.referrals (referrer_id, invited_id, payment_id)
  values (v_referrer, p_invited, (select p.id from public.payments p where p.provider_invoice_id = p_invoice))
  on conflict (invited_id) do nothing;
end
$$;

comment on function private.record_referral(p_checkout uuid, p_invited uuid, p_invoice text, p_fingerprint text) is 'Run when a checkout is settled, after its payment is recorded: notes the card, and makes the referral its invite code asked for (an account is referred once).';

create function private.reward_referrals(p_cents integer, p_monthly_limit integer default 10)
    returns table(referral_id uuid, referrer_id uuid, invited_id uuid, invited_cents integer, referrer_cents integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  r record;
  v_refusal text;
  v_referrer_ok boolean;
begin
  if p_cents is null or p_cents <= 0 then
    raise exception 'A reward is a positive amount' using errcode = 'PL400';
  end if;
  for r in
    select f.id, f.referrer_id, f.invited_id, f.payment_id
      from public.referrals f
      join public.payments p on p.id = f.payment_id
     where f.status = 'pending' and p.paid_at <= now() - interval '7 days'
     order by f.created_at
     limit 200
       for update of f skip locked
  loop
    v_refusal := case
      when exists (select 1 from public.payment_refunds x where x.payment_id = r.payment_id) then 'refunded'
      when exists (select 1 from public.payment_disputes x where x.payment_id = r.payment_id) then 'disputed'
      when (select private.email_identity(a.email) = private.email_identity(b.email)
              from public.profiles a, public.profiles b where a.id = r.referrer_id and b.id = r.invited_id)
        or exists (select 1 from private.card_fingerprints a join private.card_fingerprints b using (fingerprint)
                    where a.user_id = r.referrer_id and b.user_id = r.invited_id)
        then 'own_account'
    end;
    if v_refusal is not null then
      update public.referrals set status = 'refused', refusal = v_refusal, settled_at = now() where id = r.id;
      continue;
    end if;
    -- The referrer's own lock: two runs never both count the 10th reward of one month.
    perform 1 from public.profiles where id = r.referrer_id for update;
    v_referrer_ok := (select count(*) from public.referrals f
                       where f.referrer_id = r.referrer_id and f.referrer_credited
                         and f.settled_at >= date_trunc('month', now())) < p_monthly_limit;
    perform private.grant_account_credit(r.invited_id, p_cents, 'referral', 'referral:' || r.id || ':invited');
    if v_referrer_ok then
      perform private.grant_account_credit(r.referrer_id, p_cents, 'referral', 'referral:' || r.id || ':referrer');
    end if;
    update public.referrals set status = 'rewarded', referrer_credited = v_referrer_ok, settled_at = now() where id = r.id;
    referral_id := r.id; referrer_id := r.referrer_id; invited_id := r.invited_id;
    invited_cents := p_cents; referrer_cents := case when v_referrer_ok then p_cents else 0 end;
    return next;
  end loop;
end
$$;

comment on function private.reward_referrals(p_cents integer, p_monthly_limit integer) is 'The 7-day check (decision 200), run by the scheduled job: each pending referral whose payment has stood 7 days is refused (refunded, disputed, one person''s own accounts) or rewarded with p_cents of account credit each side, the referrer at most p_monthly_limit times a calendar month. Returns the rewarded ones.';

create function private.take_back_referral() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  f record;
  c record;
  v_balance integer;
begin
  for f in select * from public.referrals where payment_id = new.payment_id and status in ('pending', 'rewarded') for update loop
    if f.status = 'pending' then
      update public.referrals
         set status = 'refused', refusal = case tg_table_name when 'payment_refunds' then 'refunded' else 'disputed' end, settled_at = now()
       where id = f.id;
      continue;
    end if;
    for c in select a.user_id, a.amount_cents, a.source from public.account_credits a
              where a.reason = 'referral' and a.source like 'referral:' || f.id || ':%' loop
      perform 1 from public.profiles where id = c.user_id for update;
      select coalesce(sum(a.amount_cents), 0) into v_balance from public.account_credits a where a.user_id = c.user_id;
      -- Only what is left unused: a reward already spent stays spent.
      if least(c.amount_cents, v_balance) > 0 then
        insert into public.account_credits (user_id, amount_cents, reason, source)
        values (c.user_id, -least(c.amount_cents, v_balance), 'referral_taken_back', c.source)
        on conflict (reason, source) do nothing;
      end if;
    end loop;
    update public.referrals set status = 'taken_back' where id = f.id;
  end loop;
  return null;
end
$$;

comment on function private.take_back_referral() is 'A refund or dispute of a referral''s first payment: a pending referral is refused; a rewarded one''s credits are taken back as far as they are unused (a negative ledger row each, never below the balance).';

-- ---------------------------------------------------------------- triggers
create trigger payment_refunds_take_back_referral after insert on public.payment_refunds for each row execute function private.take_back_referral();

create trigger payment_disputes_take_back_referral after insert on public.payment_disputes for each row execute function private.take_back_referral();

-- ---------------------------------------------------------------- grants
revoke delete, insert, select, update on table public.referral_codes from anon;
revoke delete, insert, update on table public.referral_codes from authenticated, service_role;
revoke delete, insert, select, update on table public.referrals from anon;
revoke delete, insert, update on table public.referrals from authenticated, service_role;
grant insert, select on table private.checkout_referrals to service_role;

revoke execute on function
  private.caller_referral_code(),
  private.referrer_by_code(text),
  private.email_identity(text),
  private.record_referral(uuid,uuid,text,text),
  private.reward_referrals(integer,integer),
  private.take_back_referral()
  from public;
grant execute on function private.caller_referral_code() to authenticated;
grant execute on function
  private.referrer_by_code(text),
  private.record_referral(uuid,uuid,text,text),
  private.reward_referrals(integer,integer)
  to service_role;
