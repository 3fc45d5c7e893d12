-- Issue 26 (decision 165): every redemption belongs to a member; per-member limits on a deal; a member pass
-- (QR signed on the member's device, certified by the platform) beside the 6-digit code; member numbers
-- usable at a counter only once that member has shown a pass or code there. Tables and columns here; the
-- functions that use them in the migrations after this one.

-- ---------------------------------------------------------------- per-member limits
alter table public.deals add column per_member_limit text not null default 'none'
  check (per_member_limit in ('once', 'day', 'week', 'month', 'none'));
-- Existing deals keep 'none' until their merchant chooses; new deals default to one use a day.
alter table public.deals alter column per_member_limit set default 'day';
comment on column public.deals.per_member_limit is
  'How often one member may use the deal: once ever, or once per rolling day (24 h), week (7 days) or month (30 days); none = no per-member limit (deals made before issue 26).';
grant insert (per_member_limit), update (per_member_limit) on public.deals to authenticated;

-- ---------------------------------------------------------------- redemptions: who, how proven, flagged
alter table public.deal_redemptions alter column code_step drop not null;
alter table public.deal_redemptions
  add column pass_step bigint,
  add column used_at timestamptz not null default now(),
  add column flag text check (flag in ('per_member_limit', 'max_uses', 'pass_reused', 'code_reused', 'deal_not_live', 'membership_inactive')),
  add constraint deal_redemptions_one_proof check ((code_step is null) <> (pass_step is null));
comment on column public.deal_redemptions.pass_step is
  'The 30 s step of the member pass the counter scanned (null when the 6-digit code and member number were typed; then code_step is set).';
comment on column public.deal_redemptions.used_at is
  'When the discount was given: now for an online check, the moment of the check for one a counter made offline and synced later.';
comment on column public.deal_redemptions.flag is
  'Set when a counter accepted the pass or code offline and the server, at sync, found it broke a rule (the reason); such a row counts toward no limit and is shown to the merchant.';

drop index public.deal_redemptions_once_per_step_key;
-- One member uses one deal at most once per code step, and once per pass step (a screenshot of a pass is
-- worth at most one use); undone and flagged rows free nothing and block nothing.
create unique index deal_redemptions_once_per_code_step_key on public.deal_redemptions (deal_id, member_id, code_step)
  where member_id is not null and undone_at is null and flag is null and code_step is not null;
create unique index deal_redemptions_once_per_pass_step_key on public.deal_redemptions (deal_id, member_id, pass_step)
  where member_id is not null and undone_at is null and flag is null and pass_step is not null;
-- The per-member limit reads the member's latest counted use of the deal.
create index deal_redemptions_member_deal_used_idx on public.deal_redemptions (member_id, deal_id, used_at desc)
  where undone_at is null and flag is null;

-- ---------------------------------------------------------------- members a counter has seen
create table private.counter_members_seen (
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  member_id uuid not null references public.profiles (id) on delete cascade,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (merchant_id, member_id)
);
comment on table private.counter_members_seen is
  'Members who showed a pass or a code at a business. Only these member numbers can be looked up, earn or redeem points there, so numbers cannot be probed. Its row is also the per-member lock of the redemption rule.';
alter table private.counter_members_seen enable row level security;
create index counter_members_seen_member_id_idx on private.counter_members_seen (member_id);
revoke all on private.counter_members_seen from public, anon, authenticated;
grant select, insert, update, delete on private.counter_members_seen to service_role;
-- Members who already redeemed or earned at a business were seen there.
insert into private.counter_members_seen (merchant_id, member_id, first_seen_at, last_seen_at)
select merchant_id, member_id, min(at), max(at) from (
  select merchant_id, member_id, created_at as at from public.deal_redemptions where member_id is not null
  union all
  select merchant_id, member_id, created_at from public.point_ledger where member_id is not null
) known
group by merchant_id, member_id
on conflict do nothing;

-- ---------------------------------------------------------------- the platform key that certifies pass keys
create table private.pass_signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
comment on table private.pass_signing_keys is
  'ECDSA P-256 keys with which the API certifies a member device''s pass key for at most 12 hours (decision 165). The newest signs; every row verifies. Created by the API on first use.';
alter table private.pass_signing_keys enable row level security;
revoke all on private.pass_signing_keys from public, anon, authenticated;
grant select, insert on private.pass_signing_keys to service_role;
