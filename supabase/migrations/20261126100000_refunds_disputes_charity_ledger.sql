-- Refunds, disputes and the charity ledger (issue 27, decision 172).
--
-- Every cent of the 10% is a row of public.charity_ledger: a 'share' row when a payment is recorded
-- (written by a trigger, so every path that records a payment books it), and a negative 'refund' or
-- 'dispute_lost' row when money goes back. Rows are never edited: a reversal is a new row booked when
-- the money went back, so a statement of a past month stays what it was. charity_id null = the
-- declared general fund (a member with no charity and no city default). /impact, the profile, the
-- admin figures and the monthly statements all sum this one table.

-- ---------------------------------------------------------------- the ledger
create table public.charity_ledger (
  id uuid primary key default gen_random_uuid(),
  -- Payments are never deleted (accounts anonymise them, decision 045); cascade serves test resets only.
  payment_id uuid not null references public.payments (id) on delete cascade,
  charity_id uuid references public.charities (id) on delete restrict,
  kind text not null check (kind in ('share', 'refund', 'dispute_lost')),
  -- The charity's cents: >= 0 for a share, <= 0 for a reversal.
  cents integer not null,
  -- The payment's money this row is about: the amount paid (share), minus the amount returned (reversal).
  amount_cents integer not null,
  -- The provider's refund or dispute id: each reverses once, whoever reports it first.
  source_id text,
  booked_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((kind = 'share' and cents >= 0 and amount_cents > 0 and source_id is null)
      or (kind <> 'share' and cents <= 0 and amount_cents < 0 and source_id is not null)),
  unique (kind, source_id)
);
comment on table public.charity_ledger is
  'Every charity cent: a share per payment and a negative row per refund or lost dispute (never edited). charity_id null: the general fund. Written only by SQL functions and the payments trigger.';
comment on column public.charity_ledger.booked_at is 'When the money moved (paid, refunded, dispute lost): the month it counts in.';
create unique index charity_ledger_one_share_per_payment on public.charity_ledger (payment_id) where kind = 'share';
create index charity_ledger_charity_booked_idx on public.charity_ledger (charity_id, booked_at);
create index charity_ledger_booked_idx on public.charity_ledger (booked_at);
alter table public.charity_ledger enable row level security;
revoke insert, update, delete on public.charity_ledger from anon, authenticated, service_role;

create policy "charity_ledger: member reads own, admin reads all" on public.charity_ledger
  for select to authenticated using (
    (select private.is_admin())
    or exists (select 1 from public.payments p where p.id = payment_id and p.user_id = (select auth.uid())));
create policy "charity_ledger: service reads" on public.charity_ledger for select to service_role using (true);

create or replace function private.refuse_edit() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% rows are never edited: add a new row instead', tg_table_name using errcode = '42501';
end
$$;
comment on function private.refuse_edit() is 'Refuses UPDATE on append-only tables (charity ledger, admin audit log).';
revoke execute on function private.refuse_edit() from public, anon;
create trigger charity_ledger_no_edit before update on public.charity_ledger
  for each row execute function private.refuse_edit();

-- The share row of each payment, booked when it was paid.
create or replace function private.payments_book_share() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.charity_ledger (payment_id, charity_id, kind, cents, amount_cents, booked_at)
  values (new.id, new.charity_id, 'share', new.charity_share_cents, new.amount_cents, new.paid_at);
  return new;
end
$$;
comment on function private.payments_book_share() is 'Books each new payment''s charity share in public.charity_ledger.';
revoke execute on function private.payments_book_share() from public, anon, authenticated;
create trigger payments_book_share after insert on public.payments
  for each row execute function private.payments_book_share();

insert into public.charity_ledger (payment_id, charity_id, kind, cents, amount_cents, booked_at)
select p.id, p.charity_id, 'share', p.charity_share_cents, p.amount_cents, p.paid_at from public.payments p;

-- ---------------------------------------------------------------- refunds, disputes, suspension
create table public.payment_refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete cascade,
  provider_refund_id text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  reason text check (length(reason) <= 500),
  -- The admin who made it in the app; null: made elsewhere (Stripe's Dashboard), seen by the webhook.
  refunded_by uuid references public.profiles (id) on delete set null,
  refunded_at timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table public.payment_refunds is 'Refunds of payments, one per provider refund id (the app and the webhook record it once together).';
create index payment_refunds_payment_idx on public.payment_refunds (payment_id);
alter table public.payment_refunds enable row level security;
revoke insert, update, delete on public.payment_refunds from anon, authenticated;
create policy "payment_refunds: member reads own, admin reads all" on public.payment_refunds
  for select to authenticated using (
    (select private.is_admin())
    or exists (select 1 from public.payments p where p.id = payment_id and p.user_id = (select auth.uid())));

create table public.payment_disputes (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references public.payments (id) on delete cascade,
  provider_dispute_id text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  reason text,
  status text not null check (status in ('open', 'won', 'lost')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  check ((status = 'open') = (closed_at is null))
);
comment on table public.payment_disputes is 'Disputes (chargebacks) of payments: open suspends the membership, won restores it, lost reverses like a refund.';
create index payment_disputes_payment_idx on public.payment_disputes (payment_id);
alter table public.payment_disputes enable row level security;
revoke insert, update, delete on public.payment_disputes from anon, authenticated;
create policy "payment_disputes: admin reads" on public.payment_disputes
  for select to authenticated using ((select private.is_admin()));

alter table public.subscriptions add column suspended_at timestamptz;
comment on column public.subscriptions.suspended_at is 'Set while a dispute of one of its payments is open: no access (private.has_active_subscription).';

-- The one access rule reads suspended_at: its current definition is in 20261126110000_access_rule_grace_and_disputes.sql.

-- ---------------------------------------------------------------- the admin audit log
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Who: the admin; null with actor_label 'Stripe' for what the provider reported.
  actor_id uuid references public.profiles (id) on delete set null,
  actor_label text not null,
  action text not null check (action in ('refund', 'dispute_opened', 'dispute_won', 'dispute_lost')),
  reason text,
  subject_user_id uuid references public.profiles (id) on delete set null,
  payment_id uuid references public.payments (id) on delete cascade,
  -- What: amounts, provider ids, the charity cents reversed, whether the membership ended.
  details jsonb not null default '{}'::jsonb
);
comment on table public.admin_audit_log is 'Every refund and dispute action: who, when, why, what. The admin reads; nobody edits or deletes.';
create index admin_audit_log_at_idx on public.admin_audit_log (at desc, id desc);
alter table public.admin_audit_log enable row level security;
revoke insert, update, delete on public.admin_audit_log from anon, authenticated, service_role;
create policy "admin_audit_log: admin reads" on public.admin_audit_log
  for select to authenticated using ((select private.is_admin()));
create policy "admin_audit_log: service reads" on public.admin_audit_log for select to service_role using (true);
create trigger admin_audit_log_no_edit before update on public.admin_audit_log
  for each row execute function private.refuse_edit();

-- ---------------------------------------------------------------- the reversal rule
-- The charity cents returned once `returned` of a payment's amount went back: the share times the
-- fraction, rounded half up. A reversal books returned_after - returned_before, so the reversals of a
-- payment add up to exactly its share once all of it went back, whatever the steps.
create or replace function private.share_of_returned(p_share integer, p_amount integer, p_returned integer) returns integer
language sql immutable
set search_path = ''
as $$
  select ((p_share::bigint * p_returned * 2 + p_amount) / (2 * p_amount::bigint))::integer
$$;
comment on function private.share_of_returned(integer, integer, integer) is
  'Charity cents of a payment (share p_share of p_amount) that go back when p_returned cents went back: proportional, rounded half up.';

-- Ends the membership a payment paid for, now (a full refund, a lost dispute of the whole payment).
create or replace function private.end_membership_now(p_subscription uuid, p_at timestamptz) returns void
language sql security definer
set search_path = ''
as $$
  update public.subscriptions
     set status = 'canceled', canceled_at = coalesce(canceled_at, p_at), cancel_at_period_end = false,
         current_period_end = least(current_period_end, greatest(p_at, current_period_start + interval '1 second')),
         updated_at = now()
   where id = p_subscription and status <> 'canceled'
$$;

-- Money back on a payment (a refund, a lost dispute): the reversal row, and the membership ends when
-- all of the payment went back. Caller holds the payment's row lock.
create or replace function private.reverse_share(
  p_payment public.payments, p_kind text, p_source text, p_amount integer, p_at timestamptz
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_before integer;
  v_cents integer;
  v_full boolean;
begin
  select coalesce(sum(-l.amount_cents), 0) into v_before
    from public.charity_ledger l where l.payment_id = p_payment.id and l.kind <> 'share';
  if v_before + p_amount > p_payment.amount_cents then
    raise exception 'Only % of this payment can still be returned', v_before using errcode = '22023';
  end if;
  v_cents := private.share_of_returned(p_payment.charity_share_cents, p_payment.amount_cents, v_before + p_amount)
           - private.share_of_returned(p_payment.charity_share_cents, p_payment.amount_cents, v_before);
  insert into public.charity_ledger (payment_id, charity_id, kind, cents, amount_cents, source_id, booked_at)
  values (p_payment.id, p_payment.charity_id, p_kind, -v_cents, -p_amount, p_source, p_at);
  v_full := v_before + p_amount = p_payment.amount_cents;
  if v_full and p_payment.subscription_id is not null then
    perform private.end_membership_now(p_payment.subscription_id, p_at);
  end if;
  return jsonb_build_object('amountCents', p_amount, 'charityCents', v_cents, 'membershipEnded', v_full);
end
$$;

-- ---------------------------------------------------------------- recording a refund
create or replace function private.record_refund(
  p_payment uuid, p_refund_id text, p_amount integer, p_reason text, p_by uuid, p_at timestamptz
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_result jsonb;
begin
  select * into v_payment from public.payments where id = p_payment for update;
  if not found then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
  insert into public.payment_refunds (payment_id, provider_refund_id, amount_cents, reason, refunded_by, refunded_at)
  values (p_payment, p_refund_id, p_amount, nullif(trim(p_reason), ''), p_by, p_at)
  on conflict (provider_refund_id) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;
  v_result := private.reverse_share(v_payment, 'refund', p_refund_id, p_amount, p_at);
  insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, payment_id, details)
  values (p_by, case when p_by is null then 'Stripe' else coalesce((select email from public.profiles where id = p_by), 'admin') end,
          'refund', nullif(trim(p_reason), ''), v_payment.user_id, p_payment, v_result || jsonb_build_object('refundId', p_refund_id));
  return v_result || jsonb_build_object('outcome', 'recorded');
end
$$;
comment on function private.record_refund(uuid, text, integer, text, uuid, timestamptz) is
  'Records a provider refund once (by its id): the refund, its charity reversal row, the audit entry; a refund of the whole payment ends the membership.';

-- ---------------------------------------------------------------- recording a dispute
create or replace function private.record_dispute(
  p_payment uuid, p_dispute_id text, p_amount integer, p_reason text, p_status text, p_at timestamptz, p_by uuid
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_current text;
  v_result jsonb := '{}'::jsonb;
  v_label text := case when p_by is null then 'Stripe' else coalesce((select email from public.profiles where id = p_by), 'admin') end;
begin
  if p_status not in ('open', 'won', 'lost') then
    raise exception 'Unknown dispute status %', p_status using errcode = '22023';
  end if;
  select * into v_payment from public.payments where id = p_payment for update;
  if not found then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
  select status into v_current from public.payment_disputes where provider_dispute_id = p_dispute_id;
  -- A closed dispute stays closed (a late 'created' changes nothing); the same status again is a replay.
  if v_current is not null and (v_current <> 'open' or p_status = 'open') then
    return jsonb_build_object('outcome', 'duplicate');
  end if;
  if v_current is null then
    insert into public.payment_disputes (payment_id, provider_dispute_id, amount_cents, reason, status, opened_at, closed_at)
    values (p_payment, p_dispute_id, p_amount, p_reason, p_status, p_at, case when p_status <> 'open' then p_at end);
    insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, payment_id, details)
    values (p_by, v_label, 'dispute_opened', p_reason, v_payment.user_id, p_payment,
            jsonb_build_object('disputeId', p_dispute_id, 'amountCents', p_amount));
  else
    update public.payment_disputes set status = p_status, closed_at = p_at where provider_dispute_id = p_dispute_id;
  end if;
  if p_status = 'lost' then
    v_result := private.reverse_share(v_payment, 'dispute_lost', p_dispute_id, p_amount, p_at);
  end if;
  if p_status <> 'open' then
    insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, payment_id, details)
    values (p_by, v_label, 'dispute_' || p_status, p_reason, v_payment.user_id, p_payment,
            v_result || jsonb_build_object('disputeId', p_dispute_id, 'amountCents', p_amount));
  end if;
  -- Suspended while any dispute of the membership's payments is open.
  update public.subscriptions s
     set suspended_at = case
           when exists (select 1 from public.payment_disputes d join public.payments p on p.id = d.payment_id
                         where p.subscription_id = s.id and d.status = 'open') then coalesce(s.suspended_at, p_at)
         end,
         updated_at = now()
   where s.id = v_payment.subscription_id;
  return v_result || jsonb_build_object('outcome', 'recorded', 'status', p_status);
end
$$;
comment on function private.record_dispute(uuid, text, integer, text, text, timestamptz, uuid) is
  'Records a dispute''s state once per change: open suspends the membership, won lifts it, lost reverses the share like a refund; each in the audit log.';

revoke execute on function private.share_of_returned(integer, integer, integer),
  private.end_membership_now(uuid, timestamptz),
  private.reverse_share(public.payments, text, text, integer, timestamptz),
  private.record_refund(uuid, text, integer, text, uuid, timestamptz),
  private.record_dispute(uuid, text, integer, text, text, timestamptz, uuid) from public, anon, authenticated;
grant execute on function private.record_refund(uuid, text, integer, text, uuid, timestamptz),
  private.record_dispute(uuid, text, integer, text, text, timestamptz, uuid) to service_role;

-- ---------------------------------------------------------------- readers: all from the ledger
drop function reporting.charity_impact();
create function reporting.charity_impact()
returns table (
  charity_id uuid, charity_name text, city_name text, city_state text, retired boolean, city_active boolean,
  month_cents bigint, total_cents bigint, member_count integer
)
language sql stable security definer
set search_path = ''
as $$
  with month as (
    select (date_trunc('month', now() at time zone 'UTC')) at time zone 'UTC' as starts
  ), sums as (
    select l.charity_id,
           coalesce(sum(l.cents) filter (where l.booked_at >= (select starts from month)), 0)::bigint as month_cents,
           sum(l.cents)::bigint as total_cents
      from public.charity_ledger l
     group by l.charity_id
  )
  -- Charities of open cities, and those of closed cities that received something; then the general fund.
  select ch.id, ch.name, ci.name, ci.state, ch.retired_at is not null, ci.active,
         coalesce(s.month_cents, 0), coalesce(s.total_cents, 0),
         (select count(*) from public.profiles pr where pr.preferred_charity_id = ch.id and pr.role = 'USER')::int
    from public.charities ch
    join public.cities ci on ci.id = ch.city_id
    left join sums s on s.charity_id = ch.id
   where ci.active or s.charity_id is not null
  union all
  select null, null, null, null, false, true, s.month_cents, s.total_cents, 0
    from sums s where s.charity_id is null
   order by 3 nulls last, 4, 2
$$;
comment on function reporting.charity_impact() is
  'Public totals from public.charity_ledger, net of refunds and lost disputes: per charity of an open city (and of a closed city that received shares), this calendar month (UTC) and all time, with how many members chose it; the general fund (charity_id null) last. No member data.';
revoke execute on function reporting.charity_impact() from public;
grant execute on function reporting.charity_impact() to anon, authenticated, service_role;

create or replace function private.admin_platform_months(p_months integer default 12)
returns table (month date, signups integer, active_memberships integer, payment_volume_cents bigint, charity_share_cents bigint)
language plpgsql stable
set search_path = ''
set jit = off
as $$
begin
  if not private.is_admin() then
    raise exception 'Only the admin can see the platform figures' using errcode = '42501';
  end if;
  return query
  with months as (
    select m::date as month, (m at time zone 'UTC') as starts
      from generate_series(date_trunc('month', now() at time zone 'UTC') - make_interval(months => least(greatest(p_months, 1), 60) - 1),
                           date_trunc('month', now() at time zone 'UTC'), interval '1 month') m
  ), window_start as (
    select min(mo.starts) as starts from months mo
  ), joined as (
    select date_trunc('month', p.created_at at time zone 'UTC')::date as month, count(*)::integer as n
      from public.profiles p, window_start w
     where p.created_at >= w.starts
     group by 1
  ), paid as (
    -- Net of refunds and lost disputes, each in the month the money moved (the charity ledger).
    select date_trunc('month', l.booked_at at time zone 'UTC')::date as month,
           sum(l.amount_cents)::bigint as volume, sum(l.cents)::bigint as share
      from public.charity_ledger l, window_start w
     where l.booked_at >= w.starts
     group by 1
  ), spans as (
    select greatest(date_trunc('month', s.created_at at time zone 'UTC')::date, (select min(mo.month) from months mo)) as from_month,
           date_trunc('month', s.canceled_at at time zone 'UTC')::date as to_month
      from public.subscriptions s
  ), deltas as (
    select sp.from_month as month, 1 as d from spans sp where sp.to_month is null or sp.to_month > sp.from_month
    union all
    select sp.to_month, -1 from spans sp where sp.to_month > sp.from_month
  ), running as (
    select mo.month, (sum(coalesce(x.d, 0)) over (order by mo.month))::integer as n
      from months mo
      left join (select de.month, sum(de.d) as d from deltas de group by de.month) x on x.month = mo.month
  )
  select mo.month, coalesce(j.n, 0), coalesce(r.n, 0), coalesce(pd.volume, 0), coalesce(pd.share, 0)
    from months mo
    left join joined j on j.month = mo.month
    left join paid pd on pd.month = mo.month
    left join running r on r.month = mo.month
   order by mo.month;
end
$$;
comment on function private.admin_platform_months(integer) is
  'The designated admin only (42501 otherwise): per UTC month over the last p_months (default 12), zero-filled: accounts created, memberships running at the month''s end, payment volume and charity share (cents) net of refunds and lost disputes in the month they happened. Invoker rights: RLS applies too.';
