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

-- Rosa's was approved months ago: the monthly report's mail (decision 211) is due for it from the first run.
insert into public.merchants (id, owner_user_id, name, address, business_type, description, phone, website, city_id, city_name, is_women_owned, active, reward_rate_bps, approved_at) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 'Rosa''s River Cafe', '401 Main St, Lyons, CO 80540', 'food',
   'Family-run cafe by the river: breakfast burritos, pastries and local coffee.', '(303) 555-0142', 'https://rosas-river-cafe.example',
   'c0000000-0000-4000-8000-000000000001', 'Lyons, Colorado', true, true, 500, now() - interval '3 months'),
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

-- ==== deals ====
-- Live deals for Rosa's River Cafe, more approved businesses with deals in Lyons and Longmont,
-- and some points for the demo member. Code secrets are created by the deals trigger.
-- The extra owners sign in with merchant12345.
insert into public.profiles (id, email, name, role, home_city_id) values
  ('a0000000-0000-4000-8000-000000000011', 'market@paylocal.local', 'Lena Brooks', 'MERCHANT', 'c0000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000012', 'sauna@paylocal.local', 'Jonas Berg', 'MERCHANT', 'c0000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000013', 'pizza@paylocal.local', 'Marco Ricci', 'MERCHANT', 'c0000000-0000-4000-8000-000000000002'),
  ('a0000000-0000-4000-8000-000000000014', 'yoga@paylocal.local', 'Priya Shah', 'MERCHANT', 'c0000000-0000-4000-8000-000000000002');

insert into private.credentials (user_id, password_hash)
select id, extensions.crypt('merchant12345', extensions.gen_salt('bf', 10))
  from public.profiles
 where id in ('a0000000-0000-4000-8000-000000000011', 'a0000000-0000-4000-8000-000000000012',
              'a0000000-0000-4000-8000-000000000013', 'a0000000-0000-4000-8000-000000000014');

insert into public.merchants (id, owner_user_id, name, address, business_type, category, description, phone, city_id, city_name, is_women_owned, active, reward_rate_bps, approved_at) values
  ('b0000000-0000-4000-8000-000000000011', 'a0000000-0000-4000-8000-000000000011', 'St. Vrain Market', '335 Main St, Lyons, CO 80540', 'retail', 'retail',
   'Groceries, fishing gear and picnic supplies for the river.', '(303) 555-0110', 'c0000000-0000-4000-8000-000000000001', 'Lyons, Colorado', true, true, 300, now()),
  ('b0000000-0000-4000-8000-000000000012', 'a0000000-0000-4000-8000-000000000012', 'Redstone Sauna House', '18 Park St, Lyons, CO 80540', 'sauna-cold-plunge', 'sauna-cold-plunge',
   'Wood-fired sauna and a cold plunge fed by the North St. Vrain.', '(303) 555-0123', 'c0000000-0000-4000-8000-000000000001', 'Lyons, Colorado', false, true, 500, now()),
  ('b0000000-0000-4000-8000-000000000013', 'a0000000-0000-4000-8000-000000000013', 'Main Street Pizza Co.', '512 Main St, Longmont, CO 80501', 'food', 'food-dining',
   'Hand-tossed pies and salads since 1994.', '(303) 555-0177', 'c0000000-0000-4000-8000-000000000002', 'Longmont, Colorado', false, true, 400, now()),
  ('b0000000-0000-4000-8000-000000000014', 'a0000000-0000-4000-8000-000000000014', 'Twin Peaks Yoga', '27 4th Ave, Longmont, CO 80501', 'health-wellness', 'health-wellness',
   'Small-group yoga and breathwork for every body.', '(303) 555-0188', 'c0000000-0000-4000-8000-000000000002', 'Longmont, Colorado', true, true, 600, now());

insert into public.deals (id, merchant_id, title, description, discount_percent, discount_amount_cents, category, max_uses, valid_to) values
  ('d0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', '20% Off Breakfast Burritos',
   'Any breakfast burrito, any morning. Green chile included.', 20, null, 'food-drink', 500, null),
  ('d0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', '$3 Off Any Latte',
   'Three dollars off a latte of any size, hot or iced.', null, 300, 'food-drink', null, null),
  ('d0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', '10% Off Whole-Bean Coffee',
   'Take home a bag of our locally roasted beans for 10% less.', 10, null, 'retail-shopping', 100, now() + interval '60 days'),
  ('d0000000-0000-4000-8000-000000000011', 'b0000000-0000-4000-8000-000000000011', '15% Off Fishing Gear',
   'Flies, line and tackle for the St. Vrain.', 15, null, 'retail-shopping', null, null),
  ('d0000000-0000-4000-8000-000000000012', 'b0000000-0000-4000-8000-000000000011', '$5 Off a $25 Picnic Basket',
   'Build a picnic basket of $25 or more and save five dollars.', null, 500, 'food-drink', 200, null),
  ('d0000000-0000-4000-8000-000000000013', 'b0000000-0000-4000-8000-000000000012', '25% Off a Cold Plunge Session',
   'A 60-minute sauna and cold plunge session for a quarter less.', 25, null, 'health-wellness', 50, null),
  ('d0000000-0000-4000-8000-000000000021', 'b0000000-0000-4000-8000-000000000013', '$4 Off Any Large Pizza',
   'Dine in or take out, any large pie.', null, 400, 'food-drink', null, null),
  ('d0000000-0000-4000-8000-000000000022', 'b0000000-0000-4000-8000-000000000013', '10% Off Catering Orders',
   'Feeding the team? Ten percent off catering for ten or more.', 10, null, 'food-drink', 20, null),
  ('d0000000-0000-4000-8000-000000000023', 'b0000000-0000-4000-8000-000000000014', 'First Class Half Price',
   'Your first yoga or breathwork class at 50% off.', 50, null, 'health-wellness', null, null);

-- $50 at Rosa's at 5% = 250 points for the demo member.
insert into public.point_ledger (merchant_id, member_id, kind, points, purchase_amount_cents) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'accrual', 250, 5000);
-- ...so Rosa's counter has seen the demo member and takes their number (decision 165).
insert into private.counter_members_seen (merchant_id, member_id) values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002');

-- ==== collabs ====
-- Rosa's River Cafe has a collaboration request waiting (from St. Vrain Market) and an active
-- partnership with Redstone Sauna House, so the Local Collabs tabs have something to show.
insert into public.collaborations (id, requester_merchant_id, recipient_merchant_id, status, requester_discount_label,
  recipient_discount_label, start_date, end_date, exclusions_text, message, responded_at, created_at) values
  ('cb000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000011', 'b0000000-0000-4000-8000-000000000001', 'PENDING',
   '10% off picnic baskets', 'A free pastry with any coffee', current_date + 7, current_date + 97, 'Not valid on holidays',
   'Our picnic customers walk past your cafe every morning. Shall we send them to each other?', null, now() - interval '1 day'),
  ('cb000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000012', 'ACCEPTED',
   '15% off breakfast after a sauna session', '$5 off a cold plunge for cafe customers', current_date - 30, null, null,
   'Warm up, cool down, then breakfast by the river.', now() - interval '29 days', now() - interval '30 days');

-- ==== notifications ====
-- The demo member follows Rosa's River Cafe and Redstone Sauna House and has a few notifications:
-- two NEW_DEAL cards (one read) and a BUSINESS_UPDATE (posted through business_updates, so its
-- trigger fans it out exactly as the API would). St. Vrain Market is left unfollowed to try following.
insert into public.follows (user_id, merchant_id, created_at) values
  ('a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', now() - interval '21 days'),
  ('a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000012', now() - interval '4 days');

insert into public.notifications (user_id, type, merchant_id, deal_id, data, is_read, created_at)
select 'a0000000-0000-4000-8000-000000000002', 'NEW_DEAL', m.id, d.id,
       jsonb_build_object('merchantName', m.name, 'dealTitle', d.title, 'previewText', d.description),
       seen.is_read, now() - seen.age
  from (values ('d0000000-0000-4000-8000-000000000001'::uuid, true, interval '3 days'),
               ('d0000000-0000-4000-8000-000000000013'::uuid, false, interval '26 hours')) as seen (deal_id, is_read, age)
  join public.deals d on d.id = seen.deal_id
  join public.merchants m on m.id = d.merchant_id;

insert into public.business_updates (merchant_id, message) values
  ('b0000000-0000-4000-8000-000000000001', 'Live bluegrass on the patio this Saturday from 6 PM. Bring a friend!');
