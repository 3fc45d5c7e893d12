-- Subscriptions, payments and the charity share.
-- Only the server writes these tables (service_role, after it has confirmed a payment with the
-- provider or verified a signed webhook). A member reads only their own rows; the designated
-- admin reads all (user management shows subscription status). Access is decided by time:
-- a subscription grants access while status = 'active' and now() < current_period_end, so
-- access ends at the period end without any job.

-- ---------------------------------------------------------------- checkouts (private)
-- A started checkout: what the provider was asked to charge and for whom. The account itself is
-- created only at completion, after the provider confirms the payment, so a declined card leaves
-- no account behind. Holds no password (the completion call carries it again).
create table private.checkouts (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('test', 'stripe')),
  payment_intent_id text not null unique,
  customer_id text not null,
  provider_subscription_id text not null,
  invoice_id text,
  plan text not null check (plan in ('monthly', 'yearly', 'weekend', 'weekly')),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  email text not null check (email = lower(email)),
  home_city_id uuid references public.cities (id) on delete set null,
  preferred_charity_id uuid references public.charities (id) on delete set null,
  -- Set when a signed-in member subscribes (the upgrade path): only that account may complete it.
  upgrade_user_id uuid references public.profiles (id) on delete cascade,
  completed_user_id uuid references public.profiles (id) on delete cascade,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.checkouts is 'Started subscription checkouts, keyed by the provider payment intent; completed once, after the provider confirms payment.';
create index checkouts_home_city_id_idx on private.checkouts (home_city_id);
create index checkouts_preferred_charity_id_idx on private.checkouts (preferred_charity_id);
create index checkouts_upgrade_user_id_idx on private.checkouts (upgrade_user_id);
create index checkouts_completed_user_id_idx on private.checkouts (completed_user_id);

-- Stripe event ids already handled, so a redelivered webhook changes nothing twice.
create table private.processed_webhook_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
comment on table private.processed_webhook_events is 'Ids of provider webhook events already processed (duplicates are dropped).';

grant select, insert, update, delete on private.checkouts, private.processed_webhook_events to service_role;

-- ---------------------------------------------------------------- subscriptions
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan text not null check (plan in ('monthly', 'yearly', 'weekend', 'weekly')),
  -- active: paid and running (access while now() < current_period_end); paused: collection paused,
  -- no access until resumed; past_due: a renewal failed, no access; canceled: ended.
  status text not null check (status in ('active', 'paused', 'past_due', 'canceled')),
  provider text not null check (provider in ('test', 'stripe')),
  provider_customer_id text not null,
  provider_subscription_id text not null unique,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  cancel_at_period_end boolean not null default false,
  paused_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (current_period_end > current_period_start)
);
comment on table public.subscriptions is 'Memberships. Written only by the server after the payment provider confirms; members read their own.';
alter table public.subscriptions enable row level security;
create index subscriptions_user_id_idx on public.subscriptions (user_id, created_at desc);
revoke insert, update, delete on public.subscriptions from anon, authenticated;

-- ---------------------------------------------------------------- payments and charity share
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  subscription_id uuid not null references public.subscriptions (id) on delete cascade,
  provider text not null check (provider in ('test', 'stripe')),
  -- The provider's invoice id: one row per paid invoice, so replays record nothing twice.
  provider_invoice_id text not null unique,
  provider_payment_intent_id text unique,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  -- The charity share: charity_share_bps of amount_cents (rounded half up to a cent) for the
  -- member's chosen charity, else their home city's default charity (null: none could be found).
  charity_id uuid references public.charities (id) on delete set null,
  charity_share_bps integer not null check (charity_share_bps between 0 and 10000),
  charity_share_cents integer not null check (charity_share_cents >= 0),
  paid_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
comment on table public.payments is 'Successful subscription payments and the charity share each one carries. Written only by the server.';
alter table public.payments enable row level security;
create index payments_user_id_idx on public.payments (user_id);
create index payments_subscription_id_idx on public.payments (subscription_id);
create index payments_charity_id_idx on public.payments (charity_id);
revoke insert, update, delete on public.payments from anon, authenticated;

-- Charity of a member: the chosen one, else the default charity of their home city.
create or replace function private.charity_for_user(member_id uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    p.preferred_charity_id,
    (select c.id from public.charities c
      where c.city_id = p.home_city_id and c.is_default
      order by c.created_at, c.id limit 1)
  )
  from public.profiles p
  where p.id = member_id
$$;
comment on function private.charity_for_user(uuid) is 'The charity a member''s payments support: their chosen charity, else their home city''s default.';

-- The share is computed here, on insert, so every path that records a payment (completion,
-- webhook, seed) computes it the same way.
create or replace function private.payments_set_charity_share() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.charity_id is null then
    new.charity_id := private.charity_for_user(new.user_id);
  end if;
  new.charity_share_cents := (new.amount_cents::bigint * new.charity_share_bps + 5000) / 10000;
  return new;
end
$$;
create trigger payments_set_charity_share before insert on public.payments
  for each row execute function private.payments_set_charity_share();

-- ---------------------------------------------------------------- status helpers
create or replace function private.has_active_subscription(user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.subscriptions s
     where s.user_id = has_active_subscription.user_id
       and s.status = 'active'
       and s.current_period_end > now()
  )
$$;
comment on function private.has_active_subscription(uuid) is 'True while the user has a paid, unpaused subscription whose period has not ended (access ends by time).';

-- Replaces the foundation placeholder: the status of the latest subscription, by time.
create or replace function private.subscription_status_of(user_id uuid) returns text
language sql stable
set search_path = ''
as $$
  select coalesce((
    select case
             when s.status = 'active' and s.current_period_end <= now() then 'canceled'
             else s.status
           end
      from public.subscriptions s
     where s.user_id = subscription_status_of.user_id
     order by s.created_at desc, s.id desc
     limit 1
  ), 'none')
$$;

revoke execute on function private.charity_for_user(uuid), private.has_active_subscription(uuid),
  private.payments_set_charity_share() from public, anon;
grant execute on function private.has_active_subscription(uuid) to authenticated, service_role;
grant execute on function private.charity_for_user(uuid) to service_role;
revoke execute on function private.subscription_status_of(uuid) from public, anon;
grant execute on function private.subscription_status_of(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- policies
create policy "subscriptions: member reads own, admin reads all" on public.subscriptions
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "payments: member reads own, admin reads all" on public.payments
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
