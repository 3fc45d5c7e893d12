-- Uploads (decision 077): each signed upload address the API issues, and the public Storage bucket that holds the
-- images on a hosted project (the local runner keeps them in a folder).

-- ---------------------------------------------------------------- tables
create table private.uploads (
    key text not null,
    user_id uuid not null,
    created_at timestamp with time zone default now() not null,
    attached_at timestamp with time zone,
    constraint uploads_key_check check ((key ~ '^uploads/[0-9a-f-]{36}/[0-9a-f-]{36}$'::text)),
    constraint uploads_pkey primary key (key),
    constraint uploads_user_id_fkey foreign key (user_id) references public.profiles(id) on delete cascade
);

comment on table private.uploads is 'One row per signed upload address issued (POST /api/objects/upload). attached_at: when a feature (the merchant logo) took the object; unattached rows older than a day are deleted with their object by the cleanup.';

-- ---------------------------------------------------------------- indexes
create index uploads_unattached_idx on private.uploads using btree (created_at) where (attached_at is null);

create index uploads_user_created_idx on private.uploads using btree (user_id, created_at);

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant delete, insert, select, update on table private.uploads to service_role;

-- Storage bucket for uploads (profile pictures, deal and business images), decision 077.
-- Public bucket: the objects are images shown on public pages under unguessable keys, and the static
-- host proxies /objects/<key> to <project>/storage/v1/object/public/objects/<key> (README, deploy steps);
-- public reads go by URL and never consult RLS. Only the API writes, with a server key (service_role
-- bypasses RLS). No policy on storage.objects names this bucket, so anon and authenticated (e.g. a
-- Realtime token sent to the Storage API) can neither list, write, change nor delete its objects: RLS,
-- on by default there, denies what no policy allows. (Policies on storage.objects are also not ours to
-- make: that table belongs to supabase_storage_admin on hosted projects.)
-- The size and type limits repeat the API's own checks (MAX_UPLOAD_BYTES, IMAGE_TYPES) as a backstop.
-- Guarded: a no-op where the storage schema does not exist (the embedded stack's local bootstrap).
do $$
begin
  if to_regclass('storage.buckets') is null then
    raise notice 'storage schema absent: objects bucket not created (the embedded stack stores objects in a folder)';
    return;
  end if;
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('objects', 'objects', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
  on conflict (id) do nothing;
end;
$$;
