-- The member pass (decision 165): the keys with which the API certifies a member device's pass key.
-- The pass itself is checked at the counter (counter.sql).

-- ---------------------------------------------------------------- tables
create table private.pass_signing_keys (
    kid text not null,
    private_jwk jsonb not null,
    public_jwk jsonb not null,
    created_at timestamp with time zone default now() not null,
    constraint pass_signing_keys_pkey primary key (kid)
);

comment on table private.pass_signing_keys is 'ECDSA P-256 keys with which the API certifies a member device''s pass key for at most 12 hours (decision 165). The newest signs; every row verifies. Created by the API on first use.';

-- ---------------------------------------------------------------- row-level security
alter table private.pass_signing_keys enable row level security;

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
grant insert, select on table private.pass_signing_keys to service_role;
