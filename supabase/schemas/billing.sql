-- Memberships and billing: subscriptions as the payment provider confirms them, payments and the charity's share
-- of each (the charity ledger), refunds and disputes (decision 172), started checkouts, webhook bookkeeping
-- (decision 170) and the admin's audit log of money actions. Written only by the server and SQL functions; members
-- read their own rows.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.subscriptions (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    plan text not null,
    status text not null,
    provider text not null,
    provider_customer_id text not null,
    provider_subscription_id text not null,
    current_period_start timestamp with time zone not null,
    current_period_end timestamp with time zone not null,
    cancel_at_period_end boolean default false not null,
    paused_at timestamp with time zone,
    canceled_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    grace_ends_at timestamp with time zone,
    open_invoice_id text,
    open_invoice_url text,
    payment_action_required boolean default false not null,
    last_payment_error text,
    failure_mailed_invoice_id text,
    grace_reminder_sent_at timestamp with time zone,
    pass_end_reminder_for timestamp with time zone,
    card_label text,
    suspended_at timestamp with time zone,
    constraint subscriptions_check check ((current_period_end > current_period_start)),
    constraint subscriptions_plan_check check ((plan = any (array['monthly'::text, 'yearly'::text, 'weekend'::text, 'weekly'::text]))),
    constraint subscriptions_provider_check check ((provider = any (array['test'::text, 'stripe'::text]))),
    constraint subscriptions_status_check check ((status = any (array['active'::text, 'paused'::text, 'past_due'::text, 'unpaid'::text, 'canceled'::text]))),
    constraint subscriptions_pkey primary key (id),
    constraint subscriptions_provider_subscription_id_key unique (provider_subscription_id),
    constraint subscriptions_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.subscriptions is 'Memberships. Written only by the server after the payment provider confirms; members read their own.';

comment on column public.subscriptions.grace_ends_at is 'past_due only: access lasts until then (7 days after the failed renewal was first seen, decision 171); null otherwise.';

comment on column public.subscriptions.open_invoice_id is 'The unpaid renewal invoice while past_due (Stripe invoice id), else null.';

comment on column public.subscriptions.open_invoice_url is 'Stripe''s hosted page of the open invoice (pay or complete 3-D Secure), else null.';

comment on column public.subscriptions.payment_action_required is 'True while the open invoice waits for the member to authenticate (3-D Secure).';

comment on column public.subscriptions.last_payment_error is 'The provider''s message for the last failed renewal attempt (no card details).';

comment on column public.subscriptions.failure_mailed_invoice_id is 'The open invoice whose failure mail was sent (one mail per failed invoice).';

comment on column public.subscriptions.grace_reminder_sent_at is 'When the "access ends soon" mail of the current grace period was sent.';

comment on column public.subscriptions.pass_end_reminder_for is 'The period end whose "your pass ends tomorrow" mail was sent.';

comment on column public.subscriptions.card_label is 'The card the member last saved (brand and last 4 digits only), for the profile.';

comment on column public.subscriptions.suspended_at is 'Set while a dispute of one of its payments is open: no access (private.has_active_subscription).';

create table public.payments (
    id uuid default gen_random_uuid() not null,
    user_id uuid,
    subscription_id uuid,
    provider text not null,
    provider_invoice_id text not null,
    provider_payment_intent_id text,
    amount_cents integer not null,
    currency text default 'usd'::text not null,
    charity_id uuid,
    charity_share_bps integer not null,
    charity_share_cents integer not null,
    paid_at timestamp with time zone default now() not null,
    created_at timestamp with time zone default now() not null,
    plan text,
    constraint payments_amount_cents_check check ((amount_cents > 0)),
    constraint payments_charity_share_bps_check check (((charity_share_bps >= 0) and (charity_share_bps <= 10000))),
    constraint payments_charity_share_cents_check check ((charity_share_cents >= 0)),
    constraint payments_plan_check check ((plan = any (array['monthly'::text, 'yearly'::text, 'weekend'::text, 'weekly'::text]))),
    constraint payments_provider_check check ((provider = any (array['test'::text, 'stripe'::text]))),
    constraint payments_pkey primary key (id),
    constraint payments_provider_invoice_id_key unique (provider_invoice_id),
    constraint payments_provider_payment_intent_id_key unique (provider_payment_intent_id),
    constraint payments_charity_id_fkey foreign key (charity_id) references public.charities(id) on delete restrict,
    constraint payments_subscription_id_fkey foreign key (subscription_id) references public.subscriptions(id) on delete set null,
    constraint payments_user_id_fkey foreign key (user_id) references public.profiles(id) on delete set null
);

comment on table public.payments is 'Successful subscription payments and the charity share each one carries. Written only by the server.';

comment on column public.payments.user_id is 'The paying member; null once the account was deleted (the payment stays for accounting).';

comment on column public.payments.plan is 'The plan this payment paid for, as the subscription had it when it was recorded.';

create table public.charity_ledger (
    id uuid default gen_random_uuid() not null,
    payment_id uuid not null,
    charity_id uuid,
    kind text not null,
    cents integer not null,
    amount_cents integer not null,
    source_id text,
    booked_at timestamp with time zone not null,
    created_at timestamp with time zone default now() not null,
    constraint charity_ledger_check check ((((kind = 'share'::text) and (cents >= 0) and (amount_cents > 0) and (source_id is null)) or ((kind <> 'share'::text) and (cents <= 0) and (amount_cents < 0) and (source_id is not null)))),
    constraint charity_ledger_kind_check check ((kind = any (array['share'::text, 'refund'::text, 'dispute_lost'::text]))),
    constraint charity_ledger_kind_source_id_key unique (kind, source_id),
    constraint charity_ledger_pkey primary key (id),
    constraint charity_ledger_charity_id_fkey foreign key (charity_id) references public.charities(id) on delete restrict,
    constraint charity_ledger_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete cascade
);

comment on table public.charity_ledger is 'Every charity cent: a share per payment and a negative row per refund or lost dispute (never edited). charity_id null: the general fund. Written only by SQL functions and the payments trigger.';

comment on column public.charity_ledger.booked_at is 'When the money moved (paid, refunded, dispute lost): the month it counts in.';

create table public.payment_refunds (
    id uuid default gen_random_uuid() not null,
    payment_id uuid not null,
    provider_refund_id text not null,
    amount_cents integer not null,
    reason text,
    refunded_by uuid,
    refunded_at timestamp with time zone not null,
    created_at timestamp with time zone default now() not null,
    constraint payment_refunds_amount_cents_check check ((amount_cents > 0)),
    constraint payment_refunds_reason_check check ((length(reason) <= 500)),
    constraint payment_refunds_pkey primary key (id),
    constraint payment_refunds_provider_refund_id_key unique (provider_refund_id),
    constraint payment_refunds_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete cascade,
    constraint payment_refunds_refunded_by_fkey foreign key (refunded_by) references public.profiles(id) on delete set null
);

comment on table public.payment_refunds is 'Refunds of payments, one per provider refund id (the app and the webhook record it once together).';

create table public.payment_disputes (
    id uuid default gen_random_uuid() not null,
    payment_id uuid not null,
    provider_dispute_id text not null,
    amount_cents integer not null,
    reason text,
    status text not null,
    opened_at timestamp with time zone not null,
    closed_at timestamp with time zone,
    evidence_due_by timestamp with time zone,
    constraint payment_disputes_amount_cents_check check ((amount_cents > 0)),
    constraint payment_disputes_check check (((status = 'open'::text) = (closed_at is null))),
    constraint payment_disputes_status_check check ((status = any (array['open'::text, 'won'::text, 'lost'::text]))),
    constraint payment_disputes_pkey primary key (id),
    constraint payment_disputes_provider_dispute_id_key unique (provider_dispute_id),
    constraint payment_disputes_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete cascade
);

comment on table public.payment_disputes is 'Disputes (chargebacks) of payments: open suspends the membership, won restores it, lost reverses like a refund.';

comment on column public.payment_disputes.evidence_due_by is 'When the evidence must reach the provider (Stripe: evidence_details.due_by); null when none was given.';

create table private.checkouts (
    id uuid default gen_random_uuid() not null,
    provider text not null,
    payment_intent_id text not null,
    customer_id text not null,
    provider_subscription_id text not null,
    invoice_id text,
    plan text not null,
    amount_cents integer not null,
    currency text default 'usd'::text not null,
    email text not null,
    home_city_id uuid,
    preferred_charity_id uuid,
    upgrade_user_id uuid,
    completed_user_id uuid,
    completed_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    name text,
    password_hash text,
    expires_at timestamp with time zone default (now() + '7 days'::interval) not null,
    constraint checkouts_amount_cents_check check ((amount_cents > 0)),
    constraint checkouts_email_check check ((email = lower(email))),
    constraint checkouts_plan_check check ((plan = any (array['monthly'::text, 'yearly'::text, 'weekend'::text, 'weekly'::text]))),
    constraint checkouts_provider_check check ((provider = any (array['test'::text, 'stripe'::text]))),
    constraint checkouts_payment_intent_id_key unique (payment_intent_id),
    constraint checkouts_pkey primary key (id),
    constraint checkouts_completed_user_id_fkey foreign key (completed_user_id) references public.profiles(id) on delete cascade,
    constraint checkouts_home_city_id_fkey foreign key (home_city_id) references public.cities(id) on delete set null,
    constraint checkouts_preferred_charity_id_fkey foreign key (preferred_charity_id) references public.charities(id) on delete set null,
    constraint checkouts_upgrade_user_id_fkey foreign key (upgrade_user_id) references public.profiles(id) on delete cascade
);

comment on table private.checkouts is 'Started subscription checkouts, keyed by the provider payment intent; completed once, after the provider confirms payment.';

comment on column private.checkouts.name is 'The new account''s name (visitor checkouts); null for upgrades.';

comment on column private.checkouts.password_hash is 'bcrypt hash of the password chosen at checkout (visitor checkouts). Cleared once the account exists.';

comment on column private.checkouts.expires_at is 'An uncompleted checkout past this time is deleted (Stripe ends an unpaid incomplete subscription after 23 hours).';

create table private.processed_webhook_events (
    event_id text not null,
    type text not null,
    received_at timestamp with time zone default now() not null,
    constraint processed_webhook_events_pkey primary key (event_id)
);

comment on table private.processed_webhook_events is 'Ids of provider webhook events already processed (duplicates are dropped).';

create table private.subscription_event_marks (
    provider_subscription_id text not null,
    updated_at timestamp with time zone default now() not null,
    last_sync_ticket bigint default 0 not null,
    constraint subscription_event_marks_pkey primary key (provider_subscription_id)
);

comment on table private.subscription_event_marks is 'Per provider subscription, the ticket of the last state applied from the provider; a state read with a lower ticket is skipped (decision 170).';

comment on column private.subscription_event_marks.last_sync_ticket is 'The private.subscription_sync_tickets ticket of the retrieval whose state the subscriptions row holds.';

create sequence private.subscription_sync_tickets
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1;

comment on sequence private.subscription_sync_tickets is 'Tickets drawn just before the webhook retrieves a subscription from the payment provider; higher = asked later (decision 170).';

-- review_id references public.business_reviews: that key is added in reviews.sql, after the table.
create table public.admin_audit_log (
    id bigint not null,
    at timestamp with time zone default now() not null,
    actor_id uuid,
    actor_label text not null,
    action text not null,
    reason text,
    subject_user_id uuid,
    payment_id uuid,
    details jsonb default '{}'::jsonb not null,
    review_id bigint,
    -- Last: columns added by a migration land at the end of the table (decision 202).
    after jsonb,
    before jsonb,
    description text,
    merchant_id uuid,
    constraint admin_audit_log_action_check check ((action = any (array['refund'::text, 'dispute_opened'::text, 'dispute_won'::text, 'dispute_lost'::text, 'review_hidden'::text, 'review_restored'::text, 'post_hidden'::text, 'post_restored'::text, 'offer_report_upheld'::text, 'offer_report_rejected'::text, 'business_paused'::text, 'business_approved'::text, 'business_deleted'::text, 'account_deleted'::text, 'city_created'::text, 'city_updated'::text, 'city_deleted'::text, 'charity_created'::text, 'charity_updated'::text, 'staff_invited'::text, 'staff_removed'::text, 'tablet_paired'::text, 'tablet_unpaired'::text]))),
    constraint admin_audit_log_pkey primary key (id),
    constraint admin_audit_log_actor_id_fkey foreign key (actor_id) references public.profiles(id) on delete set null,
    constraint admin_audit_log_payment_id_fkey foreign key (payment_id) references public.payments(id) on delete cascade,
    constraint admin_audit_log_subject_user_id_fkey foreign key (subject_user_id) references public.profiles(id) on delete set null
);

alter table public.admin_audit_log alter column id add generated always as identity (
    sequence name public.admin_audit_log_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.admin_audit_log is 'Every privileged act on someone else''s data (decision 202): who, when, why, what, before and after. The admin reads all, an owner their business''s entries; nobody edits or deletes.';

comment on column public.admin_audit_log.review_id is 'The review hidden or restored (decision 183).';

comment on column public.admin_audit_log.merchant_id is 'The business the act concerns: its owner reads the entry (decision 202). Key added in audit.sql.';

comment on column public.admin_audit_log.description is 'What was done, in words a person reads (names, not ids); private.complete_audit_entry fills it for the money and moderation functions.';

comment on column public.admin_audit_log.before is 'The changed values before the act (null: nothing was there).';

comment on column public.admin_audit_log.after is 'The changed values after the act (null: nothing is left).';

create table public.account_credits (
    id bigint not null,
    user_id uuid not null,
    amount_cents integer not null,
    reason text not null,
    source text not null,
    applied_payment_id uuid,
    provider_credit_id text,
    created_at timestamp with time zone default now() not null,
    constraint account_credits_amount_cents_check check ((amount_cents <> 0)),
    constraint account_credits_reason_check check ((reason = any (array['offer_not_honoured'::text, 'payment'::text, 'referral'::text, 'referral_taken_back'::text]))),
    constraint account_credits_sign_check check (((reason = any (array['payment'::text, 'referral_taken_back'::text])) = (amount_cents < 0))),
    constraint account_credits_pkey primary key (id),
    constraint account_credits_reason_source_key unique (reason, source),
    constraint account_credits_applied_payment_id_fkey foreign key (applied_payment_id) references public.payments(id) on delete set null,
    constraint account_credits_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

alter table public.account_credits alter column id add generated always as identity (
    sequence name public.account_credits_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.account_credits is 'A member''s account credit (decision 191): a positive row per credit granted (reason and its source, once each), a negative row per payment it was taken off (source: the provider invoice) or per referral reward taken back (decision 200). The balance is the sum; it stays on the account until a payment follows. Written only by private.grant_account_credit, private.apply_account_credit and private.take_back_referral.';

comment on column public.account_credits.applied_payment_id is 'The payment a negative row was taken off; null while the payment is not recorded, or when the credit covered the whole charge (no payment row).';

comment on column public.account_credits.provider_credit_id is 'Hosted (Stripe): the customer balance transaction that carries a granted credit to the provider, which takes it off the next invoice (or, for a referral reward taken back, adds that back to what the customer owes).';

-- ---------------------------------------------------------------- indexes
create index subscriptions_user_id_idx on public.subscriptions using btree (user_id, created_at desc);

create index payments_charity_id_paid_at_idx on public.payments using btree (charity_id, paid_at);

create index payments_paid_at_idx on public.payments using btree (paid_at);

create index payments_subscription_id_idx on public.payments using btree (subscription_id);

create index payments_user_id_idx on public.payments using btree (user_id);

create index charity_ledger_booked_idx on public.charity_ledger using btree (booked_at);

create index charity_ledger_charity_booked_idx on public.charity_ledger using btree (charity_id, booked_at);

create unique index charity_ledger_one_share_per_payment on public.charity_ledger using btree (payment_id) where (kind = 'share'::text);

create index payment_refunds_payment_idx on public.payment_refunds using btree (payment_id);

create index payment_disputes_payment_idx on public.payment_disputes using btree (payment_id);

create index checkouts_completed_user_id_idx on private.checkouts using btree (completed_user_id);

create index checkouts_home_city_id_idx on private.checkouts using btree (home_city_id);

create index checkouts_open_expires_at_idx on private.checkouts using btree (expires_at) where (completed_user_id is null);

create index checkouts_preferred_charity_id_idx on private.checkouts using btree (preferred_charity_id);

create unique index checkouts_provider_subscription_id_key on private.checkouts using btree (provider_subscription_id);

create index checkouts_upgrade_user_id_idx on private.checkouts using btree (upgrade_user_id);

create index admin_audit_log_at_idx on public.admin_audit_log using btree (at desc, id desc);

create index account_credits_user_idx on public.account_credits using btree (user_id, created_at desc);

create index account_credits_applied_payment_id_idx on public.account_credits using btree (applied_payment_id);

-- ---------------------------------------------------------------- row-level security
alter table public.subscriptions enable row level security;

create policy "subscriptions: member reads own, admin reads all" on public.subscriptions
  for select to authenticated
  using (((user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table public.payments enable row level security;

create policy "payments: member reads own, admin reads all" on public.payments
  for select to authenticated
  using (((user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table public.charity_ledger enable row level security;

create policy "charity_ledger: member reads own, admin reads all" on public.charity_ledger
  for select to authenticated
  using ((( select private.is_admin() as is_admin) or (exists ( select 1
   from public.payments p
  where ((p.id = charity_ledger.payment_id) and (p.user_id = ( select auth.uid() as uid)))))));

create policy "charity_ledger: service reads" on public.charity_ledger
  for select to service_role
  using (true);

alter table public.payment_refunds enable row level security;

create policy "payment_refunds: member reads own, admin reads all" on public.payment_refunds
  for select to authenticated
  using ((( select private.is_admin() as is_admin) or (exists ( select 1
   from public.payments p
  where ((p.id = payment_refunds.payment_id) and (p.user_id = ( select auth.uid() as uid)))))));

alter table public.payment_disputes enable row level security;

create policy "payment_disputes: admin reads" on public.payment_disputes
  for select to authenticated
  using (( select private.is_admin() as is_admin));

alter table private.subscription_event_marks enable row level security;

alter table public.admin_audit_log enable row level security;

create policy "admin_audit_log: admin reads" on public.admin_audit_log
  for select to authenticated
  using (( select private.is_admin() as is_admin));

create policy "admin_audit_log: service reads" on public.admin_audit_log
  for select to service_role
  using (true);

alter table public.account_credits enable row level security;

create policy "account_credits: member reads own, admin reads all" on public.account_credits
  for select to authenticated
  using (((user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

create policy "account_credits: service reads" on public.account_credits
  for select to service_role
  using (true);

-- ---------------------------------------------------------------- functions
-- Who has access now: one rule (paid period, a failed renewal's grace, no open dispute; or a redeemed gift's period,
-- decision 201) for policies and the API.
create function private.has_active_subscription(user_id uuid) returns boolean
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  -- PL/pgSQL so that the session keeps the plan: every member request asks (a SQL function with settings is planned
  -- on every call; decision 212).
  return exists (
    select 1 from public.subscriptions s
     where s.user_id = has_active_subscription.user_id
       and s.suspended_at is null
       and private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at) > now()
  ) or private.gifted_access_until(has_active_subscription.user_id) is not null;
end
$$;

comment on function private.has_active_subscription(user_id uuid) is 'True while a subscription of the user grants access (its paid period or a failed renewal''s grace period, private.subscription_access_until, and no open dispute: suspended_at) or the user is in a redeemed gift''s period (private.gifted_access_until, gifts.sql).';

create function private.caller_membership_ends_at() returns timestamp with time zone
    language sql stable security definer
    set search_path to ''
    as $$
  select case when private.has_active_subscription((select auth.uid())) then greatest((
    select max(private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at))
      from public.subscriptions s
     where s.user_id = (select auth.uid())
       and s.suspended_at is null
       and private.subscription_access_until(s.status, s.current_period_end, s.grace_ends_at) > now()
  ), private.gifted_access_until((select auth.uid()))) end
$$;

comment on function private.caller_membership_ends_at() is 'When the caller''s access ends (the latest private.subscription_access_until of a subscription that grants it now, or the end of the gift period they are in), or null without access.';

create function private.end_membership_now(p_subscription uuid, p_at timestamp with time zone) returns void
    language sql security definer
    set search_path to ''
    as $$
  update public.subscriptions
     set status = 'canceled', canceled_at = coalesce(canceled_at, p_at), cancel_at_period_end = false,
         current_period_end = least(current_period_end, greatest(p_at, current_period_start + interval '1 second')),
         updated_at = now()
   where id = p_subscription and status <> 'canceled'
$$;

create function private.subscription_access_until(status text, current_period_end timestamp with time zone, grace_ends_at timestamp with time zone) returns timestamp with time zone
    language sql immutable
    set search_path to ''
    as $$
  select case status
           when 'active' then current_period_end
           when 'past_due' then grace_ends_at
         end
$$;

comment on function private.subscription_access_until(status text, current_period_end timestamp with time zone, grace_ends_at timestamp with time zone) is 'Until when a subscription grants access: active → its period end; past_due → the end of its grace period; else never (decision 171).';

create function private.subscription_status_of(user_id uuid) returns text
    language sql stable
    set search_path to ''
    as $$
  select coalesce((
    select case
             when s.status = 'active' and s.current_period_end <= now() then 'canceled'
             when s.status = 'past_due' and coalesce(s.grace_ends_at, now()) <= now() then 'unpaid'
             else s.status
           end
      from public.subscriptions s
     where s.user_id = subscription_status_of.user_id
     order by s.created_at desc, s.id desc
     limit 1
  ), 'none')
$$;

-- The charity's share (decision 191): one rule, on what was paid (after account credits: a payment row holds what
-- was charged) less what went back (refunds, lost disputes). Every share, reversal and sum reads it.
create function private.charity_share_cents(p_paid integer, p_returned integer, p_bps integer) returns integer
    language sql immutable
    set search_path to ''
    as $$
  -- The share, rounded half up; less the returned part's proportional share, rounded half up (the rule of
  -- private.share_of_returned, written out so that the payment triggers need no other function).
  select (s.share - (s.share * p_returned * 2 + p_paid) / (2 * p_paid::bigint))::integer
    from (select (p_paid::bigint * p_bps + 5000) / 10000 as share) s
$$;

comment on function private.charity_share_cents(p_paid integer, p_returned integer, p_bps integer) is 'The charity''s cents of a payment of p_paid cents (already net of account credits) of which p_returned cents went back: p_bps of the paid amount rounded half up, less the returned part''s proportional share rounded half up.';

-- Each payment carries the member's charity and share, booked in the ledger once; reversals go back through it.
create function private.payments_set_charity_share() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if new.charity_id is null then
    new.charity_id := private.charity_for_user(new.user_id);
  end if;
  new.charity_share_cents := private.charity_share_cents(new.amount_cents, 0, new.charity_share_bps);
  return new;
end
$$;

create function private.payments_book_share() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  insert into public.charity_ledger (payment_id, charity_id, kind, cents, amount_cents, booked_at)
  values (new.id, new.charity_id, 'share', new.charity_share_cents, new.amount_cents, new.paid_at);
  return new;
end
$$;

comment on function private.payments_book_share() is 'Books each new payment''s charity share in public.charity_ledger.';

create function private.pays_current_period(p_payment uuid) returns boolean
    language sql stable
    set search_path to ''
    as $$
  select exists (
    select 1 from public.payments p join public.subscriptions s on s.id = p.subscription_id
     where p.id = p_payment and s.status <> 'canceled'
       and not exists (select 1 from public.payments later
                        where later.subscription_id = p.subscription_id and (later.paid_at, later.id) > (p.paid_at, p.id)))
$$;

comment on function private.pays_current_period(p_payment uuid) is 'True for the latest payment of a membership that has not ended: the payment of its current period (a refund of all of it ends the membership). Invoker''s rights: RLS applies.';

create function private.reverse_share(p_payment public.payments, p_kind text, p_source text, p_amount integer, p_at timestamp with time zone) returns jsonb
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_before integer;
  v_cents integer;
  v_full boolean;
  v_ends boolean;
begin
  select coalesce(sum(-l.amount_cents), 0) into v_before
    from public.charity_ledger l where l.payment_id = p_payment.id and l.kind <> 'share';
  if v_before + p_amount > p_payment.amount_cents then
    raise exception 'Only % of this payment can still be returned', v_before using errcode = '22023';
  end if;
  v_cents := private.charity_share_cents(p_payment.amount_cents, v_before, p_payment.charity_share_bps)
           - private.charity_share_cents(p_payment.amount_cents, v_before + p_amount, p_payment.charity_share_bps);
  insert into public.charity_ledger (payment_id, charity_id, kind, cents, amount_cents, source_id, booked_at)
  values (p_payment.id, p_payment.charity_id, p_kind, -v_cents, -p_amount, p_source, p_at);
  v_full := v_before + p_amount = p_payment.amount_cents;
  -- A refund ends the membership only when it returns all of the payment of the current period (an older payment
  -- paid for a period already over); a lost dispute of all of a payment ends it as before.
  v_ends := v_full and p_payment.subscription_id is not null
            and (p_kind <> 'refund' or private.pays_current_period(p_payment.id));
  if v_ends then
    perform private.end_membership_now(p_payment.subscription_id, p_at);
  end if;
  return jsonb_build_object('amountCents', p_amount, 'charityCents', v_cents, 'membershipEnded', v_ends);
end
$$;

-- Refunds and disputes (decision 172), each recorded once with its ledger row and audit entry.
create function private.record_refund(p_payment uuid, p_refund_id text, p_amount integer, p_reason text, p_by uuid, p_at timestamp with time zone) returns jsonb
    language plpgsql security definer
    set search_path to ''
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

comment on function private.record_refund(p_payment uuid, p_refund_id text, p_amount integer, p_reason text, p_by uuid, p_at timestamp with time zone) is 'Records a provider refund once (by its id): the refund, its charity reversal row, the audit entry; a refund of the whole payment ends the membership.';

create function private.record_dispute(p_payment uuid, p_dispute_id text, p_amount integer, p_reason text, p_status text, p_at timestamp with time zone, p_by uuid) returns jsonb
    language plpgsql security definer
    set search_path to ''
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

comment on function private.record_dispute(p_payment uuid, p_dispute_id text, p_amount integer, p_reason text, p_status text, p_at timestamp with time zone, p_by uuid) is 'Records a dispute''s state once per change: open suspends the membership, won lifts it, lost reverses the share like a refund; each in the audit log.';

-- The account-credit ledger (decision 191): one function grants, one takes credit off a payment.
create function private.grant_account_credit(p_user uuid, p_cents integer, p_reason text, p_source text) returns public.account_credits
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_credit public.account_credits;
begin
  if p_cents is null or p_cents <= 0 then
    raise exception 'A credit is a positive amount' using errcode = 'PL400';
  end if;
  insert into public.account_credits (user_id, amount_cents, reason, source)
  values (p_user, p_cents, p_reason, p_source)
  on conflict (reason, source) do nothing
  returning * into v_credit;
  return v_credit;
end
$$;

comment on function private.grant_account_credit(p_user uuid, p_cents integer, p_reason text, p_source text) is 'Grants an account credit once per (reason, source); null when that source was credited already.';

create function private.apply_account_credit(p_user uuid, p_due_cents integer, p_invoice text, p_applied_cents integer default null::integer) returns integer
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_balance integer;
  v_used integer;
begin
  -- One member's credits are spent one payment at a time.
  perform 1 from public.profiles where id = p_user for update;
  select -a.amount_cents into v_used from public.account_credits a where a.reason = 'payment' and a.source = p_invoice;
  if v_used is not null then
    return v_used;
  end if;
  select coalesce(sum(a.amount_cents), 0) into v_balance from public.account_credits a where a.user_id = p_user;
  v_used := greatest(least(v_balance, p_due_cents, coalesce(p_applied_cents, p_due_cents)), 0);
  if v_used > 0 then
    insert into public.account_credits (user_id, amount_cents, reason, source)
    values (p_user, -v_used, 'payment', p_invoice);
  end if;
  return v_used;
end
$$;

comment on function private.apply_account_credit(p_user uuid, p_due_cents integer, p_invoice text, p_applied_cents integer) is 'Takes the member''s credit off a charge of p_due_cents (provider invoice p_invoice, once): at most the balance, and at most p_applied_cents when the provider already took it (Stripe''s customer balance). Returns the cents taken off; the rest is charged.';

create function private.payments_link_credit() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  update public.account_credits a set applied_payment_id = new.id
   where a.reason = 'payment' and a.source = new.provider_invoice_id and a.user_id = new.user_id;
  return null;
end
$$;

comment on function private.payments_link_credit() is 'Links the credit taken off a charge (private.apply_account_credit, run first) to the payment recorded for it.';

create function private.note_provider_credit(p_credit bigint, p_provider_credit_id text) returns void
    language sql security definer
    set search_path to ''
    as $$
  update public.account_credits set provider_credit_id = p_provider_credit_id where id = p_credit and provider_credit_id is null
$$;

comment on function private.note_provider_credit(p_credit bigint, p_provider_credit_id text) is 'Hosted: notes the Stripe customer balance transaction that carries a granted credit.';

-- ---------------------------------------------------------------- triggers
create trigger payments_book_share after insert on public.payments for each row execute function private.payments_book_share();

create trigger payments_link_credit after insert on public.payments for each row execute function private.payments_link_credit();

create trigger payments_set_charity_share before insert on public.payments for each row execute function private.payments_set_charity_share();

create trigger charity_ledger_no_edit before update on public.charity_ledger for each row execute function private.refuse_edit();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, update on table public.subscriptions from anon, authenticated;
revoke delete, insert, update on table public.payments from anon, authenticated;
revoke delete, insert, update on table public.charity_ledger from anon, authenticated, service_role;
revoke delete, insert, update on table public.payment_refunds from anon, authenticated;
revoke delete, insert, update on table public.payment_disputes from anon, authenticated;
grant delete, insert, select, update on table private.checkouts to service_role;
grant delete, insert, select, update on table private.processed_webhook_events to service_role;
grant delete, insert, select, update on table private.subscription_event_marks to service_role;
grant usage on sequence private.subscription_sync_tickets to service_role;
revoke delete, insert, update on table public.admin_audit_log from anon, authenticated, service_role;
revoke delete, insert, select, update on table public.account_credits from anon;
revoke delete, insert, update on table public.account_credits from authenticated, service_role;

revoke execute on function
  private.has_active_subscription(uuid),
  private.caller_membership_ends_at(),
  private.end_membership_now(uuid,timestamp with time zone),
  private.subscription_access_until(text,timestamp with time zone,timestamp with time zone),
  private.subscription_status_of(uuid),
  private.payments_set_charity_share(),
  private.payments_book_share(),
  private.reverse_share(public.payments,text,text,integer,timestamp with time zone),
  private.pays_current_period(uuid),
  private.record_refund(uuid,text,integer,text,uuid,timestamp with time zone),
  private.record_dispute(uuid,text,integer,text,text,timestamp with time zone,uuid),
  private.charity_share_cents(integer,integer,integer),
  private.grant_account_credit(uuid,integer,text,text),
  private.apply_account_credit(uuid,integer,text,integer),
  private.payments_link_credit(),
  private.note_provider_credit(bigint,text)
  from public;
grant execute on function
  private.has_active_subscription(uuid),
  private.caller_membership_ends_at(),
  private.subscription_access_until(text,timestamp with time zone,timestamp with time zone),
  private.subscription_status_of(uuid),
  private.pays_current_period(uuid)
  to authenticated, service_role;
grant execute on function
  private.record_refund(uuid,text,integer,text,uuid,timestamp with time zone),
  private.record_dispute(uuid,text,integer,text,text,timestamp with time zone,uuid),
  private.charity_share_cents(integer,integer,integer),
  private.grant_account_credit(uuid,integer,text,text),
  private.apply_account_credit(uuid,integer,text,integer),
  private.note_provider_credit(bigint,text)
  to service_role;
