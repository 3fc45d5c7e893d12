import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { SEED } from '../../../../../tests/support/constants.ts';
import { asService } from '../../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await asService(t.database, (q) => q(`update public.merchants set logo_url = '/objects/logos/rosa.png' where id = $1`, [SEED.activeMerchantId]));
});
afterAll(() => t.close());

const rosa = SEED.activeMerchantId;
const member = async () => {
  const agent = t.agent();
  await agent.login(SEED.member.email, SEED.member.password);
  return agent;
};

describe('follow and unfollow', () => {
  it('a member follows a business: 201, then the status and the list say so', async () => {
    const agent = await member();
    expect((await agent.get(`/api/businesses/${rosa}/follow-status`)).body).toEqual({ isFollowing: false });
    const res = await agent.post(`/api/businesses/${rosa}/follow`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ isFollowing: true });
    expect((await agent.get(`/api/businesses/${rosa}/follow-status`)).body).toEqual({ isFollowing: true });
    const list = await agent.get('/api/user/following');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{
      id: rosa, name: "Rosa's River Cafe", logoUrl: '/objects/logos/rosa.png', category: 'food', city: 'Lyons, Colorado',
      description: 'Family-run cafe by the river: breakfast burritos, pastries and local coffee.',
      followedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    }]);
  });

  it('following twice answers 200 "following" and stores no duplicate', async () => {
    const agent = await member();
    const again = await agent.post(`/api/businesses/${rosa}/follow`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ isFollowing: true });
    expect((await agent.get('/api/user/following')).body).toHaveLength(1);
  });

  it('unfollowing answers "not following", also when repeated, and empties the list', async () => {
    const agent = await member();
    const res = await agent.delete(`/api/businesses/${rosa}/follow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isFollowing: false });
    expect((await agent.delete(`/api/businesses/${rosa}/follow`)).body).toEqual({ isFollowing: false });
    expect((await agent.get('/api/user/following')).body).toEqual([]);
  });
});

describe('bad input and edges', () => {
  it('a pending or unknown business is "Business not found" (404)', async () => {
    const agent = await member();
    for (const id of [SEED.pendingMerchantId, '00000000-0000-4000-8000-000000000000']) {
      for (const res of [await agent.post(`/api/businesses/${id}/follow`), await agent.get(`/api/businesses/${id}/follow-status`),
        await agent.delete(`/api/businesses/${id}/follow`)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Business not found' });
      }
    }
  });

  it('a malformed id is 400 naming the field', async () => {
    const res = await (await member()).post('/api/businesses/nope/follow');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'id must be a valid id' });
  });

  it('a merchant cannot follow their own business (400), nor, not being a member, another one (403)', async () => {
    const owner = t.agent();
    await owner.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const own = await owner.post(`/api/businesses/${rosa}/follow`);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ message: 'You cannot follow your own business' });
    const pending = t.agent();
    await pending.login(SEED.pendingOwner.email, SEED.pendingOwner.password);
    const other = await pending.post(`/api/businesses/${rosa}/follow`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Only members can follow businesses' });
    const ownPending = await pending.post(`/api/businesses/${SEED.pendingMerchantId}/follow`);
    expect(ownPending.body).toEqual({ message: 'You cannot follow your own business' });
  });

  it('visitors get 401 everywhere', async () => {
    const anon = t.agent();
    for (const res of [await anon.get(`/api/businesses/${rosa}/follow-status`), await anon.post(`/api/businesses/${rosa}/follow`),
      await anon.delete(`/api/businesses/${rosa}/follow`), await anon.get('/api/user/following')]) {
      expect(res.status).toBe(401);
    }
  });
});
