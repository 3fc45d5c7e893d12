import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
// St. Vrain Market: approved, in Lyons, not followed by the demo member in the seed.
const market = 'b0000000-0000-4000-8000-000000000011';
const rosa = SEED.activeMerchantId;
beforeAll(async () => {
  t = await createTestApp();
  await asService(t.database, (q) => q(`update public.merchants set logo_url = '/objects/logos/market.png' where id = $1`, [market]));
});
afterAll(() => t.close());

const member = async () => {
  const agent = await t.signIn(SEED.member);
  return agent;
};

describe('follow and unfollow', () => {
  it('a member follows a business: 201, then the status and the list say so', async () => {
    const agent = await member();
    expect((await agent.get(`/api/businesses/${market}/follow-status`)).body).toEqual({ isFollowing: false });
    const res = await agent.post(`/api/businesses/${market}/follow`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ isFollowing: true });
    expect((await agent.get(`/api/businesses/${market}/follow-status`)).body).toEqual({ isFollowing: true });
    const list = await agent.get('/api/user/following');
    expect(list.status).toBe(200);
    // Newest first: the market before the businesses the seed follows.
    expect(list.body[0]).toEqual({
      id: market, name: 'St. Vrain Market', logoUrl: '/objects/logos/market.png', category: 'retail', city: 'Lyons, Colorado',
      description: 'Groceries, fishing gear and picnic supplies for the river.',
      followedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('following twice answers 200 "following" and stores no duplicate', async () => {
    const agent = await member();
    const again = await agent.post(`/api/businesses/${market}/follow`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ isFollowing: true });
    const ids = (await agent.get('/api/user/following')).body.map((b: { id: string }) => b.id);
    expect(ids.filter((id: string) => id === market)).toHaveLength(1);
  });

  it('unfollowing answers "not following", also when repeated, and drops the business from the list', async () => {
    const agent = await member();
    const res = await agent.delete(`/api/businesses/${market}/follow`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isFollowing: false });
    expect((await agent.delete(`/api/businesses/${market}/follow`)).body).toEqual({ isFollowing: false });
    const ids = (await agent.get('/api/user/following')).body.map((b: { id: string }) => b.id);
    expect(ids).not.toContain(market);
    expect(ids).toContain(rosa); // followed in the seed
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
    expect(res.body).toEqual({ message: 'The ID must be a valid id' });
  });

  it('a merchant cannot follow their own business (400), nor, not being a member, another one (403)', async () => {
    const owner = await t.signIn(SEED.merchantOwner);
    const own = await owner.post(`/api/businesses/${rosa}/follow`);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ message: 'You cannot follow your own business' });
    const pending = await t.signIn(SEED.pendingOwner);
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
