// GET /api/member/redemptions (issue 26): the member's own redemption history, newest first, by cursor; nobody
// else's, through the API and through RLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { registerActiveMember, startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { asUser } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';

let t: TestApp;
let rosa: Agent;
let maya: Agent;
let stranger: Agent;
let strangerId: string;
let mayaNumber: number;
const dealTitles = ['History latte', 'History bagel', 'History muffin'];
let undoneId: string;

beforeAll(async () => {
  ({ t, rosa, member: maya, memberNumber: mayaNumber } = await startMemberTestApp());
  ({ agent: stranger, id: strangerId } = await registerActiveMember(t, { name: 'Stranger Danger', email: 'history-stranger@example.com' }, '192.0.2.90'));
  // Three redemptions by Maya at Rosa's business, the last one undone at the counter.
  for (const title of dealTitles) {
    const deal = (await rosa.post('/api/merchant/deals', { title, description: 'History', discountPercent: 10 })).body;
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: mayaNumber }));
    expect(res.status).toBe(201);
    undoneId = res.body.id;
  }
  expect((await rosa.post(`/api/merchant/redemptions/${undoneId}/undo`)).status).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/member/redemptions', () => {
  it('lists the member’s own redemptions, newest first: business, deal, when, undone', async () => {
    const res = await maya.get('/api/member/redemptions');
    expect(res.status).toBe(200);
    const mine = res.body.items.filter((i: { dealTitle: string }) => dealTitles.includes(i.dealTitle));
    expect(mine.map((i: { dealTitle: string }) => i.dealTitle)).toEqual([...dealTitles].reverse());
    expect(mine[0]).toEqual({ id: undoneId, businessName: expect.any(String), dealTitle: 'History muffin', usedAt: expect.any(String), undone: true });
    expect(mine[1]).toMatchObject({ dealTitle: 'History bagel', undone: false });
    const [{ name }] = await t.database.admin.query<{ name: string }>(`select name from public.merchants where id = $1`, [SEED.activeMerchantId]);
    expect(new Set(mine.map((i: { businessName: string }) => i.businessName))).toEqual(new Set([name]));
    const times = res.body.items.map((i: { usedAt: string }) => Date.parse(i.usedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages with a cursor: every redemption once, none twice', async () => {
    const all = (await maya.get('/api/member/redemptions?limit=50')).body.items.map((i: { id: string }) => i.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await maya.get(`/api/member/redemptions?limit=2${cursor ? `&before=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((i) => i.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('shows another member nothing of Maya’s (API and RLS), and is for members only', async () => {
    const theirs = await stranger.get('/api/member/redemptions');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ items: [], nextCursor: null });
    // RLS, both ways: Maya reads her rows, the stranger reads none of them.
    const count = (userId: string) => asUser(t.database, userId, (q) => q<{ n: number }>(
      `select count(*)::int as n from public.deal_redemptions where member_id = $1`, [SEED.member.id]));
    expect((await count(SEED.member.id))[0].n).toBeGreaterThanOrEqual(3);
    expect((await count(strangerId))[0].n).toBe(0);
    // The SQL function answers only for the caller, whatever it is asked.
    const viaFunction = await asUser(t.database, strangerId, (q) => q(`select * from private.member_redemptions(null, null, 50)`));
    expect(viaFunction).toEqual([]);
    expect((await rosa.get('/api/member/redemptions')).status).toBe(403);
    expect((await t.agent().get('/api/member/redemptions')).status).toBe(401);
  });

  it('refuses a malformed cursor or limit with a clear message', async () => {
    const bad = await maya.get('/api/member/redemptions?before=2026-11-25');
    expect([bad.status, bad.body.message]).toEqual([400, 'The page cursor must be the cursor given with the previous page']);
    for (const limit of ['0', '51', 'ten', '-1']) {
      const res = await maya.get(`/api/member/redemptions?limit=${limit}`);
      expect([res.status, res.body.message]).toEqual([400, 'The limit must be a whole number from 1 to 50']);
    }
  });
});
