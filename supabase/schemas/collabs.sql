-- Collaborations: two approved businesses agree on a mutual discount. Requested by one, answered by the other,
-- visible only to the two.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.collaborations (
    id uuid default gen_random_uuid() not null,
    requester_merchant_id uuid not null,
    recipient_merchant_id uuid not null,
    status text default 'PENDING'::text not null,
    requester_discount_label text not null,
    recipient_discount_label text not null,
    start_date date not null,
    end_date date,
    exclusions_text text,
    message text,
    responded_at timestamp with time zone,
    created_at timestamp with time zone default now() not null,
    constraint collaborations_dates_ordered check (((end_date is null) or (end_date >= start_date))),
    constraint collaborations_exclusions_text_check check (((exclusions_text is null) or (length(exclusions_text) <= 500))),
    constraint collaborations_message_check check (((message is null) or (length(message) <= 1000))),
    constraint collaborations_not_self check ((requester_merchant_id <> recipient_merchant_id)),
    constraint collaborations_recipient_discount_label_check check (((length(trim(both from recipient_discount_label)) >= 1) and (length(trim(both from recipient_discount_label)) <= 100))),
    constraint collaborations_requester_discount_label_check check (((length(trim(both from requester_discount_label)) >= 1) and (length(trim(both from requester_discount_label)) <= 100))),
    constraint collaborations_status_check check ((status = any (array['PENDING'::text, 'ACCEPTED'::text, 'DENIED'::text, 'CANCELLED'::text]))),
    constraint collaborations_pkey primary key (id),
    constraint collaborations_recipient_merchant_id_fkey foreign key (recipient_merchant_id) references public.merchants(id) on delete cascade,
    constraint collaborations_requester_merchant_id_fkey foreign key (requester_merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.collaborations is 'Mutual-discount collaboration between two approved businesses: requested PENDING, answered ACCEPTED or DENIED by the recipient. Visible only to the two parties.';

-- ---------------------------------------------------------------- indexes
create unique index collaborations_one_pending_per_pair on public.collaborations using btree (least(requester_merchant_id, recipient_merchant_id), greatest(requester_merchant_id, recipient_merchant_id)) where (status = 'PENDING'::text);

create index collaborations_recipient_idx on public.collaborations using btree (recipient_merchant_id, created_at desc);

create index collaborations_requester_idx on public.collaborations using btree (requester_merchant_id, created_at desc);

-- ---------------------------------------------------------------- row-level security
alter table public.collaborations enable row level security;

create policy "collaborations: approved merchant requests" on public.collaborations
  for insert to authenticated
  with check (((requester_merchant_id = ( select private.current_merchant_id() as current_merchant_id)) and (status = 'PENDING'::text) and (responded_at is null) and (exists ( select 1
   from public.merchants r
  where ((r.id = collaborations.requester_merchant_id) and r.active))) and (exists ( select 1
   from public.merchants r
  where ((r.id = collaborations.recipient_merchant_id) and r.active)))));

create policy "collaborations: parties read" on public.collaborations
  for select to authenticated
  using (((( select private.current_merchant_id() as current_merchant_id) = requester_merchant_id) or (( select private.current_merchant_id() as current_merchant_id) = recipient_merchant_id)));

create policy "collaborations: recipient answers" on public.collaborations
  for update to authenticated
  using (((recipient_merchant_id = ( select private.current_merchant_id() as current_merchant_id)) and (status = 'PENDING'::text)))
  with check (((recipient_merchant_id = ( select private.current_merchant_id() as current_merchant_id)) and (status = any (array['ACCEPTED'::text, 'DENIED'::text]))));

create policy "collaborations: requester withdraws" on public.collaborations
  for update to authenticated
  using (((requester_merchant_id = ( select private.current_merchant_id() as current_merchant_id)) and (status = 'PENDING'::text)))
  with check (((requester_merchant_id = ( select private.current_merchant_id() as current_merchant_id)) and (status = 'CANCELLED'::text)));

comment on policy "collaborations: requester withdraws" on public.collaborations is 'The sender of a pending collaboration request may withdraw it (status CANCELLED); nothing else.';

-- ---------------------------------------------------------------- functions
create function private.guard_collaboration_status() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if new.status is distinct from old.status then
    if old.status <> 'PENDING' then
      raise exception 'This collaboration request was already %', lower(old.status) using errcode = 'P0001';
    end if;
    new.responded_at := now();
  end if;
  return new;
end
$$;

create function private.collaboration_partner_email(collaboration_id uuid) returns text
    language sql stable security definer
    set search_path to ''
    as $$
  select p.email
    from public.collaborations c
    join public.merchants partner on partner.id = case
      when c.requester_merchant_id = private.current_merchant_id() then c.recipient_merchant_id
      else c.requester_merchant_id end
    join public.profiles p on p.id = partner.owner_user_id
   where c.id = collaboration_id
     and c.status = 'ACCEPTED'
     and private.current_merchant_id() in (c.requester_merchant_id, c.recipient_merchant_id)
$$;

comment on function private.collaboration_partner_email(collaboration_id uuid) is 'Email of the other party of an accepted collaboration of the caller; null otherwise.';

-- ---------------------------------------------------------------- triggers
create trigger collaborations_guard_status before update on public.collaborations for each row execute function private.guard_collaboration_status();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.collaborations from anon;
revoke update on table public.collaborations from authenticated;
grant update (status) on table public.collaborations to authenticated;

revoke execute on function
  private.guard_collaboration_status(),
  private.collaboration_partner_email(uuid)
  from public;
grant execute on function private.collaboration_partner_email(uuid) to authenticated, service_role;
