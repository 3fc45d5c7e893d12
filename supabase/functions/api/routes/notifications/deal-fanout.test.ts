// The deals trigger: an approved merchant's new active deal reaches every follower as NEW_DEAL,
// and every change publishes deal_changed on the city topic.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED } from '../../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { asService } from '../../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

it('notifies followers of a new active deal, and only them', async () => {
  const member = t.agent();
  await member.login(SEED.member.email, SEED.member.password);
  const status = await member.get(`/api/businesses/${SEED.activeMerchantId}/follow-status`);
  if (!status.body.isFollowing) expect((await member.post(`/api/businesses/${SEED.activeMerchantId}/follow`)).status).toBeLessThan(300);

  const merchant = t.agent();
  await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  const created = await merchant.post('/api/merchant/deals', {
    title: 'Trigger Test Tacos', description: 'Two tacos for the price of one on Tuesdays.', discountPercent: 50, category: 'food-drink',
  });
  expect(created.status).toBeLessThan(300);

  const inbox = await member.get('/api/notifications');
  const fresh = inbox.body.find((n: any) => n.data?.dealTitle === 'Trigger Test Tacos');
  expect(fresh).toMatchObject({ type: 'NEW_DEAL', isRead: false, data: { merchantName: "Rosa's River Cafe" } });
  expect(fresh.data.previewText).toContain('Two tacos');

  const [{ n }] = await asService(t.database, (q) => q<{ n: number }>(
    `select count(*)::int as n from public.notifications n
      where n.data->>'dealTitle' = 'Trigger Test Tacos'
        and not exists (select 1 from public.follows f where f.user_id = n.user_id and f.merchant_id = $1)`, [SEED.activeMerchantId]));
  expect(n).toBe(0);
});

it('sends nothing for an inactive deal', async () => {
  const merchant = t.agent();
  await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  const created = await merchant.post('/api/merchant/deals', {
    title: 'Quiet Draft Deal', description: 'Not live yet.', discountPercent: 10, category: 'food-drink', active: false,
  });
  expect(created.status).toBeLessThan(300);
  const [{ n }] = await asService(t.database, (q) => q<{ n: number }>(
    `select count(*)::int as n from public.notifications where data->>'dealTitle' = 'Quiet Draft Deal'`));
  expect(n).toBe(0);
});

it('publishes deal_changed on the city topic for a new deal', async () => {
  const payloads: string[] = [];
  const stop = await t.deps.db.listen!('realtime', (p) => payloads.push(p));
  const merchant = t.agent();
  await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  await merchant.post('/api/merchant/deals', { title: 'City Topic Deal', description: 'x', discountPercent: 5, category: 'food-drink' });
  await new Promise((r) => setTimeout(r, 300));
  await stop();
  const events = payloads.map((p) => JSON.parse(p)).filter((e) => e.event === 'deal_changed');
  expect(events.some((e) => e.topic === `city:${SEED.lyonsId}` && e.payload.change === 'created')).toBe(true);
});
