import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
// Fresh accounts: the demo member already has seeded notifications.
const MEMBER = { email: 'fresh-follower@example.com', password: 'secret123' };
const SECOND_MEMBER = { email: 'second-member@example.com', password: 'secret123' };

beforeAll(async () => {
  t = await createTestApp();
  await t.agent().post('/api/auth/register', { role: 'USER', name: 'Fresh Follower', ...MEMBER });
  await t.agent().post('/api/auth/register', { role: 'USER', name: 'Second Member', ...SECOND_MEMBER });
});
afterAll(() => t.close());

const signIn = async (who: { email: string; password: string }) => {
  const agent = await t.signIn(who);
  return agent;
};

describe('notifications', () => {
  it('a follower gets a BUSINESS_UPDATE when the business posts one, newest first', async () => {
    const member = await signIn(MEMBER);
    await member.post(`/api/businesses/${SEED.activeMerchantId}/follow`);
    const owner = await signIn(SEED.merchantOwner);
    expect((await owner.post('/api/merchant/updates', { message: 'Open late Friday' })).status).toBe(201);
    expect((await owner.post('/api/merchant/updates', { message: 'New roaster in town' })).status).toBe(201);

    const res = await member.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String), type: 'BUSINESS_UPDATE', isRead: false, createdAt: expect.stringMatching(/Z$/),
        data: { merchantName: "Rosa's River Cafe", previewText: 'New roaster in town', merchantId: SEED.activeMerchantId, dealId: null },
      },
      expect.objectContaining({ data: expect.objectContaining({ previewText: 'Open late Friday' }) }),
    ]);
    expect((await (await signIn(SECOND_MEMBER)).get('/api/notifications')).body).toEqual([]);
  });

  it('mark as read: own -> the read notification; someone else\'s or unknown -> 404', async () => {
    const member = await signIn(MEMBER);
    const [first] = (await member.get('/api/notifications')).body;
    const other = await signIn(SECOND_MEMBER);
    const stolen = await other.post(`/api/notifications/${first.id}/read`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Notification not found' });
    expect((await other.post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(404);
    expect((await other.post('/api/notifications/nope/read')).body).toEqual({ message: 'The ID must be a valid id' });

    const res = await member.post(`/api/notifications/${first.id}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, isRead: true });
    expect((await member.post(`/api/notifications/${first.id}/read`)).status).toBe(200);
    const after = (await member.get('/api/notifications')).body;
    expect(after.map((n: { isRead: boolean }) => n.isRead)).toEqual([true, false]);
  });

  it('keeps notifications of a business that was deleted, without its id', async () => {
    await asService(t.database, (q) => q(
      `insert into public.profiles (id, email, name, role) values ('a0000000-0000-4000-8000-0000000000c1', 'gone@example.com', 'Gone', 'MERCHANT')`));
    await asService(t.database, (q) => q(
      `insert into public.merchants (id, owner_user_id, name, address, active) values
         ('b0000000-0000-4000-8000-0000000000c1', 'a0000000-0000-4000-8000-0000000000c1', 'Gone Gifts', '1 Main', true)`));
    const member = await signIn(MEMBER);
    await member.post('/api/businesses/b0000000-0000-4000-8000-0000000000c1/follow');
    await asService(t.database, (q) => q(
      `insert into public.business_updates (merchant_id, message) values ('b0000000-0000-4000-8000-0000000000c1', 'Closing sale')`));
    await asService(t.database, (q) => q(`delete from public.merchants where id = 'b0000000-0000-4000-8000-0000000000c1'`));
    const [latest] = (await member.get('/api/notifications')).body;
    expect(latest.data).toEqual({ merchantName: 'Gone Gifts', previewText: 'Closing sale', merchantId: null, dealId: null });
  });

  it('a member who follows after a post does not see it; what they received stays after an unfollow (decision 180)', async () => {
    const market = 'b0000000-0000-4000-8000-000000000011'; // St. Vrain Market: nobody here follows it yet
    const marketOwner = await signIn({ email: 'market@paylocal.local', password: 'merchant12345' });
    const early = await signIn(SECOND_MEMBER);
    expect((await early.post(`/api/businesses/${market}/follow`)).status).toBe(201);
    expect((await marketOwner.post('/api/merchant/updates', { message: 'Before the late follower' })).status).toBe(201);

    const late = await signIn(MEMBER);
    expect((await late.post(`/api/businesses/${market}/follow`)).status).toBe(201);
    const texts = async (who: typeof late) =>
      (await who.get('/api/notifications')).body.filter((n: any) => n.data.merchantId === market).map((n: any) => n.data.previewText);
    expect(await texts(late)).toEqual([]);
    expect(await texts(early)).toEqual(['Before the late follower']);

    expect((await marketOwner.post('/api/merchant/updates', { message: 'For both' })).status).toBe(201);
    expect(await texts(late)).toEqual(['For both']);
    const [forBoth] = (await late.get('/api/notifications')).body.filter((n: any) => n.data.previewText === 'For both');
    expect((await late.post(`/api/notifications/${forBoth.id}/read`)).body).toMatchObject({ id: forBoth.id, isRead: true });
    // Read is per member: the early follower's copy of the same event is still unread.
    expect((await early.get('/api/notifications')).body.find((n: any) => n.id === forBoth.id).isRead).toBe(false);

    // Unfollow: what was received stays (read state too); what is posted meanwhile never arrives, even after a refollow.
    expect((await late.delete(`/api/businesses/${market}/follow`)).status).toBe(200);
    expect(await texts(late)).toEqual(['For both']);
    expect((await marketOwner.post('/api/merchant/updates', { message: 'While away' })).status).toBe(201);
    expect(await texts(late)).toEqual(['For both']);
    expect((await late.post(`/api/businesses/${market}/follow`)).status).toBe(201);
    expect((await marketOwner.post('/api/merchant/updates', { message: 'After the refollow' })).status).toBe(201);
    expect(await texts(late)).toEqual(['After the refollow', 'For both']);
    expect((await late.get('/api/notifications')).body.find((n: any) => n.id === forBoth.id).isRead).toBe(true);
    expect(await texts(early)).toEqual(['After the refollow', 'While away', 'For both', 'Before the late follower']);
    // An event of a period the member no longer has is still theirs to mark; one outside every period is not.
    const [away] = (await early.get('/api/notifications')).body.filter((n: any) => n.data.previewText === 'While away');
    expect((await late.post(`/api/notifications/${away.id}/read`)).status).toBe(404);
  });

  it('visitors get 401', async () => {
    expect((await t.agent().get('/api/notifications')).status).toBe(401);
    expect((await t.agent().post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(401);
  });
});
