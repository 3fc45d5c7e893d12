import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;
const WATERSHED = 'ca000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(TEST_ADMIN);
  // The seed's payment (999 → 100 to Lyons Youth Sports, this month), plus 10000 → 1000 this month and
  // 799 → 80 last month to the watershed, from a member who chose it.
  await asService(t.database, async (q) => {
    const [p] = await q<{ id: string }>(`insert into public.profiles (email, name, role, home_city_id, preferred_charity_id)
      values ('giver@example.com', 'Gina Giver', 'USER', $1, $2) returning id`, [SEED.lyonsId, WATERSHED]);
    const [s] = await q<{ id: string }>(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end)
       values ($1, 'yearly', 'active', 'test', 'cus_g', 'sub_g', now(), now() + interval '1 year') returning id`, [p.id]);
    await q(`insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, amount_cents, charity_share_bps, charity_share_cents, paid_at)
             values ($1, $2, 'test', 'in_g1', 10000, 1000, 0, now()),
                    ($1, $2, 'test', 'in_g0', 799, 1000, 0, date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 day')`, [p.id, s.id]);
  });
});
afterAll(() => t.close());

const find = (body: { charities: { id: string }[] }, id: string) => body.charities.find((c) => c.id === id);

describe('GET /api/impact', () => {
  it('gives visitors the totals per charity this month and all time and how many members chose each', async () => {
    const res = await t.agent().get('/api/impact');
    expect(res.status).toBe(200);
    expect(res.body.month).toBe(new Date().toISOString().slice(0, 7));
    expect(find(res.body, WATERSHED)).toEqual({ id: WATERSHED, kind: 'charity', cityActive: true, name: 'St. Vrain Watershed Friends', cityName: 'Lyons', cityState: 'Colorado',
      retired: false, monthCents: 1000, totalCents: 1080, memberCount: 1 });
    expect(find(res.body, SEED.lyonsCharityId)).toMatchObject({ monthCents: 100, totalCents: 100, memberCount: 1 });
    expect(find(res.body, SEED.longmontCharityId)).toMatchObject({ monthCents: 0, totalCents: 0, memberCount: 0 });
    expect(res.body).toMatchObject({ monthCents: 1100, totalCents: 1180 });
    // Public data only.
    expect(JSON.stringify(res.body)).not.toMatch(/giver@example\.com|Gina|member@paylocal|Maya/);
  });

  it('answers members the same, keeps retired charities with their history, and drops closed cities whose charities received nothing', async () => {
    await admin.patch(`/api/admin/charities/${WATERSHED}`, { retired: true });
    await admin.patch(`/api/admin/cities/${SEED.longmontId}`, { active: false });
    const member = await t.signIn(SEED.member, '192.0.2.91');
    const res = await member.get('/api/impact');
    expect(find(res.body, WATERSHED)).toMatchObject({ retired: true, totalCents: 1080, memberCount: 1 });
    expect(find(res.body, SEED.longmontCharityId)).toBeUndefined();
    await admin.patch(`/api/admin/cities/${SEED.longmontId}`, { active: true });
  });
});
