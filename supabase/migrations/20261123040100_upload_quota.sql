-- Uploads (decision 089): each signed upload address issued is recorded, so a user's uploads per day can be
-- capped, and objects never attached to anything (a logo) can be deleted after a day.
create table private.uploads (
  key text primary key check (key ~ '^uploads/[0-9a-f-]{36}/[0-9a-f-]{36}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  attached_at timestamptz
);
comment on table private.uploads is
  'One row per signed upload address issued (POST /api/objects/upload). attached_at: when a feature (the merchant logo) took the object; unattached rows older than a day are deleted with their object by the cleanup.';
create index uploads_user_created_idx on private.uploads (user_id, created_at);
create index uploads_unattached_idx on private.uploads (created_at) where attached_at is null;
grant select, insert, update, delete on private.uploads to service_role;
