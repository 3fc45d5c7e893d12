-- Demo data for local use: cities, charities and the demo accounts the README lists.
-- The local runner sets app.admin_email / app.admin_password from ADMIN_EMAIL / ADMIN_PASSWORD.
-- Fixed ids so later seed sections and tests can refer to them.

insert into public.cities (id, name, state, description) values
  ('c0000000-0000-4000-8000-000000000001', 'Lyons', 'Colorado', 'Double Gateway to the Rockies, where the St. Vrain rivers meet.'),
  ('c0000000-0000-4000-8000-000000000002', 'Longmont', 'Colorado', 'Craft breweries, farms and a lively Main Street.'),
  ('c0000000-0000-4000-8000-000000000003', 'Boulder', 'Colorado', 'Flatirons, Pearl Street and a hundred family shops.'),
  ('c0000000-0000-4000-8000-000000000004', 'Estes Park', 'Colorado', 'The village at the door of Rocky Mountain National Park.');

insert into public.charities (id, city_id, name, is_default) values
  ('ca000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Lyons Community Foundation', true),
  ('ca000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'Lyons Youth Sports', false),
  ('ca000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'St. Vrain Watershed Friends', false),
  ('ca000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000002', 'Longmont Food Rescue', true),
  ('ca000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002', 'Longmont Youth Center', false),
  ('ca000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000003', 'Boulder Youth Arts', true),
  ('ca000000-0000-4000-8000-000000000007', 'c0000000-0000-4000-8000-000000000003', 'Flatirons Trail Crew', false),
  ('ca000000-0000-4000-8000-000000000008', 'c0000000-0000-4000-8000-000000000004', 'Estes Valley Kids Club', true);

insert into private.app_settings (key, value)
values ('admin_email', lower(coalesce(nullif(current_setting('app.admin_email', true), ''), 'admin@paylocal.local')))
on conflict (key) do nothing;

insert into public.profiles (id, email, name, role, home_city_id, preferred_charity_id) values
  ('a0000000-0000-4000-8000-000000000001', lower(coalesce(nullif(current_setting('app.admin_email', true), ''), 'admin@paylocal.local')), 'Platform Admin', 'ADMIN', null, null),
  ('a0000000-0000-4000-8000-000000000002', 'member@paylocal.local', 'Maya Member', 'USER', 'c0000000-0000-4000-8000-000000000001', 'ca000000-0000-4000-8000-000000000002'),
  ('a0000000-0000-4000-8000-000000000003', 'merchant@paylocal.local', 'Rosa Martinez', 'MERCHANT', 'c0000000-0000-4000-8000-000000000001', null),
  ('a0000000-0000-4000-8000-000000000004', 'pending@paylocal.local', 'Pete Pending', 'MERCHANT', 'c0000000-0000-4000-8000-000000000001', null);

insert into private.credentials (user_id, password_hash) values
  ('a0000000-0000-4000-8000-000000000001', extensions.crypt(coalesce(nullif(current_setting('app.admin_password', true), ''), 'admin12345'), extensions.gen_salt('bf', 10))),
  ('a0000000-0000-4000-8000-000000000002', extensions.crypt('member12345', extensions.gen_salt('bf', 10))),
  ('a0000000-0000-4000-8000-000000000003', extensions.crypt('merchant12345', extensions.gen_salt('bf', 10))),
  ('a0000000-0000-4000-8000-000000000004', extensions.crypt('pending12345', extensions.gen_salt('bf', 10)));

insert into public.merchants (id, owner_user_id, name, address, business_type, description, phone, website, city_id, city_name, is_women_owned, active, reward_rate_bps, approved_at) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'Rosa''s River Cafe', '401 Main St, Lyons, CO 80540', 'food',
   'Family-run cafe by the river: breakfast burritos, pastries and local coffee.', '(303) 555-0142', 'https://rosas-river-cafe.example',
   'c0000000-0000-4000-8000-000000000001', 'Lyons, Colorado', true, true, 500, now()),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000004', 'Pete''s Hardware', '220 Broadway, Lyons, CO 80540', 'retail',
   'Hardware, garden and fishing supplies since 1978.', '(303) 555-0199', null,
   'c0000000-0000-4000-8000-000000000001', 'Lyons, Colorado', false, false, 500, null);

-- ==== subscriptions ====
-- The demo member has an active monthly membership (test provider) with its first payment, whose
-- 10% charity share goes to the member's chosen charity (Lyons Youth Sports).
insert into public.subscriptions (id, user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                  current_period_start, current_period_end) values
  ('5b000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'monthly', 'active', 'test',
   'cus_test_seed_member', 'sub_test_seed_member', now(), now() + interval '1 month');

insert into public.payments (id, user_id, subscription_id, provider, provider_invoice_id, provider_payment_intent_id,
                             amount_cents, currency, charity_share_bps, charity_share_cents) values
  ('5c000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', '5b000000-0000-4000-8000-000000000001',
   'test', 'in_test_seed_member', 'pi_test_seed_member', 999, 'usd', 1000, 0);
