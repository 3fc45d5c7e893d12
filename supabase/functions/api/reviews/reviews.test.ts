// /api/reviews (issue 31, decision 183): a member rates a business after a redemption there, the deal list shows
// the average and count, the owner replies once, anyone signed in reports once, the admin hides and restores,
// "offer not honoured" reaches the owner and the admin; bad input is a clear 400; writes are rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { registerActiveMember, startMemberTestApp } from '../../../../tests/support/member-app.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { REVIEW_WRITES_PER_HOUR } from './reviews.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let rosa: Agent;
let maya: Agent;
let stranger: Agent;
let admin: Agent;
let anon: Agent;
let strangerId: string;
let reviewId: string;
const ROSA_SHOP = SEED.activeMerchantId;

let mayaNumber: number;

beforeAll(async () => {
  ({ t, rosa, member: maya, memberNumber: mayaNumber } = await startMemberTestApp());
  admin = await t.signIn(TEST_ADMIN);
  anon = t.agent();
  ({ agent: stranger, id: strangerId } = await registerActiveMember(t, { name: 'Sam Stranger', email: 'reviews-stranger@example.com' }, '192.0.2.91'));
  const deal = (await rosa.post('/api/merchant/deals', { title: 'Review latte', description: 'Rate me', discountPercent: 10 })).body;
  expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: mayaNumber }))).status).toBe(201);
});
afterAll(() => t.close());

const rosaDealsFor = async (agent: Agent) =>
  ((await agent.get(`/api/deals?cityId=${SEED.lyonsId}`)).body as { merchantId: string; rating?: unknown }[])
    .filter((d) => d.merchantId === ROSA_SHOP);

describe('rating', () => {
  it('is offered after a redemption there, not before', async () => {
    const mine = await maya.get(`/api/reviews/business/${ROSA_SHOP}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ merchantId: ROSA_SHOP, canRate: true, canReportNotHonoured: true, summary: { count: 0, average: null } });
    const theirs = await stranger.get(`/api/reviews/business/${ROSA_SHOP}`);
    expect(theirs.body).toMatchObject({ canRate: false, canReportNotHonoured: false });
    expect((await stranger.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 5 })).status).toBe(409);
    expect((await anon.get(`/api/reviews/business/${ROSA_SHOP}`)).status).toBe(401);
    expect((await stranger.get('/api/reviews/business/not-an-id')).status).toBe(404);
  });

  it('refuses bad input with a clear 400', async () => {
    const bad = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 6 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/1 to 5/);
    expect((await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 4.5 })).status).toBe(400);
    const long = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 4, comment: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/500 characters/);
    expect((await rosa.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 4 })).status).toBe(403);
  });

  it('rates once per redemption, keeps the text as text, and the deal list shows the average and count', async () => {
    const res = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 4, comment: '<img src=x onerror=alert(1)> lovely' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, comment: '<img src=x onerror=alert(1)> lovely', authorName: 'Maya', mine: true, editable: true });
    reviewId = res.body.id;
    expect((await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 5 })).status).toBe(409);
    const deals = await rosaDealsFor(maya);
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) expect(d.rating).toEqual({ average: 4, count: 1 });
    const edited = await maya.patch(`/api/reviews/${reviewId}`, { rating: 3, comment: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 3, comment: null });
    expect((await stranger.patch(`/api/reviews/${reviewId}`, { rating: 1 })).status).toBe(404);
    expect((await rosaDealsFor(stranger))[0]!.rating).toEqual({ average: 3, count: 1 });
  });
});

describe('one review per visit', () => {
  it('a second deal on the same visit offers to edit, not a second review; the next day is a new visit', async () => {
    const second = (await rosa.post('/api/merchant/deals', { title: 'Review scone', description: 'Same visit', discountPercent: 5 })).body;
    const used = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: second.currentCode, memberNumber: mayaNumber }));
    expect(used.status).toBe(201);
    const rights = await maya.get(`/api/reviews/business/${ROSA_SHOP}`);
    expect(rights.body).toMatchObject({ canRate: false });
    expect((rights.body.reviews as { id: string; mine: boolean; editable: boolean }[]).find((r) => r.mine)).toMatchObject({ id: reviewId, editable: true });
    const again = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/once per visit/);
    // The second deal's use moved to two days ago (in the business's time): that was another visit, still to rate.
    await asService(t.database, (q) => q(`update public.deal_redemptions set used_at = now() - interval '2 days' where id = $1`, [used.body.id]));
    expect((await maya.get(`/api/reviews/business/${ROSA_SHOP}`)).body).toMatchObject({ canRate: true });
    const other = await maya.post('/api/reviews', { merchantId: ROSA_SHOP, rating: 5 });
    expect(other.status).toBe(201);
    expect((await rosaDealsFor(maya))[0]!.rating).toEqual({ average: 4, count: 2 });
    await asService(t.database, (q) => q(`delete from public.business_reviews where id = $1`, [other.body.id]));
  });
});

describe('reply, report, hide', () => {
  it('the owner replies once; a member cannot', async () => {
    expect((await maya.post(`/api/reviews/${reviewId}/reply`, { reply: 'Me too' })).status).toBe(403);
    expect((await rosa.post(`/api/reviews/${reviewId}/reply`, { reply: '   ' })).status).toBe(400);
    const res = await rosa.post(`/api/reviews/${reviewId}/reply`, { reply: 'Thank you, see you soon' });
    expect(res.status).toBe(200);
    expect(res.body.reply).toBe('Thank you, see you soon');
    expect((await rosa.post(`/api/reviews/${reviewId}/reply`, { reply: 'Again' })).status).toBe(409);
    const merchantView = await rosa.get('/api/reviews/merchant');
    expect(merchantView.status).toBe(200);
    expect(merchantView.body.reviews.map((r: { id: string }) => r.id)).toContain(reviewId);
    expect((await maya.get('/api/reviews/merchant')).status).toBe(403);
  });

  it('anyone signed in reports once; the admin sees it in the queue, hides it (gone from others and the average) and restores it', async () => {
    expect((await anon.post(`/api/reviews/${reviewId}/report`, { reason: 'spam' })).status).toBe(401);
    expect((await stranger.post(`/api/reviews/${reviewId}/report`, { reason: 'Rude words' })).status).toBe(201);
    expect((await stranger.post(`/api/reviews/${reviewId}/report`, { reason: 'Again' })).status).toBe(409);
    expect((await stranger.get('/api/reviews/admin')).status).toBe(403);
    const queue = await admin.get('/api/reviews/admin');
    expect(queue.status).toBe(200);
    expect(queue.body.reported).toEqual([expect.objectContaining({ id: reviewId, openReports: 1, reports: 1, reasons: ['Rude words'], hidden: false })]);
    expect((await stranger.post(`/api/reviews/${reviewId}/hide`, {})).status).toBe(403);
    expect((await rosa.post(`/api/reviews/${reviewId}/hide`, {})).status).toBe(403);
    const hidden = await admin.post(`/api/reviews/${reviewId}/hide`, { reason: 'Abusive' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden).toBe(true);
    expect((await stranger.get(`/api/reviews/business/${ROSA_SHOP}`)).body.reviews).toEqual([]);
    expect((await maya.get(`/api/reviews/business/${ROSA_SHOP}`)).body.reviews).toEqual([expect.objectContaining({ id: reviewId, hidden: true })]);
    expect((await rosaDealsFor(stranger))[0]!.rating).toEqual({ average: null, count: 0 });
    expect((await admin.get('/api/reviews/admin')).body.reported[0]).toMatchObject({ openReports: 0, hidden: true });
    expect((await admin.post(`/api/reviews/${reviewId}/restore`, {})).status).toBe(200);
    expect((await stranger.get(`/api/reviews/business/${ROSA_SHOP}`)).body.reviews).toHaveLength(1);
    const [{ n }] = await t.database.admin.query<{ n: number }>(
      `select count(*)::int as n from public.admin_audit_log where review_id = $1 and action in ('review_hidden', 'review_restored')`, [reviewId]);
    expect(n).toBe(2);
  });
});

describe('offer not honoured', () => {
  it('a member who showed a pass or code there in the last 24 hours reports it once; it reaches the owner and the admin', async () => {
    const [visit] = (await maya.get(`/api/reviews/business/${ROSA_SHOP}`)).body.visits;
    expect(visit).toMatchObject({ kind: 'redemption', dealTitle: 'Review latte' });
    // Only the member's own visit there in the last 24 hours can be named.
    expect((await stranger.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: visit.id, note: 'x' })).status).toBe(409);
    const res = await maya.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: visit.id, note: 'The cashier said the code was fake' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ merchantId: ROSA_SHOP, dealTitle: 'Review latte', note: 'The cashier said the code was fake' });
    expect((await maya.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: visit.id })).status).toBe(409);
    expect((await rosa.get('/api/reviews/merchant')).body.offerReports).toEqual([expect.objectContaining({ id: res.body.id })]);
    // A second member's visit and report: Rosa's business is now reported repeatedly.
    await t.database.admin.query(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step) values ($1, $2, $3, 7)`,
      [DEALS_SEED.rosaPercentDealId, ROSA_SHOP, strangerId]);
    const [strangerVisit] = (await stranger.get(`/api/reviews/business/${ROSA_SHOP}`)).body.visits;
    expect((await stranger.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: strangerVisit.id })).status).toBe(201);
    const queue = (await admin.get('/api/reviews/admin')).body;
    expect(queue.offerReports).toHaveLength(2);
    expect(queue.repeated).toEqual([{ merchantId: ROSA_SHOP, merchantName: expect.any(String), reports: 2 }]);
  });
});

describe('rate limit', () => {
  it(`refuses more than ${REVIEW_WRITES_PER_HOUR} writes an hour from one account with 429 and Retry-After`, async () => {
    const limited = t.agent('192.0.2.92');
    await limited.post('/api/auth/register', {
      role: 'USER', name: 'Rita Reporter', email: 'reviews-limited@example.com', password: 'secret1234',
      homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
    });
    const statuses: number[] = [];
    for (let i = 0; i <= REVIEW_WRITES_PER_HOUR; i++) statuses.push((await limited.post('/api/reviews/999999/report', {})).status);
    expect(statuses.slice(0, REVIEW_WRITES_PER_HOUR).every((s) => s === 404)).toBe(true);
    const last = await limited.post(`/api/reviews/${reviewId}/report`, {});
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
