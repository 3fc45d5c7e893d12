// The Pay Local promise (issue 38 item 3, decision 191) on the built-in test provider: refused checks kept with
// their reason; a report attaches to the visit the member picks; the owner answers once within 72 hours; the admin
// decides once; a report naming a visit left unanswered for 72 hours is upheld by the scheduled job; an upheld
// report credits one month of the monthly plan at most once in 30 days; the credit comes off the next payment (the
// charity's share on what was paid) and stays when none follows; 3 upheld in 90 days alert the admin, who pauses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../_shared/constants.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';

const MONTH = PLANS.monthly.priceCents;
const ROSA_SHOP = SEED.activeMerchantId;
const SECRET = 'promise-drain-secret';
let t: TestApp;
let rosa: Agent;
let admin: Agent;
let deal: { id: string; currentCode: string };

let ipCounter = 0;
async function member(email: string, plan = 'monthly') {
  const agent = t.agent(`198.51.100.${150 + ++ipCounter}`);
  const { completed, paid } = await subscribeThroughApi(agent, { email, name: `${email.split('@')[0]} Member`, password: 'secret123' }, { plan });
  expect(completed?.status, JSON.stringify(paid?.body)).toBe(200);
  const [row] = await sql<{ id: string; member_number: number }>(`select id, member_number from public.profiles where email = $1`, [email]);
  return { agent, id: row!.id, number: row!.member_number, email };
}
type Member = Awaited<ReturnType<typeof member>>;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => asService(t.database, (q) => q<T>(text, params));
const mailKinds = async (email: string) =>
  (await sql<{ kind: string }>(`select kind from private.mail_outbox where to_address = $1 order by created_at`, [email])).map((m) => m.kind);
const check = async (m: Member) =>
  rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: m.number }));
const visitsOf = async (m: Member) => (await m.agent.get(`/api/reviews/business/${ROSA_SHOP}`)).body.visits as { kind: string; id: string; reason: string | null }[];
const creditOf = async (m: Member) => (await m.agent.get('/api/subscription/details')).body.accountCreditCents as number;
const deadlines = (secret?: string) => t.agent().request('POST', '/api/internal/promise-deadlines', undefined, secret ? { 'x-drain-secret': secret } : {});
const backdate = (reportId: string, hours: number) =>
  sql(`update public.offer_reports set created_at = now() - make_interval(hours => $2) where id = $1`, [reportId, hours]);

let a: Member;
let b: Member;
let redemptionReport: string;
let refusalReport: string;
let refusalMessage: string;

beforeAll(async () => {
  t = await createTestApp({ MAIL_DRAIN_SECRET: SECRET });
  rosa = await t.signIn(SEED.merchantOwner);
  admin = await t.signIn(TEST_ADMIN);
  deal = (await rosa.post('/api/merchant/deals', { title: 'Promise latte', description: 'Once each', discountPercent: 10, perMemberLimit: 'once' })).body;
  a = await member('promise-a@example.com');
  b = await member('promise-b@example.com');
});
afterAll(() => t.close());

describe('refused checks', () => {
  it('are kept with their reason for an identified member, never for a number that names nobody', async () => {
    expect((await check(a)).status).toBe(201);
    const refused = await check(a);
    expect(refused.status).toBe(409);
    refusalMessage = refused.body.message;
    const kept = await sql<{ reason: string; deal_title: string }>(`select reason, deal_title from public.counter_refusals where member_id = $1`, [a.id]);
    expect(kept).toEqual([{ reason: refusalMessage, deal_title: 'Promise latte' }]);
    const [{ n: before }] = await sql<{ n: number }>(`select count(*)::int as n from public.counter_refusals`);
    const [{ next }] = await sql<{ next: number }>(`select max(member_number) + 1000 as next from public.profiles`);
    expect((await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber: next })).status).toBe(404);
    const [{ n: after }] = await sql<{ n: number }>(`select count(*)::int as n from public.counter_refusals`);
    expect(after).toBe(before);
  });
});

describe('a report', () => {
  it('offers the member\'s own visits and attaches to the one picked, not the newest', async () => {
    const visits = await visitsOf(a);
    expect(visits.map((v) => v.kind)).toEqual(['refusal', 'redemption']);
    expect(visits[0]!.reason).toBe(refusalMessage);
    expect(await visitsOf(b)).toEqual([]);
    const older = visits[1]!;
    expect((await b.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: older.id })).status).toBe(409);
    const first = await a.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: older.id, note: 'Told me the deal was over' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ visit: { kind: 'redemption', id: older.id }, state: 'open', dealTitle: 'Promise latte' });
    redemptionReport = first.body.id;
    const second = await a.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, refusalId: visits[0]!.id });
    expect(second.status).toBe(201);
    expect(second.body.visit).toEqual({ kind: 'refusal', id: visits[0]!.id, reason: refusalMessage });
    refusalReport = second.body.id;
    expect(await visitsOf(a)).toEqual([]);
    const hours = (Date.parse(second.body.replyDueAt) - Date.parse(second.body.createdAt)) / 3_600_000;
    expect(hours).toBe(72);
    // One that names no visit needs a note; it is kept, but never upheld by the clock.
    expect((await b.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP })).status).toBe(400);
    const bare = await b.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, note: 'They refused my pass' });
    expect(bare.status).toBe(201);
    expect(bare.body.visit).toBeNull();
    await backdate(bare.body.id, 80);
  });

  it('is listed with its state for the member and with its deadline for the owner', async () => {
    const mine = (await a.agent.get('/api/reviews/not-honoured')).body.reports;
    expect(mine.map((r: { id: string }) => r.id)).toEqual([refusalReport, redemptionReport]);
    expect(mine.every((r: { state: string }) => r.state === 'open')).toBe(true);
    expect((await rosa.get('/api/reviews/not-honoured')).status).toBe(403);
    const owner = (await rosa.get('/api/reviews/merchant')).body.offerReports;
    expect(owner.find((r: { id: string }) => r.id === refusalReport)).toMatchObject({ replyDueAt: expect.any(String), reply: null });
  });
});

describe('the owner\'s answer', () => {
  it('is given once, by the owner, within 72 hours', async () => {
    expect((await a.agent.post(`/api/reviews/not-honoured/${redemptionReport}/reply`, { reply: 'Me' })).status).toBe(403);
    const replied = await rosa.post(`/api/reviews/not-honoured/${redemptionReport}/reply`, { reply: 'The deal had ended that morning' });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ reply: 'The deal had ended that morning', state: 'open' });
    expect((await rosa.post(`/api/reviews/not-honoured/${redemptionReport}/reply`, { reply: 'Again' })).status).toBe(409);
    await backdate(refusalReport, 73);
    const late = await rosa.post(`/api/reviews/not-honoured/${refusalReport}/reply`, { reply: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/72 hours/);
  });
});

describe('the deadline job', () => {
  it('upholds a report naming a visit left unanswered for 72 hours, once, and credits the member', async () => {
    expect((await deadlines()).status).toBe(403);
    expect((await deadlines('wrong')).status).toBe(403);
    const run = await deadlines(SECRET);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ upheld: 1 });
    expect((await deadlines(SECRET)).body).toMatchObject({ upheld: 0 });
    const mine = (await a.agent.get('/api/reviews/not-honoured')).body.reports;
    expect(mine.find((r: { id: string }) => r.id === refusalReport)).toMatchObject({ state: 'upheld', autoUpheld: true, creditCents: MONTH });
    // Answered, or naming no visit: left to the admin.
    expect(mine.find((r: { id: string }) => r.id === redemptionReport)).toMatchObject({ state: 'open' });
    expect((await b.agent.get('/api/reviews/not-honoured')).body.reports[0]).toMatchObject({ state: 'open' });
    expect(await creditOf(a)).toBe(MONTH);
    expect(await mailKinds(a.email)).toContain('promise_credit');
  });
});

describe('the admin\'s decision', () => {
  it('is the admin\'s, once; an upheld report credits at most once in 30 days', async () => {
    expect((await rosa.post(`/api/reviews/not-honoured/${redemptionReport}/decision`, { upheld: true })).status).toBe(403);
    expect((await a.agent.post(`/api/reviews/not-honoured/${redemptionReport}/decision`, { upheld: true })).status).toBe(403);
    expect((await admin.post(`/api/reviews/not-honoured/${redemptionReport}/decision`, { upheld: 'yes' })).status).toBe(400);
    const queue = (await admin.get('/api/reviews/admin')).body.offerReports;
    expect(queue.find((r: { id: string }) => r.id === redemptionReport)).toMatchObject({ note: 'Told me the deal was over', reply: 'The deal had ended that morning' });
    const decided = await admin.post(`/api/reviews/not-honoured/${redemptionReport}/decision`, { upheld: true, note: 'The deal was live' });
    expect(decided.status).toBe(200);
    expect(decided.body.report).toMatchObject({ state: 'upheld', autoUpheld: false, creditCents: 0, decisionNote: 'The deal was live' });
    expect(await creditOf(a)).toBe(MONTH);
    expect((await admin.post(`/api/reviews/not-honoured/${redemptionReport}/decision`, { upheld: false })).status).toBe(409);
    expect((await rosa.post(`/api/reviews/not-honoured/${redemptionReport}/reply`, { reply: 'Late' })).status).toBe(409);
    // 30 days on, an upheld report credits again.
    // (The ledger is written by its functions only: the test backdates as the database owner.)
    await t.database.admin.query(`update public.account_credits set created_at = now() - interval '31 days' where user_id = $1`, [a.id]);
    expect((await check(a)).status).toBe(409);
    const [again] = await visitsOf(a);
    const third = (await a.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, refusalId: again!.id })).body.id;
    expect((await admin.post(`/api/reviews/not-honoured/${third}/decision`, { upheld: true })).body.report.creditCents).toBe(MONTH);
    expect(await creditOf(a)).toBe(2 * MONTH);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.admin_audit_log where action = 'offer_report_upheld'`);
    expect(n).toBe(3);
  });

  it('rejects without credit', async () => {
    const [bare] = (await b.agent.get('/api/reviews/not-honoured')).body.reports;
    const rejected = await admin.post(`/api/reviews/not-honoured/${bare.id}/decision`, { upheld: false, note: 'No visit that day' });
    expect(rejected.body.report).toMatchObject({ state: 'rejected', creditCents: null });
    expect(await creditOf(b)).toBe(0);
  });
});

describe('the credit', () => {
  it('stays on the account when no payment follows, and comes off the next one', async () => {
    const payments = async () => (await sql<{ n: number }>(`select count(*)::int as n from public.payments where user_id = $1`, [a.id]))[0]!.n;
    const paid = await payments();
    expect((await a.agent.post('/api/test-payments/renewal', { outcome: 'fail' })).status).toBe(200);
    expect(await creditOf(a)).toBe(2 * MONTH);
    expect((await a.agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(200);
    // The month's charge was covered by the credit: nothing charged, one month of credit left.
    expect(await payments()).toBe(paid);
    expect(await creditOf(a)).toBe(MONTH);
    expect((await a.agent.get('/api/subscription/details')).body).toMatchObject({ status: 'active', isActive: true });
  });

  it('comes off a yearly renewal, and the charity\'s share is on what was paid', async () => {
    const c = await member('promise-c@example.com', 'yearly');
    expect((await check(c)).status).toBe(201);
    const [visit] = await visitsOf(c);
    const report = (await c.agent.post('/api/reviews/not-honoured', { merchantId: ROSA_SHOP, redemptionId: visit!.id })).body.id;
    const decided = await admin.post(`/api/reviews/not-honoured/${report}/decision`, { upheld: true });
    expect(decided.body.report.creditCents).toBe(MONTH);
    const given = (await c.agent.get('/api/subscription/details')).body.charityGivenCents;
    expect((await c.agent.post('/api/test-payments/renewal', { outcome: 'succeed' })).status).toBe(200);
    const [latest] = await sql<{ id: string; amount_cents: number; charity_share_cents: number }>(
      `select id, amount_cents, charity_share_cents from public.payments where user_id = $1 order by paid_at desc, created_at desc limit 1`, [c.id]);
    expect(latest).toMatchObject({ amount_cents: PLANS.yearly.priceCents - MONTH, charity_share_cents: Math.round((PLANS.yearly.priceCents - MONTH) / 10) });
    const [applied] = await sql<{ amount_cents: number; applied_payment_id: string }>(
      `select amount_cents, applied_payment_id from public.account_credits where user_id = $1 and reason = 'payment'`, [c.id]);
    expect(applied).toEqual({ amount_cents: -MONTH, applied_payment_id: latest!.id });
    const details = (await c.agent.get('/api/subscription/details')).body;
    expect(details).toMatchObject({ accountCreditCents: 0, charityGivenCents: given + latest!.charity_share_cents });
  });
});

describe('three upheld reports in 90 days', () => {
  it('alert the admin once, who pauses the business in one step; the owner is told why', async () => {
    const alerts = (await mailKinds(TEST_ADMIN.email)).filter((k) => k === 'offer_reports_alert');
    expect(alerts).toHaveLength(1);
    const queue = (await admin.get('/api/reviews/admin')).body;
    expect(queue.alerts).toEqual([{ merchantId: ROSA_SHOP, merchantName: expect.any(String), upheld: 4 }]);
    expect((await rosa.post(`/api/reviews/not-honoured/business/${ROSA_SHOP}/pause`, {})).status).toBe(403);
    const paused = await admin.post(`/api/reviews/not-honoured/business/${ROSA_SHOP}/pause`, { reason: 'Four upheld reports' });
    expect(paused.status).toBe(200);
    const [{ active }] = await sql<{ active: boolean }>(`select active from public.merchants where id = $1`, [ROSA_SHOP]);
    expect(active).toBe(false);
    expect(await mailKinds(SEED.merchantOwner.email)).toContain('business_paused');
    expect((await admin.post(`/api/reviews/not-honoured/business/${ROSA_SHOP}/pause`, {})).status).toBe(409);
    expect((await admin.get('/api/reviews/admin')).body.alerts).toEqual([]);
  });
});
