import { CODE_NEEDS_MEMBER_MESSAGE } from '../../_shared/contract/counter.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineCodesAnswer } from '../../_shared/contract/offline-codes.ts';
import { codeStepAt, dealCodeForStep } from '../../_shared/deal-code.ts';
import { offlineCodeAt } from '../../_shared/offline-codes.ts';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { dealSecret } from '../../../../tests/support/counter-members.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';

const HOUR_MS = 3_600_000;

let t: TestApp;
let member: Agent;
let rosa: Agent;
let memberNumber: number;
beforeAll(async () => ({ t, member, rosa, memberNumber } = await startMemberTestApp()));
afterAll(() => t.close());

describe('GET /api/deals/offline-codes (member)', () => {
  it("covers the city's live deals for 12 hours, and the codes computed from it are the server's", async () => {
    const before = Date.now();
    const res = await member.get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`);
    expect(res.status).toBe(200);
    const answer = res.body as OfflineCodesAnswer;
    expect(answer.deals.map((d) => d.dealId).sort()).toEqual(
      (await member.get(`/api/deals?cityId=${SEED.lyonsId}`)).body.map((d: { id: string }) => d.id).sort(),
    );
    expect(answer.deals).toHaveLength(DEALS_SEED.lyonsDealCount);
    const until = Date.parse(answer.validUntil);
    expect(until - Date.parse(answer.issuedAt)).toBe(12 * HOUR_MS);
    expect(answer).toMatchObject({ stepSeconds: 120, windowSteps: 30 });
    expect(JSON.stringify(answer)).not.toMatch(/secret/i);

    // Now: the same code as the member deals answer; later: what the server would show then; past the cover: nothing.
    // The list is read within one code step (a step boundary between the read and `now` would change the code).
    let listed: { id: string; currentCode: string }[];
    let now: number;
    do {
      now = Date.now();
      listed = (await member.get(`/api/deals?cityId=${SEED.lyonsId}`)).body as { id: string; currentCode: string }[];
    } while (codeStepAt(now) !== codeStepAt(Date.now()));
    const secret = await dealSecret(t.database, DEALS_SEED.rosaPercentDealId);
    const rosaDeal = answer.deals.find((d) => d.dealId === DEALS_SEED.rosaPercentDealId)!;
    expect((await offlineCodeAt(rosaDeal, now))?.code).toBe(listed.find((d) => d.id === DEALS_SEED.rosaPercentDealId)!.currentCode);
    for (const later of [now + HOUR_MS, now + 6.5 * HOUR_MS, until - 1]) {
      expect((await offlineCodeAt(rosaDeal, later))?.code).toBe(await dealCodeForStep(secret, codeStepAt(later)));
    }
    expect(await offlineCodeAt(rosaDeal, until)).toBeNull();
    // No window key reaches past the code step the cover ends in (a cover ending in a window's last step keys it whole).
    const lastKeyed = Math.max(...rosaDeal.windowKeys.map((k) => k.window));
    expect((lastKeyed + 1) * 30 * 120_000).toBeLessThanOrEqual((codeStepAt(until - 1) + 1) * 120_000);
    expect(Date.parse(answer.issuedAt)).toBeGreaterThanOrEqual(before);
  });

  it('ends the cover when the membership ends', async () => {
    const ends = new Date(Date.now() + 3 * HOUR_MS + 17 * 60_000);
    await t.database.admin.query(`update public.subscriptions set current_period_end = $2 where user_id = $1 and status = 'active'`, [SEED.member.id, ends]);
    try {
      const answer = (await member.get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`)).body as OfflineCodesAnswer;
      expect(Date.parse(answer.validUntil)).toBe(ends.getTime());
      for (const deal of answer.deals) {
        expect(Date.parse(deal.validUntil)).toBeLessThanOrEqual(ends.getTime());
        expect(await offlineCodeAt(deal, ends.getTime())).toBeNull();
        expect(await offlineCodeAt(deal, ends.getTime() - 1)).not.toBeNull();
      }
    } finally {
      await t.database.admin.query(
        `update public.subscriptions set current_period_end = now() + interval '1 month' where user_id = $1 and status = 'active'`, [SEED.member.id]);
    }
  });

  it("ends a deal's cover at its own end date", async () => {
    const validTo = new Date(Date.now() + 2 * HOUR_MS);
    await t.database.admin.query(`update public.deals set valid_to = $2 where id = $1`, [DEALS_SEED.rosaRetailDealId, validTo]);
    try {
      const answer = (await member.get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`)).body as OfflineCodesAnswer;
      const deal = answer.deals.find((d) => d.dealId === DEALS_SEED.rosaRetailDealId)!;
      expect(Date.parse(deal.validUntil)).toBe(validTo.getTime() + 1);
      expect(await offlineCodeAt(deal, validTo.getTime() + 60_000)).toBeNull();
    } finally {
      await t.database.admin.query(`update public.deals set valid_to = null where id = $1`, [DEALS_SEED.rosaRetailDealId]);
    }
  });

  it('gives nothing without an active membership, to visitors, merchants, or without a valid city', async () => {
    const lapsed = t.agent();
    const email = `lapsed-${Date.now()}@example.com`;
    expect((await lapsed.post('/api/auth/register', { name: 'Lapsed', email, password: 'secret1234', role: 'USER' })).status).toBe(201);
    const refused = await lapsed.get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/active membership/);
    expect((await t.agent().get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`)).status).toBe(401);
    expect((await rosa.get(`/api/deals/offline-codes?cityId=${SEED.lyonsId}`)).status).toBe(403);
    const bad = await member.get('/api/deals/offline-codes?cityId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The city /);
  });
});

describe('GET /api/merchant/deals/offline-codes (the counter)', () => {
  it("covers the merchant's own live deals from the previous step on, for 12 hours", async () => {
    const res = await rosa.get('/api/merchant/deals/offline-codes');
    expect(res.status).toBe(200);
    const answer = res.body as OfflineCodesAnswer;
    const own = (await rosa.get('/api/merchant/deals')).body as { id: string; currentCode: string | null }[];
    expect(answer.deals.map((d) => d.dealId).sort()).toEqual(own.filter((d) => d.currentCode).map((d) => d.id).sort());
    expect(answer.deals.map((d) => d.dealId)).not.toContain(DEALS_SEED.otherMerchantDealId);
    const now = Date.now();
    const deal = answer.deals.find((d) => d.dealId === DEALS_SEED.rosaPercentDealId)!;
    const secret = await dealSecret(t.database, DEALS_SEED.rosaPercentDealId);
    expect((await offlineCodeAt(deal, now - 120_000))?.code).toBe(await dealCodeForStep(secret, codeStepAt(now) - 1));
    expect((await offlineCodeAt(deal, now))?.code).toBe(own.find((d) => d.id === DEALS_SEED.rosaPercentDealId)!.currentCode);
  });

  it('is refused to members, visitors and a merchant not yet approved', async () => {
    expect((await member.get('/api/merchant/deals/offline-codes')).status).toBe(403);
    expect((await t.agent().get('/api/merchant/deals/offline-codes')).status).toBe(401);
    const pending = await t.signIn(SEED.pendingOwner);
    expect((await pending.get('/api/merchant/deals/offline-codes')).status).toBe(403);
  });
});

describe('POST /api/merchant/verify-code with verifiedAt (checked offline, replayed later)', () => {
  it('matches the code at the moment the counter checked it', async () => {
    const secret = await dealSecret(t.database, DEALS_SEED.rosaAmountDealId);
    const checkedAt = Date.now() - 3 * HOUR_MS;
    const code = await dealCodeForStep(secret, codeStepAt(checkedAt));
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber, verifiedAt: new Date(checkedAt).toISOString() }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ dealId: DEALS_SEED.rosaAmountDealId, codeStep: codeStepAt(checkedAt), memberNumber });
    // The same code now, without verifiedAt, is long expired.
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber }))).status).toBe(422);
  });

  it('refuses checks older than 12 hours or from the future', async () => {
    const secret = await dealSecret(t.database, DEALS_SEED.rosaAmountDealId);
    const old = Date.now() - 13 * HOUR_MS;
    const tooOld = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: await dealCodeForStep(secret, codeStepAt(old)), memberNumber, verifiedAt: new Date(old).toISOString() }));
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toMatch(/more than 12 hours/);
    const future = Date.now() + HOUR_MS;
    const ahead = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: await dealCodeForStep(secret, codeStepAt(future)), memberNumber, verifiedAt: new Date(future).toISOString() }));
    expect(ahead.status).toBe(400);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: '123456', memberNumber, verifiedAt: 'soon' }))).status).toBe(400);
    // A few minutes past the small clock skew allowed is the future too.
    const skewed = Date.now() + 5 * 60_000;
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: await dealCodeForStep(secret, codeStepAt(skewed)), memberNumber, verifiedAt: new Date(skewed).toISOString() }))).status).toBe(400);
  });

  it('replays a queued redemption exactly once under its Idempotency-Key', async () => {
    const secret = await dealSecret(t.database, DEALS_SEED.rosaPercentDealId);
    const checkedAt = Date.now() - HOUR_MS;
    const body = { code: await dealCodeForStep(secret, codeStepAt(checkedAt)), memberNumber, verifiedAt: new Date(checkedAt).toISOString() };
    const key = { 'Idempotency-Key': `offline-${Date.now()}` };
    const count = async () => Number((await t.database.admin.query<{ n: number }>(
      `select count(*)::int as n from public.deal_redemptions where deal_id = $1 and code_step = $2`,
      [DEALS_SEED.rosaPercentDealId, codeStepAt(checkedAt)]))[0].n);
    const first = await rosa.request('POST', '/api/merchant/verify-code', await withPersonalCode(t.database, body), key);
    const again = await rosa.request('POST', '/api/merchant/verify-code', await withPersonalCode(t.database, body), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(1);
  });

  it('needs the member number, and counts each (member, deal, step) once: an old code replayed is flagged, not counted', async () => {
    const secret = await dealSecret(t.database, DEALS_SEED.rosaAmountDealId);
    const checkedAt = Date.now() - 6 * 60_000;
    const code = await dealCodeForStep(secret, codeStepAt(checkedAt));
    const verifiedAt = new Date(checkedAt).toISOString();
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber }))).status).toBe(422); // live: expired
    const anonymous = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, verifiedAt }));
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toBe(CODE_NEEDS_MEMBER_MESSAGE);
    const first = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber, verifiedAt }));
    expect(first.status).toBe(201);
    // A second sync of the same check (another tablet, or a replay): recorded for the merchant to see, never a
    // 409 that would stall the counter's outbox, and no second use counted (decision 165 amends 087).
    const replay = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber, verifiedAt: new Date(checkedAt + 1000).toISOString() }));
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ flag: expect.stringMatching(/^(code_reused|per_member_limit)$/), usedCount: first.body.usedCount });
  });
});
