-- Verified addresses (issue 16, decision 091): set by the API when a mailed link comes back.
alter table public.profiles add column email_verified_at timestamptz;
comment on column public.profiles.email_verified_at is
  'When the owner proved the address by opening a mailed link (verification or password reset); null = not verified. Written only by the API (service_role); not in the columns members may update.';
