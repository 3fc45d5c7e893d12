// Guessing stops (issue 26, decision 168): wrong codes, passes and member numbers at the counter are limited per
// business and device, and per business over all devices; right answers do not count.
import { clearOfWindowEdge } from '../../../../tests/support/limiter-window.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { Agent, AgentResponse, TestApp } from '../../../../tests/support/test-app.ts';
import { createActiveMembers, memberDevice, startCounterTestApp } from '../../../../tests/support/counter-members.ts';
import { MEMBER_NOT_RECOGNISED_MESSAGE, PERSONAL_CODE_REFUSED_MESSAGE } from '../../_shared/contract/counter.ts';
import { COUNTER_DEVICE_INVALID } from '../limits/limiter.ts';
import { CODE_NOT_RECOGNISED } from './router.ts';

let t: TestApp;
let rosa: Agent;
let other: Agent;
let member: Agent;
let memberNumber: number;
beforeAll(async () => ({ t, rosa, other, member, memberNumber } = await startCounterTestApp()));
afterAll(() => t.close());
// Each test starts with empty buckets (the limiter's windows are 5 minutes long).
beforeEach(async () => {
  await clearOfWindowEdge();
  await t.database.admin.query(`delete from private.limiter_hits`);
});

const device = (n: number | string) => ({ 'x-counter-device': `tablet-${String(n).padStart(4, '0')}` });

async function newDeal(agent = rosa, body: Record<string, unknown> = {}) {
  const res = await agent.post('/api/merchant/deals', { title: 'Limiter test', description: 'At the till', discountPercent: 10, perMemberLimit: 'none', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; currentCode: string };
}

/** A 6-digit code that none of the business's live deals shows now or showed a step ago. */
async function wrongCodeFor(agent: Agent) {
  const deals = (await agent.get('/api/merchant/deals')).body as { currentCode?: string; previousCode?: string }[];
  const shown = new Set(deals.flatMap((d) => [d.currentCode, d.previousCode]).filter(Boolean));
  for (let n = 0; ; n += 1) {
    const code = String((123457 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!shown.has(code)) return code;
  }
}

const verifyCode = async (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request('POST', '/api/merchant/verify-code', await withPersonalCode(t.database, body), headers);

function expect429(res: AgentResponse) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(res.body.message).toMatch(/^Too many wrong codes or member numbers at this counter\. Checking works again in \d+ min\.$/);
  expect(res.body.retryAfterSeconds).toBe(retryAfter);
  expect(Math.abs(new Date(res.body.retryAt).getTime() - (Date.now() + retryAfter * 1000))).toBeLessThan(5000);
}

const countedHits = async (pattern: string) => (await t.database.admin.query<{ bucket: string; hits: number }>(
  `select bucket, hits from private.limiter_hits where bucket like $1 order by bucket`, [pattern]));

describe('wrong codes at the counter', () => {
  it('20 wrong codes per device: the 21st is 429 with Retry-After; another device’s right code still works', async () => {
    const deal = await newDeal();
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) {
      const res = await verifyCode(rosa, { code: wrong, memberNumber }, device(1));
      expect([res.status, res.body.message]).toEqual([422, CODE_NOT_RECOGNISED]);
    }
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }, device(1)));
    // The tablet that guessed is stopped, right codes included, until the window ends.
    expect429(await verifyCode(rosa, { code: deal.currentCode, memberNumber }, device(1)));
    const right = await verifyCode(rosa, { code: deal.currentCode, memberNumber }, device(2));
    expect(right.status).toBe(201);
    // Another business's counter is not affected.
    const elsewhere = await verifyCode(other, { code: await wrongCodeFor(other), memberNumber }, device(1));
    expect(elsewhere.status).toBe(422);
  });

  it('right codes, and right codes refused for another reason, do not count', async () => {
    const deal = await newDeal();
    const [a] = await createActiveMembers(t.database, 1);
    expect((await verifyCode(rosa, { code: deal.currentCode, memberNumber: a.memberNumber }, device(3))).status).toBe(201);
    for (let i = 0; i < 25; i += 1) {
      const again = await verifyCode(rosa, { code: deal.currentCode, memberNumber: a.memberNumber }, device(3));
      // A rotation between calls makes it a fresh code (201); otherwise the same step again (409): neither counts.
      expect([201, 409]).toContain(again.status);
    }
    expect((await countedHits('counter-guess:%')).map((r) => r.hits)).toEqual([0, 0]);
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) expect((await verifyCode(rosa, { code: wrong, memberNumber }, device(3))).status).toBe(422);
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }, device(3)));
    const hits = (await countedHits('counter-guess:%')).map((r) => r.hits);
    expect(hits).toEqual([20, 20]); // the business, and this device
  });

  it('caps a business at 100 wrong guesses per window over all devices, so new device ids buy nothing', async () => {
    const wrong = await wrongCodeFor(rosa);
    for (let d = 0; d < 5; d += 1) {
      for (let i = 0; i < 20; i += 1) expect((await verifyCode(rosa, { code: wrong, memberNumber }, device(`cap${d}`))).status).toBe(422);
    }
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }, device('cap-new')));
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }));
    // A refused guess took nothing from the fresh device's bucket.
    expect(await countedHits('%cap-new')).toEqual([expect.objectContaining({ hits: 0 })]);
  });

  it('a counter without a device id shares one bucket per business; a malformed id is refused', async () => {
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) expect((await verifyCode(rosa, { code: wrong, memberNumber })).status).toBe(422);
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }));
    expect((await verifyCode(rosa, { code: wrong, memberNumber }, device(9))).status).toBe(422);
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), 'semi;colon1']) {
      const res = await verifyCode(rosa, { code: wrong, memberNumber }, { 'x-counter-device': bad });
      expect([res.status, res.body.message]).toEqual([400, COUNTER_DEVICE_INVALID]);
    }
  });

  it('a paired tablet (its device cookie) has its own bucket, whatever X-Counter-Device says', async () => {
    const tablet = await t.signIn(SEED.merchantOwner);
    (tablet as unknown as { cookies: Map<string, string> }).cookies.set('pl_counter_device', `paired-token-${crypto.randomUUID()}`);
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) expect((await verifyCode(tablet, { code: wrong, memberNumber }, device(i))).status).toBe(422);
    expect429(await verifyCode(tablet, { code: wrong, memberNumber }, device('fresh')));
    // The header alone names another bucket.
    expect((await verifyCode(rosa, { code: wrong, memberNumber }, device(1))).status).toBe(422);
    const buckets = (await countedHits('counter-guess:%')).map((r) => r.bucket);
    expect(buckets.filter((b) => /:paired-[0-9a-f]{40}$/.test(b))).toHaveLength(1);
  });

  it('a window that has ended lets the counter check again', async () => {
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) await verifyCode(rosa, { code: wrong, memberNumber }, device(5));
    expect429(await verifyCode(rosa, { code: wrong, memberNumber }, device(5)));
    // Move the counted window 5 minutes into the past, as time would.
    await t.database.admin.query(
      `update private.limiter_hits set window_start = window_start - interval '5 minutes', expires_at = expires_at - interval '5 minutes'`);
    expect((await verifyCode(rosa, { code: wrong, memberNumber }, device(5))).status).toBe(422);
  });
});

describe('the outbox after a 429', () => {
  it('releases the Idempotency-Key, so the same queued action goes through once the window has ended', async () => {
    const deal = await newDeal();
    const wrong = await wrongCodeFor(rosa);
    for (let i = 0; i < 20; i += 1) await verifyCode(rosa, { code: wrong, memberNumber }, device(6));
    const key = { ...device(6), 'idempotency-key': crypto.randomUUID() };
    expect429(await verifyCode(rosa, { code: deal.currentCode, memberNumber }, key));
    await t.database.admin.query(
      `update private.limiter_hits set window_start = window_start - interval '5 minutes', expires_at = expires_at - interval '5 minutes'`);
    const replayed = await verifyCode(rosa, { code: deal.currentCode, memberNumber }, key);
    expect(replayed.status).toBe(201);
    const again = await verifyCode(rosa, { code: deal.currentCode, memberNumber }, key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.id]).toEqual([201, 'true', replayed.body.id]);
  });
});

describe('passes that do not verify', () => {
  it('count as wrong guesses: 20, then 429; a good pass from another device still works', async () => {
    const deal = await newDeal();
    const phone = await memberDevice(member);
    const good = await phone.passAt();
    const forged = `${good.slice(0, -4)}AAAA`;
    for (let i = 0; i < 20; i += 1) {
      const res = await rosa.request('POST', '/api/merchant/verify-pass', { pass: forged, dealId: deal.id }, device(7));
      expect(res.status).toBe(422);
    }
    expect429(await rosa.request('POST', '/api/merchant/verify-pass', { pass: good, dealId: deal.id }, device(7)));
    const ok = await rosa.request('POST', '/api/merchant/verify-pass', { pass: good, dealId: deal.id }, device(8));
    expect(ok.status).toBe(201);
    expect((await countedHits('%tablet-0008')).map((r) => r.hits)).toEqual([0]);
  });
});

describe('member numbers cannot be probed', () => {
  const refusal = [404, { message: MEMBER_NOT_RECOGNISED_MESSAGE }];
  // Redeem asks for the personal code first (decision 190): its one refusal names both.
  const redeemRefusal = [404, { message: PERSONAL_CODE_REFUSED_MESSAGE }];
  const calls = (n: number) => [
    () => rosa.request('GET', `/api/merchant/members/${n}`, undefined, device(11)),
    () => rosa.request('POST', '/api/merchant/earn', { memberNumber: n, amountCents: 1000 }, device(11)),
    // A prober has no member's personal code.
    () => rosa.request('POST', '/api/merchant/redeem', { memberNumber: n, points: 1 }, device(11)),
  ];

  it('unknown, inactive and never-seen numbers get one identical refusal from lookup, earn and redeem', async () => {
    const [seenThenLapsed, neverSeen] = await createActiveMembers(t.database, 2, 'Probe');
    const deal = await newDeal();
    expect((await verifyCode(rosa, { code: deal.currentCode, memberNumber: seenThenLapsed.memberNumber }, device(10))).status).toBe(201);
    expect((await rosa.request('GET', `/api/merchant/members/${seenThenLapsed.memberNumber}`, undefined, device(10))).status).toBe(200);
    await asService(t.database, (q) => q(
      `update public.subscriptions set current_period_start = now() - interval '2 days', current_period_end = now() - interval '1 second' where user_id = $1`,
      [seenThenLapsed.id]));
    const [{ max }] = await t.database.admin.query<{ max: number }>(`select max(member_number) as max from public.profiles`);
    const cases = { unknown: max + 1000, inactive: seenThenLapsed.memberNumber, neverSeen: neverSeen.memberNumber };
    for (const [name, n] of Object.entries(cases)) {
      const answers = [];
      for (const call of calls(n)) answers.push(await call());
      expect([name, answers.map((r) => [r.status, r.body])]).toEqual([name, [refusal, refusal, redeemRefusal]]);
    }
  });

  it('probing numbers counts as wrong guesses on the same limiter', async () => {
    const [{ max }] = await t.database.admin.query<{ max: number }>(`select max(member_number) as max from public.profiles`);
    for (let i = 0; i < 20; i += 1) {
      const [lookup, earn, redeem] = calls(max + 100 + i);
      const res = await [lookup, earn, redeem][i % 3]();
      expect([res.status, res.body]).toEqual(i % 3 === 2 ? redeemRefusal : refusal);
    }
    for (const call of calls(max + 500)) expect429(await call());
    // A typed code on the same tablet is stopped too: one limit for every guess.
    expect429(await verifyCode(rosa, { code: await wrongCodeFor(rosa), memberNumber }, device(11)));
  });

  it('a usable number does not count', async () => {
    const deal = await newDeal();
    expect((await verifyCode(rosa, { code: deal.currentCode, memberNumber }, device(12))).status).toBe(201);
    for (let i = 0; i < 25; i += 1) {
      expect((await rosa.request('GET', `/api/merchant/members/${memberNumber}`, undefined, device(12))).status).toBe(200);
    }
    expect((await countedHits('%tablet-0012')).map((r) => r.hits)).toEqual([0]);
  });
});
