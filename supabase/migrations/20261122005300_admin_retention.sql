-- What deleting an account keeps (decision 045). Payments stay for accounting, anonymised: the
-- account and its subscription row go, the payment keeps amount, currency, provider invoice and
-- payment ids, dates and the charity share. A charity that received a share can no longer be
-- deleted (nor, through it, its city): the donation record must keep naming it.
-- (Points ledger and redemptions are anonymised by the deals migration's foreign keys.)

alter table public.payments alter column user_id drop not null;
alter table public.payments drop constraint payments_user_id_fkey;
alter table public.payments add constraint payments_user_id_fkey
  foreign key (user_id) references public.profiles (id) on delete set null;

alter table public.payments alter column subscription_id drop not null;
alter table public.payments drop constraint payments_subscription_id_fkey;
alter table public.payments add constraint payments_subscription_id_fkey
  foreign key (subscription_id) references public.subscriptions (id) on delete set null;

alter table public.payments drop constraint payments_charity_id_fkey;
alter table public.payments add constraint payments_charity_id_fkey
  foreign key (charity_id) references public.charities (id) on delete restrict;

comment on column public.payments.user_id is 'The paying member; null once the account was deleted (the payment stays for accounting).';
