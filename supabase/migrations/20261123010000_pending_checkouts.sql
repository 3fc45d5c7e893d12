-- Accounts survive the browser (decision 070). The pending checkout is held by the server from
-- create-subscription on: the account's name and a bcrypt hash of the chosen password (never the
-- password itself), with an expiry. Whichever comes first — Stripe's invoice.paid webhook or the
-- browser's /complete-subscription — creates the account, membership and payment from it; the row
-- lock on the checkout and the unique keys on payments make the other one find it done.
alter table private.checkouts
  add column name text,
  add column password_hash text,
  add column expires_at timestamptz not null default now() + interval '7 days';
comment on column private.checkouts.name is 'The new account''s name (visitor checkouts); null for upgrades.';
comment on column private.checkouts.password_hash is 'bcrypt hash of the password chosen at checkout (visitor checkouts). Cleared once the account exists.';
comment on column private.checkouts.expires_at is 'An uncompleted checkout past this time is deleted (Stripe ends an unpaid incomplete subscription after 23 hours).';

-- One checkout per provider subscription: the webhook finds its checkout by subscription id.
create unique index checkouts_provider_subscription_id_key on private.checkouts (provider_subscription_id);
create index checkouts_open_expires_at_idx on private.checkouts (expires_at) where completed_user_id is null;

-- Webhook ordering: the creation time of the last subscription event applied, per provider
-- subscription. An event older than this is acknowledged and not applied.
create table private.subscription_event_marks (
  provider_subscription_id text primary key,
  last_event_created timestamptz not null,
  updated_at timestamptz not null default now()
);
comment on table private.subscription_event_marks is 'Per provider subscription, the created time of the last webhook event applied; older events are skipped.';
grant select, insert, update, delete on private.subscription_event_marks to service_role;
