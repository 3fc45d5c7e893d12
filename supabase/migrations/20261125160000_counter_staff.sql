-- Issue 26, decision 166: staff on the counter. A fourth kind of signed-in user (role STAFF) who works the
-- counter of one business and nothing else; the owner invites them by email, pairs a tablet as the business's
-- counter with a one-time code, and staff switch on that tablet by a PIN. Every counter action records who did it.
--
-- The database enforces it too: private.counter_merchant() resolves the business for its staff, every owner-only
-- path (private.my_merchant_id(), private.owner_merchant(), the row-level security of deals, redemptions, points,
-- insights) still names the owner alone, and the staff functions below check the owner themselves.

-- ---------------------------------------------------------------- the role
alter table public.profiles drop constraint profiles_role_check;
alter table public.profiles add constraint profiles_role_check check (role in ('USER', 'MERCHANT', 'ADMIN', 'STAFF'));

-- ---------------------------------------------------------------- staff of a business
create table public.merchant_staff (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  name text not null check (length(name) between 1 and 100 and name = trim(name)),
  email text not null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  removed_at timestamptz
);
comment on table public.merchant_staff is
  'A staff member of one business (decision 166): a profile with role STAFF who may use that business''s counter and nothing else. accepted_at: the invite was accepted (password and PIN set); removed_at: the owner removed them (the row stays so the activity list keeps their name; sessions and credentials are gone). Written only by the private staff functions.';
alter table public.merchant_staff enable row level security;
create index merchant_staff_merchant_id_idx on public.merchant_staff (merchant_id, created_at);
revoke all on public.merchant_staff from anon, authenticated;
grant select on public.merchant_staff to authenticated;
grant select, insert, update, delete on public.merchant_staff to service_role;

create policy "merchant_staff: owner, the staff member or admin reads" on public.merchant_staff
  for select to authenticated
  using (
    merchant_id = (select private.my_merchant_id())
    or user_id = (select auth.uid())
    or (select private.is_admin())
  );

/** Secrets of a staff member: the invite link's hash until accepted, the PIN's bcrypt hash and its wrong tries. */
create table private.staff_secrets (
  staff_id uuid primary key references public.merchant_staff (id) on delete cascade,
  invite_token_hash text unique,
  invite_expires_at timestamptz,
  pin_hash text,
  pin_failures integer not null default 0 check (pin_failures >= 0),
  pin_locked_until timestamptz
);
comment on table private.staff_secrets is
  'Per staff member: the sha-256 of the single-use invite token (until accepted), the bcrypt hash of their 4-6 digit PIN, and the PIN''s wrong tries (5 lock it for 5 minutes, private.claim_pin_attempt). Never readable by users.';
alter table private.staff_secrets enable row level security;
revoke all on private.staff_secrets from public, anon, authenticated;
grant select, insert, update, delete on private.staff_secrets to service_role;

-- ---------------------------------------------------------------- paired counter tablets
create table private.counter_devices (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  token_hash text not null unique,
  label text not null default 'Counter tablet',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
comment on table private.counter_devices is
  'A tablet paired as a business''s counter (decision 166): the sha-256 of its long-lived device token (an HttpOnly cookie). Deleting the row unpairs it and ends the staff sessions on it.';
alter table private.counter_devices enable row level security;
create index counter_devices_merchant_id_idx on private.counter_devices (merchant_id);
revoke all on private.counter_devices from public, anon, authenticated;
grant select, insert, update, delete on private.counter_devices to service_role;

create table private.counter_pairing_codes (
  code_hash text primary key,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.counter_pairing_codes is
  'One-time codes the owner makes on the dashboard to pair a tablet: the sha-256 of the 8-character code, valid 10 minutes, used once.';
alter table private.counter_pairing_codes enable row level security;
create index counter_pairing_codes_merchant_id_idx on private.counter_pairing_codes (merchant_id);
revoke all on private.counter_pairing_codes from public, anon, authenticated;
grant select, insert, update, delete on private.counter_pairing_codes to service_role;

-- A staff member's session on a paired tablet ends with the tablet's pairing.
alter table private.sessions add column counter_device_id uuid references private.counter_devices (id) on delete cascade;
create index sessions_counter_device_id_idx on private.sessions (counter_device_id) where counter_device_id is not null;
comment on column private.sessions.counter_device_id is
  'Set for a staff member''s session opened by PIN on a paired counter tablet: unpairing the tablet ends it.';

-- ---------------------------------------------------------------- who did it
alter table public.deal_redemptions
  add column acted_by uuid default auth.uid() references public.profiles (id) on delete set null,
  add column undone_by uuid references public.profiles (id) on delete set null;
comment on column public.deal_redemptions.acted_by is 'Who accepted it at the counter: the owner or a staff member (the signed-in user).';
comment on column public.deal_redemptions.undone_by is 'Who undid it (the signed-in user at the undo).';
alter table public.point_ledger add column acted_by uuid default auth.uid() references public.profiles (id) on delete set null;
comment on column public.point_ledger.acted_by is 'Who recorded the entry at the counter (owner or staff member); a reversal is the undo, by whoever undid it.';
create index deal_redemptions_acted_by_idx on public.deal_redemptions (acted_by);
create index deal_redemptions_undone_by_idx on public.deal_redemptions (undone_by);
create index point_ledger_acted_by_idx on public.point_ledger (acted_by);

create or replace function private.stamp_redemption_undo() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.undone_at is null and new.undone_at is not null then
    new.undone_by := auth.uid();
  end if;
  return new;
end
$$;
comment on function private.stamp_redemption_undo() is 'Records who undid a redemption, whichever function undoes it.';
create trigger deal_redemptions_stamp_undo before update of undone_at on public.deal_redemptions
  for each row execute function private.stamp_redemption_undo();

-- ---------------------------------------------------------------- which business
/** The approved business the caller owns, or an error: for owner-only paths (staff are refused). */
create or replace function private.owner_merchant() returns public.merchants
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants;
begin
  select * into v_merchant from public.merchants m where m.owner_user_id = (select auth.uid());
  if v_merchant.id is null then
    raise exception 'Only the business owner can do that' using errcode = 'PL403';
  end if;
  if not v_merchant.active then
    raise exception 'Your business is not approved yet' using errcode = 'PL403';
  end if;
  return v_merchant;
end
$$;
comment on function private.owner_merchant() is
  'The caller''s approved business if they own it, else PL403: the owner-only paths (staff, pairing, insights) use it, never private.counter_merchant().';

/** The business the caller works the counter of as staff (accepted, not removed), or null. */
create or replace function private.staff_merchant_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select s.merchant_id from public.merchant_staff s
   where s.user_id = (select auth.uid()) and s.accepted_at is not null and s.removed_at is null
$$;
comment on function private.staff_merchant_id() is 'The business whose counter the signed-in staff member works (null for anyone else).';

create or replace function private.counter_merchant() returns public.merchants
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants;
begin
  select * into v_merchant from public.merchants m where m.owner_user_id = (select auth.uid());
  if v_merchant.id is null then
    select m.* into v_merchant from public.merchants m where m.id = private.staff_merchant_id();
  end if;
  if v_merchant.id is null then
    raise exception 'You have no business on Pay Local yet' using errcode = 'PL403';
  end if;
  if not v_merchant.active then
    raise exception 'Your business is not approved yet' using errcode = 'PL403';
  end if;
  return v_merchant;
end
$$;
comment on function private.counter_merchant() is
  'The approved business whose counter the caller works: the one they own, or the one they are staff of (decision 166). Only the counter functions use it.';

-- The counter's code secrets: staff get those of their business's live deals (the owner, as before, all of theirs).
create or replace function private.deal_code_secrets(p_deal_ids uuid[])
returns table (deal_id uuid, secret text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_member boolean := v_uid is not null and private.has_active_subscription(v_uid);
  v_staff_of uuid := private.staff_merchant_id();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select s.deal_id, encode(s.secret, 'hex')
      from private.deal_secrets s
      join public.deals d on d.id = s.deal_id
      join public.merchants m on m.id = d.merchant_id
      left join public.cities c on c.id = m.city_id
     where s.deal_id = any (p_deal_ids)
       and m.active
       and (
         m.owner_user_id = v_uid
         or (m.id = v_staff_of and public.deal_is_live(d.active, d.valid_from, d.valid_to))
         or (v_member and public.deal_is_live(d.active, d.valid_from, d.valid_to)
             and public.merchant_is_listed(m.active, m.city_id, c.active))
       );
end
$$;

-- ---------------------------------------------------------------- the activity list: who, which member, flagged
drop function private.counter_activity(integer);
create or replace function private.counter_activity(p_limit integer default 20)
returns table (
  type text, id text, deal_id uuid, deal_title text, member_number integer, member_first_name text, points integer,
  purchase_amount_cents integer, created_at timestamptz, undone boolean, acted_by text, flag text
)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.counter_merchant();
begin
  return query
    select * from (
      select 'deal'::text, r.id::text, r.deal_id, d.title, p.member_number, split_part(trim(p.name), ' ', 1),
             null::integer, null::integer, r.created_at, r.undone_at is not null, a.name, r.flag
        from public.deal_redemptions r
        join public.deals d on d.id = r.deal_id
        left join public.profiles p on p.id = r.member_id
        left join public.profiles a on a.id = r.acted_by
       where r.merchant_id = v_merchant.id
      union all
      select l.kind, l.id::text, null::uuid, null::text, p.member_number, split_part(trim(p.name), ' ', 1),
             l.points, l.purchase_amount_cents, l.created_at,
             exists (select 1 from public.point_ledger x where x.reverses_id = l.id), a.name, null::text
        from public.point_ledger l
        left join public.profiles p on p.id = l.member_id
        left join public.profiles a on a.id = l.acted_by
       where l.merchant_id = v_merchant.id
    ) activity
    order by 9 desc
    limit least(greatest(p_limit, 1), 100);
end
$$;
comment on function private.counter_activity(integer) is
  'Recent counter activity of the caller''s business (owner or staff), newest first: the member''s first name, who did it (acted_by: the owner''s or staff member''s name) and the flag of a redemption an offline counter accepted against a rule.';

-- ---------------------------------------------------------------- the owner's staff functions (PL403 for anyone else)
/*
 * Invites a staff member: a profile with role STAFF (no password yet), their row, and the invite token's hash
 * (valid 7 days). The API mails the link. An email that already has an account is refused (409).
 */
create or replace function private.invite_staff(p_name text, p_email text, p_invite_token_hash text)
returns setof public.merchant_staff
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_user uuid;
  v_staff public.merchant_staff;
begin
  if exists (select 1 from public.profiles p where p.email = lower(p_email)) then
    raise exception 'That email address already has a Pay Local account. Staff need an address of their own.' using errcode = 'PL409';
  end if;
  insert into public.profiles (email, name, role) values (lower(p_email), p_name, 'STAFF') returning id into v_user;
  insert into public.merchant_staff (merchant_id, user_id, name, email) values (v_merchant.id, v_user, p_name, lower(p_email))
  returning * into v_staff;
  insert into private.staff_secrets (staff_id, invite_token_hash, invite_expires_at)
  values (v_staff.id, p_invite_token_hash, now() + interval '7 days');
  return next v_staff;
end
$$;
comment on function private.invite_staff(text, text, text) is
  'The owner invites a staff member (decision 166): profile with role STAFF, merchant_staff row, invite token hash for 7 days. PL403 unless the caller owns an approved business.';

/** The owner's staff list: name, email, invited/active, whether a PIN is set. */
create or replace function private.list_staff()
returns table (id uuid, name text, email text, accepted boolean, pin_set boolean, created_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
begin
  return query
    select s.id, s.name, s.email, s.accepted_at is not null, x.pin_hash is not null, s.created_at
      from public.merchant_staff s
      left join private.staff_secrets x on x.staff_id = s.id
     where s.merchant_id = v_merchant.id and s.removed_at is null
     order by s.created_at, s.id;
end
$$;
comment on function private.list_staff() is 'The caller''s staff (owner only), oldest first.';

/*
 * Removes a staff member at once: every session of theirs ends (paired-tablet ones too), their password,
 * PIN and invite go, and their address is freed. The row and the profile's name stay for the activity list.
 */
create or replace function private.remove_staff(p_staff_id uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_staff public.merchant_staff;
begin
  update public.merchant_staff s set removed_at = now(), email = 'removed-' || s.id || '@staff.invalid'
   where s.id = p_staff_id and s.merchant_id = v_merchant.id and s.removed_at is null
  returning * into v_staff;
  if v_staff.id is null then
    raise exception 'No such staff member' using errcode = 'PL404';
  end if;
  delete from private.sessions where user_id = v_staff.user_id;
  delete from private.credentials where user_id = v_staff.user_id;
  delete from private.staff_secrets where staff_id = v_staff.id;
  delete from private.account_tokens where user_id = v_staff.user_id;
  update public.profiles set email = v_staff.email where id = v_staff.user_id;
  return true;
end
$$;
comment on function private.remove_staff(uuid) is
  'The owner removes a staff member (decision 166): sessions, password, PIN and invite deleted in the same transaction; the name stays on their past counter actions.';

/** A one-time pairing code for a counter tablet (the API made the code; this stores its hash for 10 minutes). */
create or replace function private.create_pairing_code(p_code_hash text) returns timestamptz
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_expires timestamptz := now() + interval '10 minutes';
begin
  delete from private.counter_pairing_codes c where c.expires_at < now() - interval '1 day';
  insert into private.counter_pairing_codes (code_hash, merchant_id, expires_at) values (p_code_hash, v_merchant.id, v_expires);
  return v_expires;
end
$$;
comment on function private.create_pairing_code(text) is 'The owner makes a pairing code (hash stored, valid 10 minutes, single use). PL403 for anyone else.';

create or replace function private.list_counter_devices()
returns table (id uuid, label text, created_at timestamptz, last_seen_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
begin
  return query select d.id, d.label, d.created_at, d.last_seen_at from private.counter_devices d
    where d.merchant_id = v_merchant.id order by d.created_at, d.id;
end
$$;
comment on function private.list_counter_devices() is 'The owner''s paired counter tablets.';

create or replace function private.unpair_counter_device(p_device_id uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
begin
  delete from private.counter_devices d where d.id = p_device_id and d.merchant_id = v_merchant.id;
  if not found then
    raise exception 'No such counter tablet' using errcode = 'PL404';
  end if;
  return true;
end
$$;
comment on function private.unpair_counter_device(uuid) is 'The owner unpairs a tablet: its token stops working and the staff sessions on it end (cascade).';

-- ---------------------------------------------------------------- PIN tries (the API's service role calls it)
/*
 * Claims one PIN try for a staff member before the API compares the PIN, in one statement, so concurrent
 * tries are counted exactly: while pin_locked_until is in the future nothing is claimed (the answer says
 * until when); otherwise the count goes up (from 1 again after a lock ran out) and the 5th try sets the lock
 * for 5 minutes. A right PIN then clears the count and the lock (private.pin_accepted).
 */
create or replace function private.claim_pin_attempt(p_staff_id uuid)
returns table (pin_hash text, failures integer, locked_until timestamptz)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row private.staff_secrets;
begin
  update private.staff_secrets x
     set pin_failures = case when x.pin_locked_until is not null then 1 else x.pin_failures + 1 end,
         pin_locked_until = case when (case when x.pin_locked_until is not null then 1 else x.pin_failures + 1 end) >= 5
                                 then now() + interval '5 minutes' end
   where x.staff_id = p_staff_id and x.pin_hash is not null
     and (x.pin_locked_until is null or x.pin_locked_until <= now())
  returning * into v_row;
  if v_row.staff_id is null then
    return query select null::text, x.pin_failures, x.pin_locked_until from private.staff_secrets x where x.staff_id = p_staff_id;
    return;
  end if;
  return query select v_row.pin_hash, v_row.pin_failures, v_row.pin_locked_until;
end
$$;
comment on function private.claim_pin_attempt(uuid) is
  'Counts one PIN try atomically before it is checked (5 tries lock the PIN for 5 minutes); pin_hash null = locked (or no PIN).';

create or replace function private.pin_accepted(p_staff_id uuid) returns void
language sql security definer
set search_path = ''
as $$
  update private.staff_secrets set pin_failures = 0, pin_locked_until = null where staff_id = p_staff_id
$$;
comment on function private.pin_accepted(uuid) is 'A right PIN: the tries start again from zero.';

-- ---------------------------------------------------------------- privileges
revoke execute on function private.owner_merchant(), private.staff_merchant_id(), private.counter_merchant(),
  private.deal_code_secrets(uuid[]), private.counter_activity(integer), private.invite_staff(text, text, text),
  private.list_staff(), private.remove_staff(uuid), private.create_pairing_code(text), private.list_counter_devices(),
  private.unpair_counter_device(uuid), private.claim_pin_attempt(uuid), private.pin_accepted(uuid),
  private.stamp_redemption_undo() from public, anon;
grant execute on function private.owner_merchant(), private.staff_merchant_id(), private.counter_merchant(),
  private.deal_code_secrets(uuid[]), private.counter_activity(integer), private.invite_staff(text, text, text),
  private.list_staff(), private.remove_staff(uuid), private.create_pairing_code(text), private.list_counter_devices(),
  private.unpair_counter_device(uuid) to authenticated, service_role;
-- PIN tries are the API's business only (a paired tablet has no session yet when it asks).
revoke execute on function private.claim_pin_attempt(uuid), private.pin_accepted(uuid) from authenticated;
grant execute on function private.claim_pin_attempt(uuid), private.pin_accepted(uuid) to service_role;
grant execute on function private.stamp_redemption_undo() to authenticated, service_role;
