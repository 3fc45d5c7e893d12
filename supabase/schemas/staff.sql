-- Staff (decision 166): people a business owner invites to use that business's counter and nothing else, with a
-- PIN on a paired tablet. The PIN's tries are counted here (5 wrong lock it for 5 minutes).

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.merchant_staff (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    user_id uuid not null,
    name text not null,
    email text not null,
    created_at timestamp with time zone default now() not null,
    accepted_at timestamp with time zone,
    removed_at timestamp with time zone,
    constraint merchant_staff_name_check check (((length(name) between 1 and 100) and (name = trim(both from name)))),
    constraint merchant_staff_pkey primary key (id),
    constraint merchant_staff_user_id_key unique (user_id),
    constraint merchant_staff_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint merchant_staff_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table public.merchant_staff is 'A staff member of one business (decision 166): a profile with role STAFF who may use that business''s counter and nothing else. accepted_at: the invite was accepted (password and PIN set); removed_at: the owner removed them (the row stays so the activity list keeps their name; sessions and credentials are gone). Written only by the private staff functions.';

create table private.staff_secrets (
    staff_id uuid not null,
    invite_token_hash text,
    invite_expires_at timestamp with time zone,
    pin_hash text,
    pin_failures integer default 0 not null,
    pin_locked_until timestamp with time zone,
    constraint staff_secrets_pin_failures_check check ((pin_failures >= 0)),
    constraint staff_secrets_invite_token_hash_key unique (invite_token_hash),
    constraint staff_secrets_pkey primary key (staff_id),
    constraint staff_secrets_staff_id_fkey foreign key (staff_id) references public.merchant_staff(id) on delete cascade
);

comment on table private.staff_secrets is 'Per staff member: the sha-256 of the single-use invite token (until accepted), the bcrypt hash of their 4-6 digit PIN, and the PIN''s wrong tries (5 lock it for 5 minutes, private.claim_pin_attempt). Never readable by users.';

-- ---------------------------------------------------------------- indexes
create index merchant_staff_merchant_id_idx on public.merchant_staff using btree (merchant_id, created_at);

-- ---------------------------------------------------------------- row-level security
alter table public.merchant_staff enable row level security;

create policy "merchant_staff: owner, the staff member or admin reads" on public.merchant_staff
  for select to authenticated
  using (((merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or (user_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table private.staff_secrets enable row level security;

-- ---------------------------------------------------------------- functions
create function private.staff_merchant_id() returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select s.merchant_id from public.merchant_staff s
   where s.user_id = (select auth.uid()) and s.accepted_at is not null and s.removed_at is null
$$;

comment on function private.staff_merchant_id() is 'The business whose counter the signed-in staff member works (null for anyone else).';

create function private.invite_staff(p_name text, p_email text, p_invite_token_hash text) returns setof public.merchant_staff
    language plpgsql security definer
    set search_path to ''
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

comment on function private.invite_staff(p_name text, p_email text, p_invite_token_hash text) is 'The owner invites a staff member (decision 166): profile with role STAFF, merchant_staff row, invite token hash for 7 days. PL403 unless the caller owns an approved business.';

create function private.list_staff() returns table(id uuid, name text, email text, accepted boolean, pin_set boolean, created_at timestamp with time zone)
    language plpgsql stable security definer
    set search_path to ''
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

create function private.remove_staff(p_staff_id uuid) returns boolean
    language plpgsql security definer
    set search_path to ''
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

comment on function private.remove_staff(p_staff_id uuid) is 'The owner removes a staff member (decision 166): sessions, password, PIN and invite deleted in the same transaction; the name stays on their past counter actions.';

create function private.claim_pin_attempt(p_staff_id uuid) returns table(pin_hash text, failures integer, locked_until timestamp with time zone)
    language plpgsql security definer
    set search_path to ''
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

comment on function private.claim_pin_attempt(p_staff_id uuid) is 'Counts one PIN try atomically before it is checked (5 tries lock the PIN for 5 minutes); pin_hash null = locked (or no PIN).';

create function private.pin_accepted(p_staff_id uuid) returns void
    language sql security definer
    set search_path to ''
    as $$
  update private.staff_secrets set pin_failures = 0, pin_locked_until = null where staff_id = p_staff_id
$$;

comment on function private.pin_accepted(p_staff_id uuid) is 'A right PIN: the tries start again from zero.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.merchant_staff from anon, authenticated;
grant select on table public.merchant_staff to authenticated;
grant delete, insert, select, update on table private.staff_secrets to service_role;

revoke execute on function
  private.staff_merchant_id(),
  private.invite_staff(text,text,text),
  private.list_staff(),
  private.remove_staff(uuid),
  private.claim_pin_attempt(uuid),
  private.pin_accepted(uuid)
  from public;
grant execute on function
  private.staff_merchant_id(),
  private.invite_staff(text,text,text),
  private.list_staff(),
  private.remove_staff(uuid)
  to authenticated, service_role;
grant execute on function
  private.claim_pin_attempt(uuid),
  private.pin_accepted(uuid)
  to service_role;
