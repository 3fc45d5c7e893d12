// The monthly value report (decision 211) against a fixture month written by hand: Rosa's Cafe in Lyons
// (America/Denver), March 2026 beside February. Local month bounds: February starts 2026-02-01T07:00Z (MST), March
// 2026-03-01T07:00Z (MST), April 2026-04-01T06:00Z (MDT, daylight time from March 8). Every expected figure below is
// counted by hand from the rows in beforeAll, not computed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyReport, platformMonthlyReport } from '../../_shared/contract/insights.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService, asUser, insertProfiles } from '../../../../tests/support/test-database.ts';
import { mailMonthlyReports } from './monthly-report.ts';

let t: TestApp;
let rosa: Agent;
let market: Agent;
let admin: Agent;
let member: Agent;

const ROSA = SEED.activeMerchantId;
const PERCENT = DEALS_SEED.rosaPercentDealId; // 20% off
const FIXED = DEALS_SEED.rosaAmountDealId; // $3 off
const M1 = SEED.member.id;
const M2 = 'a0000000-0000-4000-8000-0000000000a2';
const M3 = 'a0000000-0000-4000-8000-0000000000a3';
const M4 = 'a0000000-0000-4000-8000-0000000000a4';
const STAFF = 'a0000000-0000-4000-8000-0000000000a5';
const L2 = 'c0000000-0000-4000-8000-0000000000b2';
let l1 = '';

beforeAll(async () => {
  t = await createTestApp();
  rosa = await t.signIn(SEED.merchantOwner);
  market = await t.signIn(DEALS_SEED.otherMerchant, '198.51.100.77');
  admin = await t.signIn(TEST_ADMIN, '198.51.100.78');
  member = await t.signIn(SEED.member, '198.51.100.79');
  await asService(t.database, async (q) => {
    await insertProfiles(q,
      { id: M2, email: 'm2@example.com', name: 'Member Two', role: 'USER' },
      { id: M3, email: 'm3@example.com', name: 'Member Three', role: 'USER' },
      { id: M4, email: 'm4@example.com', name: 'Member Four', role: 'USER' },
      { id: STAFF, email: 'staff@example.com', name: 'Rosa Staff', role: 'STAFF' });
    await q(`insert into public.merchant_staff (merchant_id, user_id, name, email, accepted_at) values ($1, $2, 'Rosa Staff', 'staff@example.com', now())`, [ROSA, STAFF]);
    [{ id: l1 }] = await q<{ id: string }>(`select id from public.business_locations where merchant_id = $1 order by created_at, id limit 1`, [ROSA]);
    await q(`insert into public.business_locations (id, merchant_id, name, address, created_at) values ($1, $2, 'Second', '2 Main St', now() + interval '1 second')`, [L2, ROSA]);
    const visit = (id: number, member: string, deal: string, usedAt: string, amount: number | null, extra: { location?: string; undone?: boolean; flag?: string } = {}) =>
      q(`insert into public.deal_redemptions (id, deal_id, merchant_id, member_id, code_step, used_at, created_at, amount_cents, location_id, undone_at, flag)
         overriding system value values ($1, $2, $3, $4, $1, $5, $5, $6, $7, $8, $9)`,
        [id, deal, ROSA, member, usedAt, amount, extra.location ?? null, extra.undone ? usedAt : null, extra.flag ?? null]);
    // January: M4's only earlier visit, undone: M4 is still new in March.
    await visit(9000, M4, FIXED, '2026-01-10T18:00:00Z', null, { undone: true });
    // February: M1 $3 off without an amount; M2 20% of $10.00 at 23:30 on Feb 28, local (06:30Z on March 1).
    await visit(9001, M1, FIXED, '2026-02-10T18:00:00Z', null);
    await visit(9002, M2, PERCENT, '2026-03-01T06:30:00Z', 1000);
    // March: M1 20% of $25.00 at 00:30 on March 1, local; M1 again, $3 off a $12.00 purchase.
    await visit(9003, M1, PERCENT, '2026-03-01T07:30:00Z', 2500);
    await visit(9004, M1, FIXED, '2026-03-15T18:00:00Z', 1200);
    // M3 20% with no amount (discount not known) and M4 $3 off a $2.00 purchase at 23:30 on March 31, local (06:00Z
    // would be April): both at the second location.
    await visit(9005, M3, PERCENT, '2026-03-20T18:00:00Z', null, { location: L2 });
    await visit(9006, M4, FIXED, '2026-04-01T05:30:00Z', 200, { location: L2 });
    // Not counted: M2's undone and flagged visits, M3's at 00:30 on April 1, local.
    await visit(9007, M2, PERCENT, '2026-03-10T18:00:00Z', 5000, { undone: true });
    await visit(9008, M2, FIXED, '2026-03-11T18:00:00Z', 900, { flag: 'max_uses' });
    await visit(9009, M3, FIXED, '2026-04-01T06:30:00Z', 700);
    // Followers: M3 follows Feb 20 and unfollows at 23:00 on March 31, local; M4 follows at 23:59 on Feb 28, local;
    // M2 follows March 5.
    await q(`insert into public.follow_periods (user_id, merchant_id, started_at, ended_at) values
               ($1, $4, '2026-02-20T18:00:00Z', '2026-04-01T05:00:00Z'),
               ($2, $4, '2026-03-01T06:59:00Z', null),
               ($3, $4, '2026-03-05T18:00:00Z', null)`, [M3, M4, M2, ROSA]);
    // Reviews in March: 5 on 9003 (first location), 2 on 9005 (second), 1 on 9004 hidden (not counted).
    await q(`insert into public.business_reviews (merchant_id, member_id, redemption_id, author_name, rating, visit_day, created_at, hidden_at)
             overriding system value values
               ($1, $2, 9003, 'One', 5, '2026-03-01', '2026-03-02T18:00:00Z', null),
               ($1, $3, 9005, 'Three', 2, '2026-03-20', '2026-03-21T18:00:00Z', null),
               ($1, $2, 9004, 'One', 1, '2026-03-15', '2026-03-16T18:00:00Z', '2026-03-17T18:00:00Z')`, [ROSA, M1, M3]);
    // "Not honoured": upheld March 12 naming 9004; upheld 23:00 on March 31, local, naming no visit; one rejected.
    await q(`insert into public.offer_reports (merchant_id, member_id, redemption_id, created_at, decided_at, upheld) values
               ($1, $2, 9004, '2026-03-10T18:00:00Z', '2026-03-12T18:00:00Z', true),
               ($1, $3, null, '2026-03-28T18:00:00Z', '2026-04-01T05:00:00Z', true),
               ($1, $4, null, '2026-03-28T18:00:00Z', '2026-03-29T18:00:00Z', false)`, [ROSA, M2, M3, M4]);
  });
});
afterAll(() => t.close());

const MARCH = {
  visits: 4, uniqueMembers: 3, newMembers: 2, returningMembers: 1, repeatMembers: 1, repeatRatePercent: 33.3,
  // 20% of 2500 + 300 + (not known: 0) + 200 (the $3 off capped at the $2.00 purchase).
  discountsCents: 1000, discountsNotKnown: 1, spendCents: 3900, netCents: 2900,
  followersGained: 1, followersLost: 1, ratingCount: 2, ratingAverage: 3.5, upheldReports: 2,
};
const FEBRUARY = {
  visits: 2, uniqueMembers: 2, newMembers: 2, returningMembers: 0, repeatMembers: 0, repeatRatePercent: 0,
  discountsCents: 500, discountsNotKnown: 0, spendCents: 1000, netCents: 500,
  followersGained: 2, followersLost: 0, ratingCount: 0, ratingAverage: null, upheldReports: 0,
};

describe('GET /api/merchant/insights/monthly', () => {
  it('answers the hand-counted March beside February, in the business\'s local months', async () => {
    const res = await rosa.get('/api/merchant/insights/monthly?month=2026-03');
    expect(res.status).toBe(200);
    const body = monthlyReport.parse(res.body);
    expect(body).toMatchObject({ month: '2026-03', previousMonth: '2026-02', timeZone: 'America/Denver', location: null, city: null });
    expect(body.locations.map((l) => l.id)).toEqual([l1, L2]);
    expect(body.figures).toEqual(MARCH);
    expect(body.previous).toEqual(FEBRUARY);
  });

  it('answers each location (a visit without one counted at the first), followers only for all', async () => {
    const second = monthlyReport.parse((await rosa.get(`/api/merchant/insights/monthly?month=2026-03&location=${L2}`)).body);
    expect(second.figures).toEqual({
      visits: 2, uniqueMembers: 2, newMembers: 2, returningMembers: 0, repeatMembers: 0, repeatRatePercent: 0,
      discountsCents: 200, discountsNotKnown: 1, spendCents: 200, netCents: 0,
      followersGained: null, followersLost: null, ratingCount: 1, ratingAverage: 2, upheldReports: 0,
    });
    const first = monthlyReport.parse((await rosa.get(`/api/merchant/insights/monthly?month=2026-03&location=${l1}`)).body);
    expect(first.figures).toEqual({
      visits: 2, uniqueMembers: 1, newMembers: 0, returningMembers: 1, repeatMembers: 1, repeatRatePercent: 100,
      discountsCents: 800, discountsNotKnown: 0, spendCents: 3700, netCents: 2900,
      followersGained: null, followersLost: null, ratingCount: 1, ratingAverage: 5, upheldReports: 1,
    });
    // Another business's location: 404; not a month: 400.
    const [other] = await asService(t.database, (q) => q<{ id: string }>(`select id from public.business_locations where merchant_id = $1 limit 1`, [DEALS_SEED.otherMerchant.merchantId]));
    expect((await rosa.get(`/api/merchant/insights/monthly?month=2026-03&location=${other!.id}`)).status).toBe(404);
    expect((await rosa.get('/api/merchant/insights/monthly?month=2026-13')).status).toBe(400);
  });

  it('compares with businesses like it in its city only where at least 5 contribute', async () => {
    const [rosaRow] = await asService(t.database, (q) => q<{ city_id: string; category: string }>(`select city_id, category from public.merchants where id = $1`, [ROSA]));
    const peers = [1, 2, 3, 4, 5].map((i) => ({ owner: `a0000000-0000-4000-8000-0000000000c${i}`, merchant: `b0000000-0000-4000-8000-0000000000c${i}`, deal: `d0000000-0000-4000-8000-0000000000c${i}` }));
    await asService(t.database, async (q) => {
      await insertProfiles(q, ...peers.map((p, i) => ({ id: p.owner, email: `peer${i}@example.com`, name: `Peer ${i}`, role: 'MERCHANT' as const })));
      for (const [i, p] of peers.entries()) {
        await q(`insert into public.merchants (id, owner_user_id, name, address, city_id, category, active, approved_at) values ($1, $2, $3, '1 Peer St', $4, $5, $6, now())`,
          [p.merchant, p.owner, `Peer ${i}`, rosaRow!.city_id, rosaRow!.category, i < 4]);
        await q(`insert into public.deals (id, merchant_id, title, description, discount_percent) values ($1, $2, 'Peer deal', 'Peer deal', 10)`, [p.deal, p.merchant]);
        // Peer i: i visits by M1 in March (0, 1, 2, 3; the fifth is not approved and does not count).
        for (let v = 0; v < i; v += 1) {
          await q(`insert into public.deal_redemptions (deal_id, merchant_id, member_id, code_step, used_at, amount_cents) values ($1, $2, $3, $4, '2026-03-10T18:00:00Z', 1000)`,
            [p.deal, p.merchant, M1, 100 + i * 10 + v]);
        }
      }
    });
    // Four approved peers: no comparison.
    expect(monthlyReport.parse((await rosa.get('/api/merchant/insights/monthly?month=2026-03')).body).city).toBeNull();
    await asService(t.database, (q) => q(`update public.merchants set active = true where id = $1`, [peers[4]!.merchant]));
    // Five: visits 0, 1, 2, 3, 4 → median 2; members 0, 1, 1, 1, 1 → 1; spend 0, 1000, 2000, 3000, 4000 → 2000.
    const body = monthlyReport.parse((await rosa.get('/api/merchant/insights/monthly?month=2026-03')).body);
    expect(body.city).toEqual({ cityName: 'Lyons', category: rosaRow!.category, businesses: 5, visits: 2, uniqueMembers: 1, newMembers: 1, spendCents: 2000 });
    // The admin's platform March adds the peers' 10 visits, each business counting its own members.
    const platform = platformMonthlyReport.parse((await admin.get('/api/admin/insights/monthly?month=2026-03')).body);
    expect(platform.figures).toMatchObject({ visits: 14, uniqueMembers: 7, spendCents: 3900 + 10_000, followersGained: 1, upheldReports: 2 });
    expect(platform.previous).toMatchObject({ visits: 2, uniqueMembers: 2 });
  });

  it('shows an owner only their own figures; staff, members and visitors none', async () => {
    const other = monthlyReport.parse((await market.get('/api/merchant/insights/monthly?month=2026-03')).body);
    expect(other.figures.visits).toBe(0);
    expect((await t.agent('198.51.100.80').get('/api/merchant/insights/monthly')).status).toBe(401);
    expect((await member.get('/api/merchant/insights/monthly')).status).toBe(403);
    expect((await admin.get('/api/merchant/insights/monthly')).status).toBe(403);
    expect((await rosa.get('/api/admin/insights/monthly')).status).toBe(403);
    // The SQL answers the same whoever calls it: only the owner or the admin, and the figures' rows to no API role.
    const ask = (user: string, sql: string) => asUser(t.database, user, (q) => q(sql, [ROSA])).then(() => 'ok', (e: { code?: string }) => e.code);
    const report = `select * from private.monthly_value_report($1::uuid, '2026-03-01'::date, null)`;
    expect(await ask(DEALS_SEED.otherMerchant.ownerId, report)).toBe('42501');
    expect(await ask(STAFF, report)).toBe('42501');
    expect(await ask(M1, report)).toBe('42501');
    expect(await ask(M1, `select * from private.monthly_value_peers($1::uuid, '2026-03-01'::date)`)).toBe('42501');
    expect(await ask(SEED.merchantOwner.id, `select * from private.value_report_rows(array[$1::uuid], '2026-03-01'::date, null)`)).toBe('42501');
    expect(await ask(M1, `select * from private.monthly_report_mails where merchant_id = $1`)).toBe('42501');
    expect(await ask(M1, `select * from private.monthly_value_report(null, '2026-03-01'::date, $1::uuid)`)).toBe('42501');
    expect(await ask(SEED.merchantOwner.id, report)).toBe('ok');
    expect(await ask(TEST_ADMIN.id, report)).toBe('ok');
  });
});

describe('the monthly report mail', () => {
  it('mails each owner their last month once, however often the job runs', async () => {
    await asService(t.database, (q) => q(`update public.merchants set approved_at = '2026-01-01T00:00:00Z' where id = $1`, [ROSA]));
    // 01:00 on April 1, local: March has ended in Lyons.
    const april = new Date('2026-04-01T07:00:00Z');
    const first = await mailMonthlyReports(t.database.db, 'https://paylocal.example', april);
    expect(first.mailed).toBeGreaterThanOrEqual(1);
    expect(await mailMonthlyReports(t.database.db, 'https://paylocal.example', april)).toEqual({ mailed: 0 });
    const mails = await asService(t.database, (q) => q<{ subject: string; text_body: string }>(
      `select subject, text_body from private.mail_outbox where kind = 'monthly_report' and to_address = $1`, [SEED.merchantOwner.email]));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/March 2026/);
    // The three headline figures of the fixture March and the link to the screen.
    expect(mails[0]!.text_body).toContain('made 4 visits');
    expect(mails[0]!.text_body).toContain('2 of them were new to you');
    expect(mails[0]!.text_body).toContain('$39.00');
    expect(mails[0]!.text_body).toContain('https://paylocal.example/merchant/insights/monthly?month=2026-03');
    // A business approved in April waits for May's run.
    expect((await asService(t.database, (q) => q(`select 1 from private.monthly_report_mails where merchant_id = $1`, ['b0000000-0000-4000-8000-0000000000c1']))).length).toBe(0);
  });
});
