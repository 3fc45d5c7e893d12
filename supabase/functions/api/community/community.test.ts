// /api/community (decision 196): a city's feed by its active members and approved businesses; posts with a photo
// from the caller's own upload; a business links one of its own live deals; newest first in cursor pages; one city
// never sees another's; authors edit and delete their own; readers report once; the admin hides and restores (the
// audit log says what in words) and the moderation queue lists reported posts beside reviews; posting is limited.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_PAGE_SIZE } from '../../_shared/contract/community.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { registerActiveMember } from '../../../../tests/support/member-app.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { COMMUNITY_POSTS_PER_HOUR } from './community.ts';

let t: TestApp;
let dir: string;
let maya: Agent;
let rosa: Agent;
let admin: Agent;
let sam: Agent;
let longmont: Agent;
let inactive: Agent;
let pending: Agent;
let anon: Agent;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paylocal-community-'));
  t = await createTestApp({ OBJECTS_DIR: dir, OBJECT_UPLOAD_SECRET: 'upload-secret' });
  await activateMembership(t.database, SEED.member.id);
  maya = await t.signIn(SEED.member);
  rosa = await t.signIn(SEED.merchantOwner);
  admin = await t.signIn(TEST_ADMIN);
  pending = await t.signIn(SEED.pendingOwner);
  anon = t.agent();
  ({ agent: sam } = await registerActiveMember(t, { name: 'Sam Neighbour', email: 'community-sam@example.com' }, '192.0.2.61'));
  longmont = t.agent('192.0.2.62');
  const registered = await longmont.post('/api/auth/register', {
    role: 'USER', name: 'Lou Longmont', email: 'community-lou@example.com', password: 'secret1234',
    homeCityId: SEED.longmontId, preferredCharityId: SEED.longmontCharityId,
  });
  expect(registered.status).toBe(201);
  await activateMembership(t.database, registered.body.user.id);
  inactive = t.agent('192.0.2.63');
  expect((await inactive.post('/api/auth/register', {
    role: 'USER', name: 'Ina Inactive', email: 'community-ina@example.com', password: 'secret1234',
    homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
  })).status).toBe(201);
});
afterAll(async () => { await t.close(); rmSync(dir, { recursive: true, force: true }); });

/** Uploads a PNG as `agent`: the signed address POST /api/community/posts takes as photoUrl. */
async function uploadPhoto(agent: Agent): Promise<string> {
  const { uploadURL } = (await agent.post('/api/objects/upload')).body as { uploadURL: string };
  const put = await t.app.request(`http://localhost${uploadURL}`, { method: 'PUT', body: PNG as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return uploadURL;
}

const feed = async (agent: Agent, cursor?: string) => {
  const res = await agent.get(`/api/community/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  return res;
};
const feedTexts = async (agent: Agent) => ((await feed(agent)).body.posts as { text: string }[]).map((p) => p.text);

let mayaPostId: string;
let photoPath: string;

describe('posting', () => {
  it('an active member posts text with a photo of their own upload; the city reads it newest first, as text', async () => {
    const photoUrl = await uploadPhoto(maya);
    const res = await maya.post('/api/community/posts', { text: '  <b>Farmers market</b> is on today!  ', photoUrl });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ authorName: 'Maya', merchantId: null, text: '<b>Farmers market</b> is on today!', deal: null, mine: true, edited: false });
    expect(res.body.photoUrl).toMatch(new RegExp(`^/objects/uploads/${SEED.member.id}/[0-9a-f-]{36}$`));
    mayaPostId = res.body.id;
    photoPath = res.body.photoUrl;
    const seen = await feed(sam);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ cityId: SEED.lyonsId, cityName: 'Lyons', postAs: 'member', nextCursor: null });
    expect(seen.body.posts[0]).toMatchObject({ id: mayaPostId, mine: false, photoUrl: photoPath });
    // The photo is served where the post says.
    const served = await t.deps.objects.exists(photoPath.slice('/objects/'.length));
    expect(served).toBe(true);
  });

  it('refuses empty and long text, another user\'s upload and a member\'s deal link', async () => {
    expect((await maya.post('/api/community/posts', { text: '   ' })).status).toBe(400);
    const long = await maya.post('/api/community/posts', { text: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/500 characters/);
    const samsPhoto = await uploadPhoto(sam);
    const stolen = await maya.post('/api/community/posts', { text: 'not mine', photoUrl: samsPhoto });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/your own upload/);
    expect((await maya.post('/api/community/posts', { text: 'a deal', dealId: DEALS_SEED.rosaPercentDealId })).status).toBe(403);
  });

  it('visitors, inactive members, pending businesses and the admin may neither read nor post', async () => {
    expect((await feed(anon)).status).toBe(401);
    expect((await anon.post('/api/community/posts', { text: 'hi' })).status).toBe(401);
    const refused = await feed(inactive);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Subscribe/);
    expect((await inactive.post('/api/community/posts', { text: 'let me in' })).status).toBe(403);
    expect((await feed(pending)).status).toBe(403);
    expect((await pending.post('/api/community/posts', { text: 'grand opening' })).status).toBe(403);
    expect((await feed(admin)).status).toBe(403);
    expect((await admin.post('/api/community/posts', { text: 'hello' })).status).toBe(403);
  });
});

describe('a business post', () => {
  it('links one of its own live deals, shown while the deal is live; never another business\'s', async () => {
    const res = await rosa.post('/api/community/posts', { text: 'Burritos all morning', dealId: DEALS_SEED.rosaPercentDealId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ authorName: "Rosa's River Cafe", merchantId: SEED.activeMerchantId, deal: { id: DEALS_SEED.rosaPercentDealId, title: '20% Off Breakfast Burritos' } });
    expect((await feed(rosa)).body.postAs).toBe('business');
    const other = await rosa.post('/api/community/posts', { text: 'Not ours', dealId: DEALS_SEED.otherMerchantDealId });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/your live deals/);
    // The deal ends: the post stays, the link goes.
    await asService(t.database, (q) => q(`update public.deals set active = false where id = $1`, [DEALS_SEED.rosaPercentDealId]));
    const seen = ((await feed(maya)).body.posts as { id: string; deal: unknown }[]).find((p) => p.id === res.body.id);
    expect(seen?.deal).toBeNull();
    expect((await rosa.patch(`/api/community/posts/${res.body.id}`, { text: 'Burritos', dealId: DEALS_SEED.rosaPercentDealId })).status).toBe(400);
    await asService(t.database, (q) => q(`update public.deals set active = true where id = $1`, [DEALS_SEED.rosaPercentDealId]));
  });
});

describe('city scoping', () => {
  it('a member of another city sees none of these posts and cannot report them', async () => {
    const lou = await feed(longmont);
    expect(lou.body.cityId).toBe(SEED.longmontId);
    expect((lou.body.posts as { id: string }[]).map((p) => p.id)).not.toContain(mayaPostId);
    expect((await longmont.post(`/api/community/posts/${mayaPostId}/report`, {})).status).toBe(404);
  });
});

describe('the cursor', () => {
  it('pages a city\'s feed newest first without a gap or a repeat, ties broken by id; a bad cursor is 400', async () => {
    // 45 Longmont posts, some sharing a moment.
    await asService(t.database, (q) => q(
      `insert into public.community_posts (city_id, author_id, author_name, body, created_at)
       select $1, $2, 'Lou', 'Longmont post ' || g, now() - ((g / 3) * interval '1 minute') from generate_series(1, 45) g`,
      [SEED.longmontId, SEED.member.id]));
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const res = await feed(longmont, cursor);
      expect(res.status).toBe(200);
      pages.push(res.body.posts.length);
      seen.push(...(res.body.posts as { text: string }[]).map((p) => p.text));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual([COMMUNITY_PAGE_SIZE, COMMUNITY_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(45);
    const numbers = seen.map((s) => Number(s.split(' ').at(-1)));
    // Newer first: a lower g is newer; within a minute, the later insert (higher id) first.
    for (let i = 1; i < numbers.length; i++) {
      const [a, b] = [numbers[i - 1]!, numbers[i]!];
      expect(Math.floor(a / 3) < Math.floor(b / 3) || (Math.floor(a / 3) === Math.floor(b / 3) && a > b)).toBe(true);
    }
    for (const bad of ['nope', Buffer.from('["2026-01-01 00:00:00+00","x"]').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      expect((await feed(longmont, bad)).status).toBe(400);
    }
  });
});

describe('authors', () => {
  it('edit and delete only their own posts; a delete takes the photo with it', async () => {
    expect((await sam.patch(`/api/community/posts/${mayaPostId}`, { text: 'hijacked' })).status).toBe(404);
    expect((await sam.delete(`/api/community/posts/${mayaPostId}`)).status).toBe(404);
    const edited = await maya.patch(`/api/community/posts/${mayaPostId}`, { text: 'Farmers market until 2pm' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'Farmers market until 2pm', edited: true, photoUrl: photoPath });
    const extra = await maya.post('/api/community/posts', { text: 'Short-lived', photoUrl: await uploadPhoto(maya) });
    const key = (extra.body.photoUrl as string).slice('/objects/'.length);
    expect((await maya.delete(`/api/community/posts/${extra.body.id}`)).status).toBe(204);
    expect(await feedTexts(sam)).not.toContain('Short-lived');
    expect(await t.deps.objects.exists(key)).toBe(false);
    expect((await maya.delete(`/api/community/posts/${extra.body.id}`)).status).toBe(404);
  });
});

describe('reports and moderation', () => {
  it('a reader reports once; the queue lists the post beside reviews; the admin hides and restores it, in the audit log in words', async () => {
    const reported = await sam.post(`/api/community/posts/${mayaPostId}/report`, { reason: 'Spam' });
    expect(reported.status).toBe(201);
    expect((await sam.post(`/api/community/posts/${mayaPostId}/report`, {})).status).toBe(409);
    expect((await maya.get('/api/reviews/admin')).status).toBe(403);
    expect((await sam.post(`/api/community/posts/${mayaPostId}/hide`, {})).status).toBe(403);

    const queue = await admin.get('/api/reviews/admin');
    expect(queue.status).toBe(200);
    expect(queue.body.reported).toEqual(expect.any(Array));
    const queued = (queue.body.reportedPosts as { id: string }[]).find((p) => p.id === mayaPostId);
    expect(queued).toMatchObject({ authorName: 'Maya', cityName: 'Lyons', hidden: false, openReports: 1, reports: 1, reasons: ['Spam'] });

    const hidden = await admin.post(`/api/community/posts/${mayaPostId}/hide`, { reason: 'Advertising' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, openReports: 0, reports: 1 });
    expect(await feedTexts(sam)).not.toContain('Farmers market until 2pm');
    expect(await feedTexts(maya)).not.toContain('Farmers market until 2pm');
    expect((await maya.patch(`/api/community/posts/${mayaPostId}`, { text: 'again' })).status).toBe(409);

    const log = await admin.get('/api/admin/audit-log');
    const entry = (log.body.entries as { action: string; reason: string; description: string }[]).find((e) => e.action === 'post_hidden');
    expect(entry).toMatchObject({ reason: 'Advertising', description: 'Community post by Maya in Lyons: "Farmers market until 2pm" hidden' });

    expect((await admin.post(`/api/community/posts/${mayaPostId}/restore`, {})).status).toBe(200);
    expect(await feedTexts(sam)).toContain('Farmers market until 2pm');
    const after = (await admin.get('/api/reviews/admin')).body.reportedPosts as { id: string; hidden: boolean }[];
    expect(after.find((p) => p.id === mayaPostId)?.hidden).toBe(false);
    expect((await admin.post('/api/community/posts/999999/hide', {})).status).toBe(404);
  });
});

describe('the limiter', () => {
  it(`allows ${COMMUNITY_POSTS_PER_HOUR} posts an hour per account, then 429 with Retry-After`, async () => {
    const { agent: busy } = await registerActiveMember(t, { name: 'Busy Poster', email: 'community-busy@example.com' }, '192.0.2.64');
    for (let i = 0; i < COMMUNITY_POSTS_PER_HOUR; i++) {
      expect((await busy.post('/api/community/posts', { text: `post ${i}` })).status).toBe(201);
    }
    const refused = await busy.post('/api/community/posts', { text: 'one too many' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await feedTexts(sam)).not.toContain('one too many');
    // Another account is not held back.
    expect((await sam.post('/api/community/posts', { text: 'still fine' })).status).toBe(201);
  });
});

describe('live on the city topic', () => {
  it('one post_changed (ids only) per post created, edited, hidden, restored and deleted; none for a refused post', async () => {
    const messages: { topic: string; event: string; payload: Record<string, unknown> }[] = [];
    const stop = await t.deps.db.listen!('realtime', (p) => messages.push(JSON.parse(p)));
    const created = await sam.post('/api/community/posts', { text: 'Live one' });
    const id = created.body.id as string;
    await sam.patch(`/api/community/posts/${id}`, { text: 'Live one, edited' });
    await admin.post(`/api/community/posts/${id}/hide`, {});
    await admin.post(`/api/community/posts/${id}/restore`, {});
    await sam.delete(`/api/community/posts/${id}`);
    expect((await inactive.post('/api/community/posts', { text: 'refused' })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    const posts = messages.filter((m) => m.event === 'post_changed');
    expect(posts).toEqual(['created', 'edited', 'hidden', 'restored', 'deleted'].map((change) => ({
      topic: `city:${SEED.lyonsId}`, event: 'post_changed', private: true, payload: { postId: id, cityId: SEED.lyonsId, change },
    })));
  });
});
