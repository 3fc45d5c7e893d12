// The deals trigger: an approved merchant's new active deal reaches every follower as NEW_DEAL,
// and every change publishes deal_changed on the city topic.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { flushCityChanges } from '../deals/live-updates.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** Every city's coalescing window starts afresh (the tests before changed deals in the same city a moment ago). */
const quietCities = () => t.database.admin.query(`delete from private.city_live_changes`);
/** As if the window had passed for every city. */
const windowPassed = () => t.database.admin.query(`update private.city_live_changes set sent_at = now() - interval '1 minute'`);

it('notifies followers of a new active deal, and only them', async () => {
  const member = await t.signIn(SEED.member);
  const status = await member.get(`/api/businesses/${SEED.activeMerchantId}/follow-status`);
  if (!status.body.isFollowing) expect((await member.post(`/api/businesses/${SEED.activeMerchantId}/follow`)).status).toBeLessThan(300);

  const merchant = await t.signIn(SEED.merchantOwner);
  const created = await merchant.post('/api/merchant/deals', {
    title: 'Trigger Test Tacos', description: 'Two tacos for the price of one on Tuesdays.', discountPercent: 50, category: 'food-drink',
  });
  expect(created.status).toBeLessThan(300);

  const inbox = await member.get('/api/notifications');
  const fresh = inbox.body.find((n: any) => n.data?.dealTitle === 'Trigger Test Tacos');
  expect(fresh).toMatchObject({ type: 'NEW_DEAL', isRead: false, data: { merchantName: "Rosa's River Cafe" } });
  expect(fresh.data.previewText).toContain('Two tacos');

  // Only followers: the merchant (and any member who does not follow Rosa's) does not see it.
  await t.agent().post('/api/auth/register', { role: 'USER', name: 'Not A Follower', email: 'not-a-follower@example.com', password: 'secret123' });
  const stranger = t.agent();
  await stranger.login('not-a-follower@example.com', 'secret123');
  expect((await stranger.get('/api/notifications')).body).toEqual([]);
  // One stored event, not one row per follower (decision 180).
  const [{ events, rows }] = await asService(t.database, (q) => q<{ events: number; rows: number }>(
    `select (select count(*)::int from public.notification_events where data->>'dealTitle' = 'Trigger Test Tacos') as events,
            (select count(*)::int from public.notifications where data->>'dealTitle' = 'Trigger Test Tacos') as rows`));
  expect({ events, rows }).toEqual({ events: 1, rows: 0 });
});

it('sends nothing for an inactive deal', async () => {
  const merchant = await t.signIn(SEED.merchantOwner);
  const created = await merchant.post('/api/merchant/deals', {
    title: 'Quiet Draft Deal', description: 'Not live yet.', discountPercent: 10, category: 'food-drink', active: false,
  });
  expect(created.status).toBeLessThan(300);
  const [{ n }] = await asService(t.database, (q) => q<{ n: number }>(
    `select (select count(*) from public.notifications where data->>'dealTitle' = 'Quiet Draft Deal')::int
          + (select count(*) from public.notification_events where data->>'dealTitle' = 'Quiet Draft Deal')::int as n`));
  expect(n).toBe(0);
});

it('publishes deal_changed on the city topic for a new deal', async () => {
  await quietCities();
  const payloads: string[] = [];
  const stop = await t.deps.db.listen!('realtime', (p) => payloads.push(p));
  const merchant = await t.signIn(SEED.merchantOwner);
  await merchant.post('/api/merchant/deals', { title: 'City Topic Deal', description: 'x', discountPercent: 5, category: 'food-drink' });
  await new Promise((r) => setTimeout(r, 300));
  await stop();
  const events = payloads.map((p) => JSON.parse(p)).filter((e) => e.event === 'deal_changed');
  expect(events.some((e) => e.topic === `city:${SEED.lyonsId}` && e.payload.change === 'created')).toBe(true);
});

it('offers the deal ("View Deal") only while the member can open it; the card survives its deletion', async () => {
  const member = await t.signIn(SEED.member);
  await member.post(`/api/businesses/${SEED.activeMerchantId}/follow`);
  const merchant = await t.signIn(SEED.merchantOwner);
  const { body: deal } = await merchant.post('/api/merchant/deals', {
    title: 'Short-Lived Scone Deal', description: 'Scones, briefly.', discountPercent: 30, category: 'food-drink',
  });
  const card = async () => (await member.get('/api/notifications')).body.find((n: any) => n.data.dealTitle === 'Short-Lived Scone Deal');

  expect((await card()).data.dealId).toBe(deal.id);
  await merchant.delete(`/api/merchant/deals/${deal.id}`); // deactivates
  expect((await card()).data.dealId).toBeNull();
  await merchant.patch(`/api/merchant/deals/${deal.id}`, { active: true });
  expect((await card()).data.dealId).toBe(deal.id);
  await merchant.delete(`/api/merchant/deals/${deal.id}?permanent=true`);
  expect((await card()).data).toMatchObject({ merchantName: "Rosa's River Cafe", dealTitle: 'Short-Lived Scone Deal', dealId: null });
});

it('publishes deal_changed on the city topic when a business is approved or deleted', async () => {
  await quietCities();
  const payloads: { topic: string; event: string; payload: { merchantId: string | null; change: string } }[] = [];
  const stop = await t.deps.db.listen!('realtime', (p) => payloads.push(JSON.parse(p)));
  const admin = await t.signIn(TEST_ADMIN);
  expect((await admin.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`)).status).toBeLessThan(300);
  await expect.poll(() => payloads.filter((p) => p.payload.merchantId === SEED.pendingMerchantId).length).toBe(1);
  // The deletion comes inside the city's window: it waits for the flush, which sends one coalesced message.
  await windowPassed();
  expect((await admin.delete(`/api/admin/merchants/${SEED.pendingMerchantId}`)).status).toBeLessThan(300);
  await expect.poll(() => payloads.filter((p) => p.payload.merchantId === SEED.pendingMerchantId).length).toBe(2);
  await stop();
  expect(payloads.filter((p) => p.payload.merchantId === SEED.pendingMerchantId)).toEqual([
    expect.objectContaining({ topic: `city:${SEED.lyonsId}`, event: 'deal_changed', payload: expect.objectContaining({ change: 'business' }) }),
    expect.objectContaining({ topic: `city:${SEED.lyonsId}`, event: 'deal_changed', payload: expect.objectContaining({ change: 'business' }) }),
  ]);
});

it('coalesces a city\'s deal changes: one message at once, the rest as one after the window (decision 180)', async () => {
  await quietCities();
  const payloads: { topic: string; event: string; payload: { change: string } }[] = [];
  const stop = await t.deps.db.listen!('realtime', (p) => payloads.push(JSON.parse(p)));
  const lyons = () => payloads.filter((p) => p.topic === `city:${SEED.lyonsId}` && p.event === 'deal_changed');
  const merchant = await t.signIn(SEED.merchantOwner);
  for (const n of [1, 2, 3, 4]) {
    expect((await merchant.post('/api/merchant/deals', { title: `Burst deal ${n}`, description: 'x', discountPercent: 5, category: 'food-drink' })).status).toBe(201);
  }
  await expect.poll(() => lyons().length).toBe(1);
  expect(lyons()[0].payload.change).toBe('created');
  // Inside the window the flush sends nothing; once it has passed, one message for the three that waited.
  expect(await flushCityChanges(t.deps.db)).toBe(0);
  await windowPassed();
  expect(await flushCityChanges(t.deps.db)).toBe(1);
  expect(await flushCityChanges(t.deps.db)).toBe(0);
  await expect.poll(() => lyons().length).toBe(2);
  expect(lyons()[1].payload.change).toBe('coalesced');
  await stop();
});
