-- Outboxes: mail and push written in the same transaction as their cause and sent later by the drainers (claimed
-- with for update skip locked, retried with backoff). Never exposed to clients.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table private.mail_outbox (
    id uuid default gen_random_uuid() not null,
    kind text not null,
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    idempotency_key text default (gen_random_uuid())::text not null,
    status text default 'pending'::text not null,
    attempts integer default 0 not null,
    next_attempt_at timestamp with time zone default now() not null,
    claimed_at timestamp with time zone,
    sent_at timestamp with time zone,
    provider_id text,
    last_error text,
    created_at timestamp with time zone default now() not null,
    constraint mail_outbox_kind_check check ((kind ~ '^[a-z_]{1,40}$'::text)),
    constraint mail_outbox_status_check check ((status = any (array['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
    constraint mail_outbox_subject_check check (((length(subject) >= 1) and (length(subject) <= 200))),
    constraint mail_outbox_to_address_check check ((to_address ~ '^[^@\s]+@[^@\s]+$'::text)),
    constraint mail_outbox_idempotency_key_key unique (idempotency_key),
    constraint mail_outbox_pkey primary key (id)
);

comment on table private.mail_outbox is 'Mail waiting to be sent, written in the same transaction as its cause; the drainer claims rows (for update skip locked), sends each under its idempotency key, marks it sent. Never exposed to clients.';

comment on column private.mail_outbox.status is 'pending: waiting (next_attempt_at); sending: claimed by a drainer at claimed_at (reclaimed after a lease); sent; failed: gave up.';

create table private.mail_requests (
    id bigint not null,
    kind text not null,
    email text not null,
    ip text not null,
    created_at timestamp with time zone default now() not null,
    constraint mail_requests_kind_check check ((kind = any (array['password_reset'::text, 'verify_email'::text]))),
    constraint mail_requests_pkey primary key (id)
);

alter table private.mail_requests alter column id add generated always as identity (
    sequence name private.mail_requests_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table private.mail_requests is 'Account-mail requests (any address, known or not), for rate limits per client address and per account.';

create table private.push_jobs (
    id uuid default gen_random_uuid() not null,
    merchant_id uuid not null,
    type text not null,
    deal_id uuid,
    data jsonb not null,
    cursor_user_id uuid,
    cursor_subscription_id uuid,
    status text default 'pending'::text not null,
    created_at timestamp with time zone default now() not null,
    done_at timestamp with time zone,
    constraint push_jobs_status_check check ((status = any (array['pending'::text, 'done'::text]))),
    constraint push_jobs_type_check check ((type = any (array['NEW_DEAL'::text, 'BUSINESS_UPDATE'::text]))),
    constraint push_jobs_pkey primary key (id)
);

comment on table private.push_jobs is 'One row per event that reaches followers by push, written in the event''s transaction; expanded into push_deliveries in batches by the drainer (cursor columns), never inside the merchant''s request. Never exposed to clients.';

create table private.push_deliveries (
    id bigint not null,
    job_id uuid not null,
    subscription_id uuid not null,
    status text default 'pending'::text not null,
    attempts integer default 0 not null,
    next_attempt_at timestamp with time zone default now() not null,
    claimed_at timestamp with time zone,
    last_error text,
    constraint push_deliveries_status_check check ((status = any (array['pending'::text, 'sending'::text, 'failed'::text]))),
    constraint push_deliveries_job_id_subscription_id_key unique (job_id, subscription_id),
    constraint push_deliveries_pkey primary key (id),
    constraint push_deliveries_job_id_fkey foreign key (job_id) references private.push_jobs(id) on delete cascade,
    constraint push_deliveries_subscription_id_fkey foreign key (subscription_id) references public.push_subscriptions(id) on delete cascade
);

alter table private.push_deliveries alter column id add generated always as identity (
    sequence name private.push_deliveries_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table private.push_deliveries is 'One push message to one device, waiting to be sent: claimed with for update skip locked and a lease, deleted once the push service accepted it, retried with backoff on 429/5xx, failed after the attempt limit. Never exposed to clients.';

-- ---------------------------------------------------------------- indexes
create index mail_outbox_due_idx on private.mail_outbox using btree (next_attempt_at) where (status = any (array['pending'::text, 'sending'::text]));

create index mail_outbox_to_idx on private.mail_outbox using btree (to_address, created_at);

create index mail_requests_email_idx on private.mail_requests using btree (kind, email, created_at);

create index mail_requests_ip_idx on private.mail_requests using btree (kind, ip, created_at);

create index push_jobs_due_idx on private.push_jobs using btree (created_at) where (status = 'pending'::text);

create index push_deliveries_due_idx on private.push_deliveries using btree (next_attempt_at) where (status = any (array['pending'::text, 'sending'::text]));

create index push_deliveries_subscription_idx on private.push_deliveries using btree (subscription_id);

-- ---------------------------------------------------------------- row-level security
alter table private.mail_outbox enable row level security;

alter table private.mail_requests enable row level security;

alter table private.push_jobs enable row level security;

alter table private.push_deliveries enable row level security;

-- ---------------------------------------------------------------- functions
create function private.enqueue_mail(p_kind text, p_to text, p_subject text, p_text text, p_html text) returns uuid
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_id uuid;
  v_uid uuid := (select auth.uid());
begin
  if v_uid is not null and not private.is_admin() and not exists (
    select 1 from public.profiles p where p.id = v_uid and p.email = lower(p_to)
  ) then
    raise exception 'mail may only be sent to your own address' using errcode = '42501';
  end if;
  insert into private.mail_outbox (kind, to_address, subject, text_body, html_body)
  values (p_kind, lower(p_to), p_subject, p_text, p_html)
  returning id into v_id;
  return v_id;
end;
$$;

comment on function private.enqueue_mail(p_kind text, p_to text, p_subject text, p_text text, p_html text) is 'Writes one message to private.mail_outbox in the caller''s transaction; authenticated callers only to their own address (the admin to anyone).';

create function private.expand_push_job(p_job_id uuid, p_limit integer) returns integer
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  job private.push_jobs;
  added integer;
  last_user uuid;
  last_sub uuid;
begin
  select * into job from private.push_jobs where id = p_job_id for update;
  if job.id is null or job.status = 'done' then
    return 0;
  end if;
  with batch as (
    select f.user_id, s.id as subscription_id
      from public.follows f
      join public.push_subscriptions s on s.user_id = f.user_id
     where f.merchant_id = job.merchant_id
       -- Those who followed when the event happened (they got the notification), not later followers.
       and f.created_at <= job.created_at
       and (job.cursor_user_id is null
            or (f.user_id, s.id) > (job.cursor_user_id, job.cursor_subscription_id))
     order by f.user_id, s.id
     limit p_limit
  ), inserted as (
    insert into private.push_deliveries (job_id, subscription_id)
    select p_job_id, b.subscription_id from batch b
    on conflict (job_id, subscription_id) do nothing
  ), last_row as (
    select b.user_id, b.subscription_id from batch b order by b.user_id desc, b.subscription_id desc limit 1
  )
  select (select count(*) from batch)::int, (select user_id from last_row), (select subscription_id from last_row)
    into added, last_user, last_sub;
  if added < p_limit then
    update private.push_jobs set status = 'done', done_at = now(),
           cursor_user_id = coalesce(last_user, cursor_user_id),
           cursor_subscription_id = coalesce(last_sub, cursor_subscription_id)
     where id = p_job_id;
  else
    update private.push_jobs set cursor_user_id = last_user, cursor_subscription_id = last_sub
     where id = p_job_id;
  end if;
  return added;
end
$$;

comment on function private.expand_push_job(p_job_id uuid, p_limit integer) is 'Adds the next p_limit (follower, device) pairs of a push job as deliveries and advances its cursor; marks the job done when the followers are exhausted.';

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant delete, insert, select, update on table private.mail_outbox to service_role;
grant delete, insert, select, update on table private.mail_requests to service_role;
grant delete, insert, select, update on table private.push_jobs to service_role;
grant delete, insert, select, update on table private.push_deliveries to service_role;

revoke execute on function
  private.enqueue_mail(text,text,text,text,text),
  private.expand_push_job(uuid,integer)
  from public;
grant execute on function private.enqueue_mail(text,text,text,text,text) to authenticated, service_role;
grant execute on function private.expand_push_job(uuid,integer) to service_role;
