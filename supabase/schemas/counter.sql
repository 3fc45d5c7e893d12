-- The counter and redemptions (decisions 165-168): a paired tablet, the member it recognises (by pass or code,
-- only members seen there), the redemption rule (per-member limit, max uses) and its undo, the counter's activity,
-- and the guess limiter of a code typed by hand.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.deal_redemptions (
    id bigint not null,
    deal_id uuid not null,
    merchant_id uuid not null,
    member_id uuid,
    code_step bigint,
    created_at timestamp with time zone default now() not null,
    undone_at timestamp with time zone,
    pass_step bigint,
    used_at timestamp with time zone default now() not null,
    flag text,
    acted_by uuid default auth.uid(),
    undone_by uuid,
    -- Last: a column added by a migration lands at the end of the table, so it is declared there too.
    amount_cents integer,
    location_id uuid,
    constraint deal_redemptions_amount_cents_check check (((amount_cents >= 1) and (amount_cents <= 10000000))),
    constraint deal_redemptions_flag_check check ((flag = any (array['per_member_limit'::text, 'max_uses'::text, 'pass_reused'::text, 'code_reused'::text, 'deal_not_live'::text, 'membership_inactive'::text, 'unproven'::text, 'outside_rules'::text, 'wrong_location'::text]))),
    constraint deal_redemptions_one_proof check ((((code_step is null) <> (pass_step is null)) and ((flag is distinct from 'unproven'::text) or ((code_step is not null) and (member_id is null))))),
    constraint deal_redemptions_pkey primary key (id),
    constraint deal_redemptions_acted_by_fkey foreign key (acted_by) references public.profiles(id) on delete set null,
    constraint deal_redemptions_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete cascade,
    constraint deal_redemptions_member_id_fkey foreign key (member_id) references public.profiles(id) on delete set null,
    constraint deal_redemptions_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint deal_redemptions_undone_by_fkey foreign key (undone_by) references public.profiles(id) on delete set null,
    constraint deal_redemptions_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete set null
);

alter table public.deal_redemptions alter column id add generated always as identity (
    sequence name public.deal_redemptions_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.deal_redemptions is 'A deal code accepted at the counter (code_step = the 120 s step the code belongs to). Undo sets undone_at. Written only by private.record_deal_redemption / private.undo_deal_redemption.';

comment on column public.deal_redemptions.pass_step is 'The 30 s step of the member pass the counter scanned (null when the 6-digit code and member number were typed; then code_step is set).';

comment on column public.deal_redemptions.used_at is 'When the discount was given: now for an online check, the moment of the check for one a counter made offline and synced later.';

comment on column public.deal_redemptions.flag is 'Set when a counter accepted the pass or code offline and the server, at sync, found it broke a rule (the reason); such a row counts toward no limit and is shown to the merchant. unproven: a typed code without a valid personal code (decision 190), kept with no member. wrong_location: the deal is limited to other locations than the tablet''s (issue 40).';

comment on column public.deal_redemptions.acted_by is 'Who accepted it at the counter: the owner or a staff member (the signed-in user).';

comment on column public.deal_redemptions.undone_by is 'Who undid it (the signed-in user at the undo).';

comment on column public.deal_redemptions.location_id is 'Where the code was accepted: the location of the tablet that recorded it (issue 40); null for redemptions before locations, read as the business''s first location.';

comment on column public.deal_redemptions.amount_cents is 'The purchase amount the counter entered (cents): required when the deal''s rules set a minimum spend (issue 38), like point_ledger.purchase_amount_cents.';

create table private.counter_devices (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    token_hash text not null,
    label text default 'Counter tablet'::text not null,
    created_at timestamp with time zone default now() not null,
    last_seen_at timestamp with time zone default now() not null,
    -- Last: a column added by a migration lands at the end of the table, so it is declared there too.
    location_id uuid,
    constraint counter_devices_pkey primary key (id),
    constraint counter_devices_token_hash_key unique (token_hash),
    constraint counter_devices_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint counter_devices_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete set null
);

comment on column private.counter_devices.location_id is 'The location the tablet stands at (issue 40); its redemptions are counted there. Null: the business''s first location.';

comment on table private.counter_devices is 'A tablet paired as a business''s counter (decision 166): the sha-256 of its long-lived device token (an HttpOnly cookie). Deleting the row unpairs it and ends the staff sessions on it.';

create table private.counter_pairing_codes (
    code_hash text not null,
    merchant_id uuid not null,
    expires_at timestamp with time zone not null,
    used_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    -- Last: a column added by a migration lands at the end of the table, so it is declared there too.
    location_id uuid,
    constraint counter_pairing_codes_pkey primary key (code_hash),
    constraint counter_pairing_codes_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint counter_pairing_codes_location_id_fkey foreign key (location_id) references public.business_locations(id) on delete cascade
);

comment on column private.counter_pairing_codes.location_id is 'The location the owner chose for the tablet this code pairs (issue 40); null: the business''s first location until the owner chooses.';

comment on table private.counter_pairing_codes is 'One-time codes the owner makes on the dashboard to pair a tablet: the sha-256 of the 8-character code, valid 10 minutes, used once.';

create table private.counter_members_seen (
    merchant_id uuid not null,
    member_id uuid not null,
    first_seen_at timestamp with time zone default now() not null,
    last_seen_at timestamp with time zone default now() not null,
    constraint counter_members_seen_pkey primary key (merchant_id, member_id),
    constraint counter_members_seen_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint counter_members_seen_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table private.counter_members_seen is 'Members who showed a pass or a code at a business. Only these member numbers can be looked up, earn or redeem points there, so numbers cannot be probed. Its row is also the per-member lock of the redemption rule.';

create table public.counter_refusals (
    id bigint not null,
    merchant_id uuid not null,
    member_id uuid not null,
    deal_id uuid,
    deal_title text not null,
    reason text not null,
    acted_by uuid default auth.uid(),
    created_at timestamp with time zone default now() not null,
    constraint counter_refusals_reason_check check (((char_length(reason) >= 1) and (char_length(reason) <= 300))),
    constraint counter_refusals_pkey primary key (id),
    constraint counter_refusals_acted_by_fkey foreign key (acted_by) references public.profiles(id) on delete set null,
    constraint counter_refusals_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete set null,
    constraint counter_refusals_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint counter_refusals_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

alter table public.counter_refusals alter column id add generated always as identity (
    sequence name public.counter_refusals_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.counter_refusals is 'A check the counter refused online for an identified member (decision 191), with the refusal as staff saw it: the member can name it in an "offer not honoured" report. Written only by private.record_counter_refusal, after the refused check rolled back.';

-- ---------------------------------------------------------------- foreign keys of earlier files
-- These tables were made before the table they reference, in an earlier file; their links are added here.
alter table only private.sessions
    add constraint sessions_counter_device_id_fkey foreign key (counter_device_id) references private.counter_devices(id) on delete cascade;

-- ---------------------------------------------------------------- indexes
create index deal_redemptions_acted_by_idx on public.deal_redemptions using btree (acted_by);

create index deal_redemptions_deal_id_idx on public.deal_redemptions using btree (deal_id);

-- A deleted location sets its redemptions' location to null: found by this index, not a scan.
create index deal_redemptions_location_idx on public.deal_redemptions using btree (location_id) where (location_id is not null);

create index deal_redemptions_member_deal_used_idx on public.deal_redemptions using btree (member_id, deal_id, used_at desc) where ((undone_at is null) and (flag is null));

create index deal_redemptions_member_id_idx on public.deal_redemptions using btree (member_id);

create index deal_redemptions_member_used_idx on public.deal_redemptions using btree (member_id, used_at desc, id desc);

create index deal_redemptions_merchant_id_idx on public.deal_redemptions using btree (merchant_id, created_at desc);

-- The monthly value report (decision 211) reads one business's counted visits of a local month by used_at.
create index deal_redemptions_merchant_counted_used_idx on public.deal_redemptions using btree (merchant_id, used_at) where ((undone_at is null) and (flag is null));

create unique index deal_redemptions_once_per_code_step_key on public.deal_redemptions using btree (deal_id, member_id, code_step) where ((member_id is not null) and (undone_at is null) and (flag is null) and (code_step is not null));

create unique index deal_redemptions_once_per_pass_step_key on public.deal_redemptions using btree (deal_id, member_id, pass_step) where ((member_id is not null) and (undone_at is null) and (flag is null) and (pass_step is not null));

create index deal_redemptions_undone_by_idx on public.deal_redemptions using btree (undone_by);

create index counter_devices_merchant_id_idx on private.counter_devices using btree (merchant_id);

create index counter_pairing_codes_merchant_id_idx on private.counter_pairing_codes using btree (merchant_id);

create index counter_members_seen_member_id_idx on private.counter_members_seen using btree (member_id);

create index counter_refusals_member_idx on public.counter_refusals using btree (member_id, created_at desc);

create index counter_refusals_merchant_idx on public.counter_refusals using btree (merchant_id, created_at desc);

create index counter_refusals_deal_id_idx on public.counter_refusals using btree (deal_id);

create index counter_refusals_acted_by_idx on public.counter_refusals using btree (acted_by);

-- ---------------------------------------------------------------- row-level security
alter table public.deal_redemptions enable row level security;

create policy "deal_redemptions: owner, member or admin reads" on public.deal_redemptions
  for select to authenticated
  using (((merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or (member_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table private.counter_devices enable row level security;

alter table private.counter_pairing_codes enable row level security;

alter table private.counter_members_seen enable row level security;

alter table public.counter_refusals enable row level security;

create policy "counter_refusals: the business's owner or staff, the member, the admin" on public.counter_refusals
  for select to authenticated
  using (((merchant_id = ( select private.my_merchant_id() as my_merchant_id)) or (merchant_id = ( select private.staff_merchant_id() as staff_merchant_id)) or (member_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
-- Who is at the counter and whom it may look up: the caller's business (owner or staff), and only members seen
-- there, each refused in the same words (a number reveals nothing).
create function private.counter_merchant() returns public.merchants
    language plpgsql stable security definer
    set search_path to ''
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

comment on function private.counter_merchant() is 'The approved business whose counter the caller works: the one they own, or the one they are staff of (decision 166). Only the counter functions use it.';

create function private.counter_member_id(p_merchant_id uuid, p_member_number integer) returns uuid
    language plpgsql stable security definer
    set search_path to ''
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

comment on function private.counter_member_id(p_merchant_id uuid, p_member_number integer) is 'A member number the counter of this business may use (decision 165): an active member seen here; otherwise the one refusal.';

create function private.counter_member(p_member_number integer) returns table(member_number integer, balance integer, is_active_member boolean)
    language plpgsql stable security definer
    set search_path to ''
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

comment on function private.counter_member(p_member_number integer) is 'The counter''s lookup of a member number it may use (private.counter_member_id): the balance here.';

create function private.member_not_recognised_message() returns text
    language sql immutable
    set search_path to ''
    as $$ select 'Member number not recognised here. Ask the member to show their pass.'::text $$;

comment on function private.member_not_recognised_message() is 'The same words for every member number the counter may not use, so a refusal reveals nothing about the number.';

-- Offer rules (issue 38): the SQL twin of checkOfferRules in supabase/functions/_shared/offer-rules.ts, words and
-- all (api/counter/offer-rules.test.ts runs both on the same cases). Read in the time zone of the business's city
-- (private.merchant_time_zone, businesses.sql).
create function private.weekdays_text(p_weekdays integer[]) returns text
    language plpgsql immutable
    set search_path to ''
    as $$
declare
  v_names text[] := array['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  v_parts text[] := '{}';
  v_n integer := coalesce(cardinality(p_weekdays), 0);
  i integer := 1;
  j integer;
begin
  while i <= v_n loop
    j := i;
    while j + 1 <= v_n and p_weekdays[j + 1] = p_weekdays[j] + 1 loop j := j + 1; end loop;
    if j - i >= 2 then
      v_parts := v_parts || (v_names[p_weekdays[i]] || '–' || v_names[p_weekdays[j]]);
    else
      for k in i..j loop v_parts := v_parts || v_names[p_weekdays[k]]; end loop;
    end if;
    i := j + 1;
  end loop;
  return array_to_string(v_parts, ', ');
end
$$;

comment on function private.weekdays_text(p_weekdays integer[]) is 'Sorted ISO weekdays as the rules sentence writes them: {1,2,3,4} -> Mon–Thu, {1,3,5} -> Mon, Wed, Fri (weekdaysText).';

create function private.usd_text(p_cents integer) returns text
    language sql immutable
    set search_path to ''
    as $$
  select case when p_cents % 100 = 0 then '$' || to_char(p_cents / 100, 'FM999,999,999,990')
              else '$' || to_char(p_cents / 100.0, 'FM999,999,999,990.00') end
$$;

comment on function private.usd_text(p_cents integer) is 'Cents as the refusals write them, like formatUsd in _shared/money.ts: 2000 -> $20, 1999 -> $19.99.';

create function private.offer_rules_refusal(p_rules jsonb, p_at timestamp with time zone, p_time_zone text) returns jsonb
    language plpgsql stable
    set search_path to ''
    as $$
declare
  v_local timestamp := p_at at time zone p_time_zone;
  v_today date := (p_at at time zone p_time_zone)::date;
  v_minute integer := extract(hour from p_at at time zone p_time_zone)::integer * 60 + extract(minute from p_at at time zone p_time_zone)::integer;
  v_weekdays integer[];
  v_excluded date[] := '{}';
  v_start integer := 0;
  v_end integer := 1440;
  v_day date;
  v_rule text;
  v_words text;
  v_opens timestamptz;
  v_available timestamptz;
begin
  if p_rules is null or jsonb_typeof(p_rules) <> 'object' then
    return null;
  end if;
  if jsonb_typeof(p_rules -> 'weekdays') = 'array' then
    select array_agg(w.value::integer order by w.value::integer) into v_weekdays from jsonb_array_elements_text(p_rules -> 'weekdays') w;
  end if;
  if jsonb_typeof(p_rules -> 'excludedDates') = 'array' then
    select coalesce(array_agg(x.value::date), '{}') into v_excluded from jsonb_array_elements_text(p_rules -> 'excludedDates') x;
  end if;
  if p_rules ->> 'startTime' is not null and p_rules ->> 'endTime' is not null then
    v_start := split_part(p_rules ->> 'startTime', ':', 1)::integer * 60 + split_part(p_rules ->> 'startTime', ':', 2)::integer;
    v_end := split_part(p_rules ->> 'endTime', ':', 1)::integer * 60 + split_part(p_rules ->> 'endTime', ':', 2)::integer;
  end if;
  -- The day whose window holds this moment: a window past midnight belongs to the day it started on.
  if v_start < v_end then
    if v_minute >= v_start and v_minute < v_end then v_day := v_today; end if;
  elsif v_minute >= v_start then
    v_day := v_today;
  elsif v_minute < v_end then
    v_day := v_today - 1;
  end if;
  if v_day is null then
    v_rule := 'hours';
    v_words := 'This deal is valid ' || (p_rules ->> 'startTime') || '–' || (p_rules ->> 'endTime') || ' only';
  elsif v_weekdays is not null and not (extract(isodow from v_day)::integer = any (v_weekdays)) then
    v_rule := 'weekdays';
    v_words := 'This deal is valid ' || private.weekdays_text(v_weekdays) || ' only';
  elsif v_day = any (v_excluded) then
    v_rule := 'excludedDates';
    v_words := 'This deal is not valid on ' || to_char(v_day, 'Mon FMDD');
  else
    return null;
  end if;
  -- The next moment the rules allow: the next allowed day's opening, looked for up to 370 days ahead.
  for i in 0..370 loop
    continue when (v_weekdays is not null and not (extract(isodow from v_today + i)::integer = any (v_weekdays)))
               or (v_today + i) = any (v_excluded);
    v_opens := ((v_today + i) + make_interval(mins => v_start)) at time zone p_time_zone;
    if v_opens > p_at then
      v_available := v_opens;
      exit;
    end if;
  end loop;
  return jsonb_build_object(
    'rule', v_rule,
    'message', v_words || '. It is now ' || to_char(v_local, 'FMDay FMDD Mon, HH24:MI') || ' here.',
    'availableAt', to_char(v_available at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
end
$$;

comment on function private.offer_rules_refusal(p_rules jsonb, p_at timestamp with time zone, p_time_zone text) is 'Whether a deal''s rules (public.deals.rules) allow a use at p_at in p_time_zone: null, or {rule, message (naming the rule and the local time now), availableAt (the next valid moment, or null)}. The twin of checkOfferRules (_shared/offer-rules.ts).';

-- The redemption rule (decision 165), one function for the online counter and the offline replay, and its undo.
-- Locations at the counter (issue 40): the tablet's location, and whether a deal is offered there.
create function private.counter_location(p_merchant_id uuid, p_device_hash text) returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(
    (select d.location_id from private.counter_devices d where d.token_hash = p_device_hash and d.merchant_id = p_merchant_id),
    (select l.id from public.business_locations l where l.merchant_id = p_merchant_id order by l.created_at, l.id limit 1))
$$;

comment on function private.counter_location(p_merchant_id uuid, p_device_hash text) is 'Where a counter check happens: the location of the business''s paired tablet with this token hash, else (no tablet, or a tablet not yet placed) the business''s first location.';

create function private.location_label(p_location_id uuid) returns text
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(l.name, l.address) from public.business_locations l where l.id = p_location_id
$$;

comment on function private.location_label(p_location_id uuid) is 'How the counter names a location: its name, else its address.';

create function private.deal_location_refusal(p_deal_id uuid, p_location_id uuid) returns jsonb
    language sql stable security definer
    set search_path to ''
    as $$
  select case when exists (select 1 from public.deal_locations dl where dl.deal_id = p_deal_id)
               and not exists (select 1 from public.deal_locations dl where dl.deal_id = p_deal_id and dl.location_id = p_location_id)
    then jsonb_build_object('message', 'This deal is not offered at ' || coalesce(private.location_label(p_location_id), 'this location')
         || ': only at ' || (select string_agg(private.location_label(dl.location_id), '; ' order by private.location_label(dl.location_id))
                               from public.deal_locations dl where dl.deal_id = p_deal_id))
  end
$$;

comment on function private.deal_location_refusal(p_deal_id uuid, p_location_id uuid) is 'Null when the deal applies at this location (no limit, or the location is one of its deal_locations); else {message} naming where it applies.';

create function private.record_deal_redemption(p_deal_id uuid, p_member_number integer, p_code_step bigint, p_pass_step bigint, p_checked_at timestamp with time zone default null::timestamp with time zone, p_proven boolean default false, p_amount_cents integer default null::integer, p_device_hash text default null::text) returns table(id bigint, deal_id uuid, deal_title text, member_number integer, member_name text, member_picture text, code_step bigint, pass_step bigint, created_at timestamp with time zone, used_at timestamp with time zone, used_count integer, max_uses integer, flag text, rules jsonb, per_member_limit text)
    language plpgsql security definer
    set search_path to ''
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
  -- Offer rules (issue 38).
  v_time_zone text := private.merchant_time_zone(v_merchant.city_id);
  v_refusal jsonb;
  -- Where it happens (issue 40): the tablet's location, else the business's first.
  v_location uuid := private.counter_location(v_merchant.id, p_device_hash);
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
  -- Proof that the member is at the till (decision 190): a pass, or a typed code with their personal code, which
  -- the API checked. Without it the number proves nothing: online the refusal of an unknown number; offline the
  -- entry is kept flagged with no member (no name, nobody marked seen), the same whatever the number.
  if not coalesce(p_proven, false) then
    if not v_offline or p_code_step is null then
      raise exception '%', private.member_not_recognised_message() using errcode = 'PL404';
    end if;
    insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, pass_step, used_at, flag, location_id)
    values (p_deal_id, v_merchant.id, null, p_code_step, null, v_at, 'unproven', v_location)
    returning * into v_redemption;
    return query select v_redemption.id, v_redemption.deal_id, v_deal.title, p_member_number, null::text, null::text,
                        v_redemption.code_step, v_redemption.pass_step, v_redemption.created_at, v_redemption.used_at,
                        v_deal.used_count, v_deal.max_uses, v_redemption.flag, v_deal.rules, v_deal.per_member_limit;
    return;
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

  -- Offer rules (issue 38): the days, hours and excluded dates in the business's time, then the minimum spend.
  -- Online a use outside them is refused; a replay is recorded with the flag (the tablet may not have seen them).
  v_refusal := private.offer_rules_refusal(v_deal.rules, v_at, v_time_zone);
  if v_refusal is null and (v_deal.rules ->> 'minSpendCents')::integer > coalesce(p_amount_cents, 0) then
    v_refusal := jsonb_build_object('message', case when p_amount_cents is null
      then 'Enter the purchase amount: this deal needs a spend of ' || private.usd_text((v_deal.rules ->> 'minSpendCents')::integer) || ' or more'
      else 'This deal needs a spend of ' || private.usd_text((v_deal.rules ->> 'minSpendCents')::integer) || ' or more: this purchase is ' || private.usd_text(p_amount_cents) end);
  end if;
  if v_refusal is not null then
    if not v_offline and v_refusal ->> 'rule' is null and p_amount_cents is null then
      raise exception '%', v_refusal ->> 'message' using errcode = 'PL400';
    elsif not v_offline and v_refusal ->> 'availableAt' is not null
      and (v_deal.valid_to is null or (v_refusal ->> 'availableAt')::timestamptz <= v_deal.valid_to) then
      raise exception '%', v_refusal ->> 'message' using errcode = 'PL409',
        detail = json_build_object('availableAt', v_refusal ->> 'availableAt')::text;
    elsif not v_offline then
      raise exception '%', v_refusal ->> 'message' using errcode = 'PL409';
    end if;
    v_flag := coalesce(v_flag, 'outside_rules');
  end if;

  -- A deal limited to some locations (issue 40) is used only there: refused online, flagged when replayed.
  v_refusal := private.deal_location_refusal(p_deal_id, v_location);
  if v_refusal is not null then
    if not v_offline then
      raise exception '%', v_refusal ->> 'message' using errcode = 'PL409';
    end if;
    v_flag := coalesce(v_flag, 'wrong_location');
  end if;

  -- The same pass step or code step once per member and deal (a screenshot is worth at most one use).
  if v_flag is null and exists (
    select 1 from public.deal_redemptions r
     where r.deal_id = p_deal_id and r.member_id = v_member.id and r.undone_at is null and r.flag is null
       and (r.pass_step = p_pass_step or r.code_step = p_code_step)
  ) then
    if not v_offline then
      if p_pass_step is not null then
        -- Showing the same pass again cannot help: say when this member's next use of the deal works (issue 38).
        raise exception 'This pass was already used for this deal' using errcode = 'PL409', detail = json_build_object('availableAt',
          to_char(case v_deal.per_member_limit
                    when 'none' then to_timestamp((p_pass_step + 1) * 30)
                    when 'once' then null
                    else (select max(r.used_at) from public.deal_redemptions r
                           where r.member_id = v_member.id and r.deal_id = p_deal_id and r.undone_at is null and r.flag is null)
                         + case v_deal.per_member_limit when 'day' then interval '24 hours' when 'week' then interval '7 days' else interval '30 days' end
                  end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))::text;
      end if;
      raise exception 'This member already used this code for this deal' using errcode = 'PL409';
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
        raise exception 'This member already used this deal: it works again for them on %',
          to_char((v_last + v_window) at time zone v_time_zone, 'FMDay FMDD Mon, HH24:MI')
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

  insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, pass_step, used_at, flag, amount_cents, location_id)
  values (p_deal_id, v_merchant.id, v_member.id, p_code_step, p_pass_step, v_at, v_flag, p_amount_cents, v_location)
  returning * into v_redemption;

  return query select v_redemption.id, v_redemption.deal_id, v_deal.title, v_member.member_number, v_member.name,
                      v_member.profile_picture, v_redemption.code_step, v_redemption.pass_step, v_redemption.created_at,
                      v_redemption.used_at, v_counted.used_count, v_counted.max_uses, v_redemption.flag,
                      v_deal.rules, v_deal.per_member_limit;
end
$$;

comment on function private.record_deal_redemption(p_deal_id uuid, p_member_number integer, p_code_step bigint, p_pass_step bigint, p_checked_at timestamp with time zone, p_proven boolean, p_amount_cents integer, p_device_hash text) is 'The one rule for a deal used at the counter (decision 165): the caller''s deal, live now (or checked offline within 12 hours), proof that the member is there (a pass or their personal code, decision 190: p_proven), its offer rules in the business''s time and minimum spend (issue 38), the tablet''s location among the deal''s (issue 40: p_device_hash, the paired tablet''s token hash; none = the first location), an active member, once per pass or code step, the deal''s per-member limit, then maxUses, all in one transaction. An offline check that broke a rule is recorded with a flag instead of refused. Returns the deal''s rules too, for the sentence the counter shows.';

create function private.undo_deal_redemption(p_redemption_id bigint) returns table(id bigint, deal_id uuid, undone_at timestamp with time zone, used_count integer, max_uses integer)
    language plpgsql security definer
    set search_path to ''
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

comment on function private.undo_deal_redemption(p_redemption_id bigint) is 'Undo at the counter within 5 minutes: marks the redemption undone and frees its use of maxUses (a flagged redemption used none).';

create function private.stamp_redemption_undo() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if old.undone_at is null and new.undone_at is not null then
    new.undone_by := auth.uid();
  end if;
  return new;
end
$$;

comment on function private.stamp_redemption_undo() is 'Records who undid a redemption, whichever function undoes it.';

-- What was redeemed: the member's own history and the counter's recent activity.
create function private.member_redemptions(p_before_us bigint, p_before_id bigint, p_limit integer) returns table(id bigint, business_name text, deal_title text, used_at timestamp with time zone, used_at_us bigint, undone boolean)
    language sql stable security definer
    set search_path to ''
    as $$
  select r.id, m.name, d.title, r.used_at, (extract(epoch from r.used_at) * 1000000)::bigint, r.undone_at is not null
    from public.deal_redemptions r
    join public.deals d on d.id = r.deal_id
    join public.merchants m on m.id = r.merchant_id
   where r.member_id = (select auth.uid())
     and (p_before_us is null
          or (r.used_at, r.id) < (timestamptz 'epoch' + p_before_us * interval '1 microsecond', p_before_id))
   order by r.used_at desc, r.id desc
   limit least(greatest(coalesce(p_limit, 20), 1), 50)
$$;

comment on function private.member_redemptions(p_before_us bigint, p_before_id bigint, p_limit integer) is 'The signed-in member''s own redemptions (auth.uid()), newest first, by a (used_at, id) cursor: business, deal, when, undone.';

create function private.counter_activity(p_limit integer default 20, p_location_id uuid default null::uuid) returns table(type text, id text, deal_id uuid, deal_title text, member_number integer, member_first_name text, points integer, purchase_amount_cents integer, created_at timestamp with time zone, undone boolean, acted_by text, flag text, location_id uuid, location_name text)
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  -- Redemptions from before locations count at the first one (issue 40).
  v_first uuid := private.counter_location(v_merchant.id, null);
begin
  return query
    select activity.*, private.location_label(activity.location_id) from (
      select 'deal'::text, r.id::text, r.deal_id, d.title, p.member_number, split_part(trim(p.name), ' ', 1),
             null::integer, null::integer, r.created_at, r.undone_at is not null, a.name, r.flag,
             coalesce(r.location_id, v_first) as location_id
        from public.deal_redemptions r
        join public.deals d on d.id = r.deal_id
        left join public.profiles p on p.id = r.member_id
        left join public.profiles a on a.id = r.acted_by
       where r.merchant_id = v_merchant.id
         and (p_location_id is null or coalesce(r.location_id, v_first) = p_location_id)
      union all
      -- Points are the business's, not a location's: shown only in the unfiltered list.
      select l.kind, l.id::text, null::uuid, null::text, p.member_number, split_part(trim(p.name), ' ', 1),
             l.points, l.purchase_amount_cents, l.created_at,
             exists (select 1 from public.point_ledger x where x.reverses_id = l.id), a.name, null::text, null::uuid
        from public.point_ledger l
        left join public.profiles p on p.id = l.member_id
        left join public.profiles a on a.id = l.acted_by
       where l.merchant_id = v_merchant.id and p_location_id is null
    ) activity
    order by 9 desc
    limit least(greatest(p_limit, 1), 100);
end
$$;

comment on function private.counter_activity(p_limit integer, p_location_id uuid) is 'Recent counter activity of the caller''s business (owner or staff), newest first: the member''s first name, who did it (acted_by: the owner''s or staff member''s name), the flag of a redemption an offline counter accepted against a rule, and where a redemption happened (issue 40; p_location_id: only that location''s redemptions).';

-- Pairing the tablet (decision 166): the owner makes a one-time code, lists and unpairs devices.
create function private.create_pairing_code(p_code_hash text, p_location_id uuid default null::uuid) returns timestamp with time zone
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_expires timestamptz := now() + interval '10 minutes';
begin
  if p_location_id is not null
     and not exists (select 1 from public.business_locations l where l.id = p_location_id and l.merchant_id = v_merchant.id) then
    raise exception 'No such location' using errcode = 'PL404';
  end if;
  delete from private.counter_pairing_codes c where c.expires_at < now() - interval '1 day';
  insert into private.counter_pairing_codes (code_hash, merchant_id, expires_at, location_id)
  values (p_code_hash, v_merchant.id, v_expires, p_location_id);
  return v_expires;
end
$$;

comment on function private.create_pairing_code(p_code_hash text, p_location_id uuid) is 'The owner makes a pairing code (hash stored, valid 10 minutes, single use), for a tablet at one of their locations (issue 40; null: the first until chosen). PL403 for anyone else, PL404 for a location not theirs.';

create function private.list_counter_devices() returns table(id uuid, label text, created_at timestamp with time zone, last_seen_at timestamp with time zone, location_id uuid)
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.owner_merchant();
begin
  return query select d.id, d.label, d.created_at, d.last_seen_at, d.location_id from private.counter_devices d
    where d.merchant_id = v_merchant.id order by d.created_at, d.id;
end
$$;

comment on function private.list_counter_devices() is 'The owner''s paired counter tablets and the location each stands at (null: the first location).';

create function private.place_counter_device(p_device_id uuid, p_location_id uuid) returns boolean
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.owner_merchant();
begin
  if not exists (select 1 from public.business_locations l where l.id = p_location_id and l.merchant_id = v_merchant.id) then
    raise exception 'No such location' using errcode = 'PL404';
  end if;
  update private.counter_devices d set location_id = p_location_id where d.id = p_device_id and d.merchant_id = v_merchant.id;
  if not found then
    raise exception 'No such counter tablet' using errcode = 'PL404';
  end if;
  return true;
end
$$;

comment on function private.place_counter_device(p_device_id uuid, p_location_id uuid) is 'The owner moves a paired tablet to one of their locations (issue 40): its next redemptions count there.';

create function private.unpair_counter_device(p_device_id uuid) returns boolean
    language plpgsql security definer
    set search_path to ''
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

comment on function private.unpair_counter_device(p_device_id uuid) is 'The owner unpairs a tablet: its token stops working and the staff sessions on it end (cascade).';

-- Guesses typed at the counter go through the limiter (decision 168, limiter.sql) before they are checked.
create function private.counter_guess_buckets(p_device text) returns text[]
    language plpgsql stable security definer
    set search_path to ''
    as $_$
declare
  v_merchant uuid := (private.counter_merchant()).id;
begin
  if p_device is null or p_device !~ '^[A-Za-z0-9_-]{1,64}$' then
    raise exception 'A counter device key is 1 to 64 letters, digits, - or _' using errcode = 'PL400';
  end if;
  return array['counter-guess:' || v_merchant || ':' || p_device, 'counter-guess:' || v_merchant];
end
$_$;

comment on function private.counter_guess_buckets(p_device text) is 'The limiter buckets of a guess at the caller''s counter (decision 168): this device at this business, and the business over all devices.';

create function private.counter_guess_take(p_device text, p_per_device integer, p_per_business integer, p_window_seconds integer) returns table(taken boolean, busy boolean, retry_after_seconds integer, window_starts timestamp with time zone[])
    language sql security definer
    set search_path to ''
    as $$
  select t.taken, t.busy, t.retry_after_seconds, t.window_starts
    from private.limiter_take(private.counter_guess_buckets(p_device), array[p_per_device, p_per_business],
                              array[p_window_seconds, p_window_seconds], true) t
$$;

comment on function private.counter_guess_take(p_device text, p_per_device integer, p_per_business integer, p_window_seconds integer) is 'One guess (a code, a pass or a member number) at the caller''s counter, taken before it is checked (decision 168); settled as wrong (counted) or right (freed).';

create function private.counter_guess_settle(p_device text, p_window_starts timestamp with time zone[], p_wrong boolean) returns void
    language sql security definer
    set search_path to ''
    as $$ select private.limiter_settle(private.counter_guess_buckets(p_device), p_window_starts, p_wrong) $$;

comment on function private.counter_guess_settle(p_device text, p_window_starts timestamp with time zone[], p_wrong boolean) is 'Settles a guess taken at the caller''s counter (decision 168): wrong ones count toward the limit, right ones do not.';

-- A refused check, kept (decision 191). The refusal itself is raised inside the check's transaction, which rolls
-- back; the API records it here, in a statement of its own, only for a member the check identified.
create function private.record_counter_refusal(p_deal_id uuid, p_member_number integer, p_reason text) returns bigint
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.counter_merchant();
  v_deal public.deals;
  v_member uuid;
  v_id bigint;
begin
  select * into v_deal from public.deals d where d.id = p_deal_id and d.merchant_id = v_merchant.id;
  -- Only an active member of a deal of this business: the refusal that names nobody (unknown number) stays unnamed.
  select p.id into v_member from public.profiles p
   where p.member_number = p_member_number and p.role = 'USER' and private.has_active_subscription(p.id);
  if v_deal.id is null or v_member is null then
    return null;
  end if;
  insert into public.counter_refusals (merchant_id, member_id, deal_id, deal_title, reason)
  values (v_merchant.id, v_member, v_deal.id, v_deal.title, left(coalesce(nullif(btrim(p_reason), ''), 'Refused'), 300))
  returning id into v_id;
  return v_id;
end
$$;

comment on function private.record_counter_refusal(p_deal_id uuid, p_member_number integer, p_reason text) is 'Records a check the caller''s counter refused, with its reason, when it identified an active member; null (nothing recorded) otherwise.';

-- ---------------------------------------------------------------- triggers
create trigger deal_redemptions_stamp_undo before update of undone_at on public.deal_redemptions for each row execute function private.stamp_redemption_undo();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.deal_redemptions from anon;
revoke delete, insert, update on table public.deal_redemptions from authenticated;
grant delete, insert, select, update on table private.counter_devices to service_role;
grant delete, insert, select, update on table private.counter_pairing_codes to service_role;
grant delete, insert, select, update on table private.counter_members_seen to service_role;

revoke execute on function
  private.weekdays_text(integer[]),
  private.usd_text(integer),
  private.offer_rules_refusal(jsonb,timestamp with time zone,text),
  private.counter_merchant(),
  private.counter_member_id(uuid,integer),
  private.counter_member(integer),
  private.member_not_recognised_message(),
  private.counter_location(uuid,text),
  private.location_label(uuid),
  private.deal_location_refusal(uuid,uuid),
  private.record_deal_redemption(uuid,integer,bigint,bigint,timestamp with time zone,boolean,integer,text),
  private.undo_deal_redemption(bigint),
  private.stamp_redemption_undo(),
  private.member_redemptions(bigint,bigint,integer),
  private.counter_activity(integer,uuid),
  private.create_pairing_code(text,uuid),
  private.list_counter_devices(),
  private.place_counter_device(uuid,uuid),
  private.unpair_counter_device(uuid),
  private.counter_guess_buckets(text),
  private.counter_guess_take(text,integer,integer,integer),
  private.counter_guess_settle(text,timestamp with time zone[],boolean)
  from public;
grant execute on function
  private.counter_merchant(),
  private.counter_member_id(uuid,integer),
  private.counter_member(integer),
  private.member_not_recognised_message(),
  private.record_deal_redemption(uuid,integer,bigint,bigint,timestamp with time zone,boolean,integer,text),
  private.undo_deal_redemption(bigint),
  private.stamp_redemption_undo(),
  private.member_redemptions(bigint,bigint,integer),
  private.counter_activity(integer,uuid),
  private.create_pairing_code(text,uuid),
  private.list_counter_devices(),
  private.place_counter_device(uuid,uuid),
  private.unpair_counter_device(uuid),
  private.counter_guess_buckets(text),
  private.counter_guess_take(text,integer,integer,integer),
  private.counter_guess_settle(text,timestamp with time zone[],boolean)
  to authenticated, service_role;

revoke delete, insert, select, update on table public.counter_refusals from anon;
revoke delete, insert, update on table public.counter_refusals from authenticated;
revoke execute on function private.record_counter_refusal(uuid,integer,text) from public;
grant execute on function private.record_counter_refusal(uuid,integer,text) to authenticated, service_role;
