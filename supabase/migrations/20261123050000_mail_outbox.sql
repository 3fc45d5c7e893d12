-- Mail: a durable outbox written in the transaction of its cause, drained by the API's drainer
-- (decision 090), and the single-use account tokens of password reset and address verification.

-- ---------------------------------------------------------------- outbox
create table private.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  to_address text not null check (to_address ~ '^[^@\s]+@[^@\s]+$'),
  subject text not null check (length(subject) between 1 and 200),
  text_body text not null,
  html_body text not null,
  -- Sent as the provider's Idempotency-Key (and the .eml file name): a resend after a crash is a no-op.
  idempotency_key text not null unique default gen_random_uuid()::text,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  provider_id text,
  last_error text,
  created_at timestamptz not null default now()
);
comment on table private.mail_outbox is
  'Mail waiting to be sent, written in the same transaction as its cause; the drainer claims rows (for update skip locked), sends each under its idempotency key, marks it sent. Never exposed to clients.';
comment on column private.mail_outbox.status is
  'pending: waiting (next_attempt_at); sending: claimed by a drainer at claimed_at (reclaimed after a lease); sent; failed: gave up.';
create index mail_outbox_due_idx on private.mail_outbox (next_attempt_at) where status in ('pending', 'sending');
create index mail_outbox_to_idx on private.mail_outbox (to_address, created_at);

alter table private.mail_outbox enable row level security;
-- No policy for anon or authenticated: clients never read or write the outbox. service_role bypasses RLS.
revoke all on private.mail_outbox from public, anon, authenticated;
grant select, insert, update, delete on private.mail_outbox to service_role;

/**
 * Enqueues one message in the caller's transaction. A signed-in caller (authenticated) may only write to
 * their own address, except the admin (approval and deletion mail to a merchant); service_role may write to any.
 */
create or replace function private.enqueue_mail(
  p_kind text, p_to text, p_subject text, p_text text, p_html text
) returns uuid
language plpgsql volatile security definer
set search_path = ''
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
comment on function private.enqueue_mail(text, text, text, text, text) is
  'Writes one message to private.mail_outbox in the caller''s transaction; authenticated callers only to their own address (the admin to anyone).';
revoke execute on function private.enqueue_mail(text, text, text, text, text) from public, anon;
grant execute on function private.enqueue_mail(text, text, text, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------- single-use account tokens
create table private.account_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  purpose text not null check (purpose in ('password_reset', 'verify_email')),
  -- The address the token was issued for: a verification link proves only that address.
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.account_tokens is
  'Password-reset and address-verification links: only the SHA-256 of the token is stored; single use (used_at), short-lived (expires_at).';
create index account_tokens_user_idx on private.account_tokens (user_id, purpose, created_at);
alter table private.account_tokens enable row level security;
revoke all on private.account_tokens from public, anon, authenticated;
grant select, insert, update, delete on private.account_tokens to service_role;

-- Requests that send account mail (forgot password, resend verification), for per-address and per-account limits.
create table private.mail_requests (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('password_reset', 'verify_email')),
  email text not null,
  ip text not null,
  created_at timestamptz not null default now()
);
comment on table private.mail_requests is 'Account-mail requests (any address, known or not), for rate limits per client address and per account.';
create index mail_requests_email_idx on private.mail_requests (kind, email, created_at);
create index mail_requests_ip_idx on private.mail_requests (kind, ip, created_at);
alter table private.mail_requests enable row level security;
revoke all on private.mail_requests from public, anon, authenticated;
grant select, insert, update, delete on private.mail_requests to service_role;
