-- Idempotency keys: the offline outbox replays actions with an Idempotency-Key header; the API
-- applies each key once per user and answers replays with the stored response.
create table private.idempotency_keys (
  user_id uuid not null references public.profiles (id) on delete cascade,
  key text not null check (length(key) between 1 and 100),
  method text not null,
  path text not null,
  status integer,
  body text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
comment on table private.idempotency_keys is 'One row per (user, Idempotency-Key): the first response, replayed for repeats. status null = in flight.';
create index idempotency_keys_created_at_idx on private.idempotency_keys (created_at);
grant select, insert, update, delete on private.idempotency_keys to service_role;
