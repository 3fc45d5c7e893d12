-- The member pass (decision 165): the keys with which the API certifies a member device's pass key, the member's
-- certified devices (at most 3) and the one-time challenges a device signs to get a certificate, and the member's
-- personal-code secret (decision 190). The pass itself is checked at the counter (counter.sql).

-- ---------------------------------------------------------------- tables
create table private.pass_signing_keys (
    kid text not null,
    private_jwk jsonb not null,
    public_jwk jsonb not null,
    created_at timestamp with time zone default now() not null,
    constraint pass_signing_keys_pkey primary key (kid)
);

comment on table private.pass_signing_keys is 'ECDSA P-256 keys with which the API certifies a member device''s pass key for at most 12 hours (decision 165). The newest signs; every row verifies. Created by the API on first use.';

create table private.member_pass_secrets (
    member_id uuid not null,
    secret text not null,
    rotated_at timestamp with time zone default now() not null,
    constraint member_pass_secrets_pkey primary key (member_id),
    constraint member_pass_secrets_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint member_pass_secrets_secret_check check ((secret ~ '^[A-Za-z0-9_-]{27}$'::text))
);

comment on table private.member_pass_secrets is 'One personal-code secret per member (decision 190): 20 random bytes, base64url. The pass sheet shows a TOTP over it and the API checks a typed one; handed to the member''s certified devices with the pass certificate, made anew when a device is removed. Only the API (service role) reads it.';

create table private.member_pass_devices (
    id uuid default gen_random_uuid() not null,
    member_id uuid not null,
    x text not null,
    y text not null,
    name text not null,
    created_at timestamp with time zone default now() not null,
    last_used_at timestamp with time zone default now() not null,
    constraint member_pass_devices_pkey primary key (id),
    constraint member_pass_devices_member_id_x_key unique (member_id, x),
    constraint member_pass_devices_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint member_pass_devices_name_check check ((char_length(name) between 1 and 60))
);

comment on table private.member_pass_devices is 'A member device whose pass key the API certified (decision 190): its P-256 point, a name for the profile, when it was first certified and last renewed. At most 3 per member: a fourth ends the oldest. Removing one makes a new personal-code secret.';

create table private.pass_certificate_challenges (
    challenge_hash text not null,
    member_id uuid not null,
    expires_at timestamp with time zone not null,
    created_at timestamp with time zone default now() not null,
    constraint pass_certificate_challenges_pkey primary key (challenge_hash),
    constraint pass_certificate_challenges_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade
);

comment on table private.pass_certificate_challenges is 'One-time challenges a member device signs with its pass key to get a certificate (decision 190): the sha-256 of the challenge, for whom, valid 2 minutes, deleted when used.';

-- ---------------------------------------------------------------- indexes
create index pass_certificate_challenges_member_id_idx on private.pass_certificate_challenges using btree (member_id);

-- ---------------------------------------------------------------- row-level security
alter table private.pass_signing_keys enable row level security;

alter table private.member_pass_secrets enable row level security;

alter table private.member_pass_devices enable row level security;

alter table private.pass_certificate_challenges enable row level security;

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant insert, select on table private.pass_signing_keys to service_role;
grant delete, insert, select, update on table private.member_pass_secrets to service_role;
grant delete, insert, select, update on table private.member_pass_devices to service_role;
grant delete, insert, select, update on table private.pass_certificate_challenges to service_role;
