import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeStepAt, dealCodeForStep, hexToBytes } from '../../../_shared/deal-code.ts';
import { SEED } from '../../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../../tests/support/deals-seed.ts';
import { activateMembership } from '../../../../../tests/support/membership.ts';
import { asService } from '../../../../../tests/support/test-database.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { CODE_NOT_RECOGNISED } from './counter.ts';

let t: TestApp;
let rosa: Agent;
let other: Agent;
let memberNumber: number;
beforeAll(async () => {
  t = await createTestApp();
  await activateMembership(t.database, SEED.member.id);
  rosa = t.agent();
  await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  other = t.agent();
  await other.login(DEALS_SEED.otherMerchant.email, DEALS_SEED.otherMerchant.password);
  const member = t.agent();
  memberNumber = Number((await member.login(SEED.member.email, SEED.member.password)).memberNumber);
});
afterAll(() => t.close());

async function newDeal(body: Record<string, unknown> = {}) {
  const res = await rosa.post('/api/merchant/deals', { title: 'Counter test', description: 'At the till', discountPercent: 10, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; currentCode: string };
}

/** The code of a deal at a given step, straight from its secret (what a member's screen showed then). */
async function codeAtStep(dealId: string, step: number) {
  const [row] = await t.database.admin.query<{ secret: string }>(
    `select encode(secret, 'hex') as secret from private.deal_secrets where deal_id = $1`, [dealId]);
  return dealCodeForStep(hexToBytes(row.secret), step);
}

describe('POST /api/merchant/verify-code', () => {
  it('accepts the current code, counts the use and records the redemption', async () => {
    const deal = await newDeal();
    const res = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber: String(memberNumber) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dealId: deal.id, dealTitle: 'Counter test', memberNumber, usedCount: 1, maxUses: null });
    expect(new Date(res.body.undoUntil).getTime() - new Date(res.body.createdAt).getTime()).toBe(5 * 60_000);
    const [row] = await asService(t.database, (q) => q(`select member_id, undone_at from public.deal_redemptions where id = $1`, [res.body.id]));
    expect(row).toEqual({ member_id: SEED.member.id, undone_at: null });
  });

  it('accepts the previous step’s code but not an older one', async () => {
    const deal = await newDeal();
    const step = codeStepAt(Date.now());
    const previous = await codeAtStep(deal.id, step - 1);
    const res = await rosa.post('/api/merchant/verify-code', { code: previous });
    // If the clock ticked into a new step meanwhile, "previous" is two steps old and refused.
    if (codeStepAt(Date.now()) === step) {
      expect(res.status).toBe(201);
      expect(res.body.codeStep).toBe(step - 1);
    }
    const older = await codeAtStep(deal.id, step - 3);
    const current = await codeAtStep(deal.id, step);
    if (older !== current && older !== previous) {
      expect((await rosa.post('/api/merchant/verify-code', { code: older })).status).toBe(422);
    }
  });

  it('refuses the same member twice with one step’s code, but not anonymous repeat uses', async () => {
    const deal = await newDeal();
    expect((await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber })).status).toBe(201);
    const twice = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber });
    // A rotation between the two calls would make the second a fresh code of the same member; only then may it pass.
    if (twice.status !== 201) {
      expect(twice.status).toBe(409);
      expect(twice.body.message).toMatch(/already used this code/);
    }
    expect((await rosa.post('/api/merchant/verify-code', { code: deal.currentCode })).status).toBe(201);
  });

  it('stops at maxUses', async () => {
    const deal = await newDeal({ maxUses: 1 });
    expect((await rosa.post('/api/merchant/verify-code', { code: deal.currentCode })).status).toBe(201);
    const full = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This deal has reached its maximum number of uses');
    const [row] = await asService(t.database, (q) => q(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 1 });
  });

  it('refuses wrong codes, inactive deals, other businesses’ codes, members without membership and unknown numbers', async () => {
    expect((await rosa.post('/api/merchant/verify-code', { code: '12345' })).body.message).toBe('code must be the 6 digits the member shows');
    const deal = await newDeal();
    const wrong = String((Number(deal.currentCode) + 1) % 1_000_000).padStart(6, '0');
    const res = await rosa.post('/api/merchant/verify-code', { code: wrong });
    if (res.status !== 201) { // another of Rosa's deals could, in theory, show that code right now
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(CODE_NOT_RECOGNISED);
    }
    const theirs = (await other.get('/api/merchant/deals')).body[0] as { currentCode: string };
    const mine = (await rosa.get('/api/merchant/deals')).body.map((d: { currentCode: string }) => d.currentCode);
    if (!mine.includes(theirs.currentCode)) expect((await rosa.post('/api/merchant/verify-code', { code: theirs.currentCode })).status).toBe(422);

    const paused = await newDeal();
    await rosa.patch(`/api/merchant/deals/${paused.id}`, { active: false });
    if (!mine.includes(paused.currentCode)) expect((await rosa.post('/api/merchant/verify-code', { code: paused.currentCode })).status).toBe(422);

    const [lapsed] = await asService(t.database, (q) => q<{ member_number: number }>(
      `insert into public.profiles (email, name, role) values ('lapsed-counter@example.com', 'L', 'USER') returning member_number`));
    const noMembership = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber: lapsed.member_number });
    expect(noMembership.status).toBe(409);
    expect(noMembership.body.message).toMatch(/no active membership/);
    const unknown = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber: 99999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No member has number 99999999');
  });

  it('is for approved businesses only', async () => {
    const pending = t.agent();
    await pending.login(SEED.pendingOwner.email, SEED.pendingOwner.password);
    const res = await pending.post('/api/merchant/verify-code', { code: '123456' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your business is not approved yet');
  });
});

describe('POST /api/merchant/redemptions/{id}/undo', () => {
  it('undoes within 5 minutes, once, and frees the use and the member’s step', async () => {
    const deal = await newDeal({ maxUses: 1 });
    const first = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber });
    expect(first.status).toBe(201);
    expect((await other.post(`/api/merchant/redemptions/${first.body.id}/undo`)).status).toBe(404);
    const undo = await rosa.post(`/api/merchant/redemptions/${first.body.id}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ id: first.body.id, dealId: deal.id, usedCount: 0, maxUses: 1 });
    const again = await rosa.post(`/api/merchant/redemptions/${first.body.id}/undo`);
    expect(again.status).toBe(409);
    expect((await rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber })).status).toBe(201);
  });

  it('refuses after 5 minutes', async () => {
    const deal = await newDeal();
    const res = await rosa.post('/api/merchant/verify-code', { code: deal.currentCode });
    await asService(t.database, (q) => q(`update public.deal_redemptions set created_at = now() - interval '5 minutes 1 second' where id = $1`, [res.body.id]));
    const late = await rosa.post(`/api/merchant/redemptions/${res.body.id}/undo`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A redemption can only be undone within 5 minutes');
  });
});

describe('points at the counter', () => {
  it('earns floor(amount x rate / 10000), redeems, never overdraws, and undoes', async () => {
    const lookup = await rosa.get(`/api/merchant/members/${memberNumber}`);
    expect(lookup.body).toEqual({ memberNumber, balance: DEALS_SEED.memberRosaPoints, isActiveMember: true });

    const earn = await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 1999 }); // 5% of $19.99 = 99.95
    expect(earn.status).toBe(201);
    expect(earn.body).toMatchObject({ kind: 'accrual', points: 99, balance: DEALS_SEED.memberRosaPoints + 99, memberNumber });
    const tooSmall = await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 19 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe('This purchase is too small to earn points');
    expect((await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 0 })).body.message).toBe('amountCents must be at least 1 cent');

    const balance = DEALS_SEED.memberRosaPoints + 99;
    const over = await rosa.post('/api/merchant/redeem', { memberNumber, points: balance + 1 });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Not enough points: member ${memberNumber} has ${balance} here`);
    // Points at another business are not spendable here.
    expect((await other.post('/api/merchant/redeem', { memberNumber, points: 1 })).status).toBe(409);

    const spend = await rosa.post('/api/merchant/redeem', { memberNumber, points: 300 });
    expect(spend.body).toMatchObject({ kind: 'redemption', points: -300, balance: balance - 300 });

    // The accrual cannot be undone once its points are spent; the redemption can, once.
    const undoEarn = await rosa.post(`/api/merchant/points/${earn.body.entryId}/undo`);
    expect(undoEarn.status).toBe(409);
    expect(undoEarn.body.message).toMatch(/already been spent/);
    const undoSpend = await rosa.post(`/api/merchant/points/${spend.body.entryId}/undo`);
    expect(undoSpend.status).toBe(201);
    expect(undoSpend.body).toMatchObject({ kind: 'reversal', points: 300, balance, memberNumber, undoUntil: null });
    expect((await rosa.post(`/api/merchant/points/${spend.body.entryId}/undo`)).status).toBe(409);
    expect((await other.post(`/api/merchant/points/${earn.body.entryId}/undo`)).status).toBe(404);
    expect((await rosa.post(`/api/merchant/points/${earn.body.entryId}/undo`)).body).toMatchObject({ points: -99, balance: DEALS_SEED.memberRosaPoints });

    const member = t.agent();
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.get('/api/member/points')).body.totalPoints).toBe(DEALS_SEED.memberRosaPoints);

    const activity = await rosa.get('/api/merchant/counter/activity');
    expect(activity.status).toBe(200);
    const types = activity.body.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(['deal', 'accrual', 'redemption', 'reversal']));
    const reversed = activity.body.find((a: { id: string; type: string }) => a.id === spend.body.entryId && a.type === 'redemption');
    expect(reversed).toMatchObject({ undone: true, undoUntil: null, points: -300, memberNumber });
  });

  it('names bad payloads and unknown members; members cannot use the counter', async () => {
    expect((await rosa.post('/api/merchant/redeem', { memberNumber, points: 1.5 })).body.message).toBe('points must be a whole number of points');
    expect((await rosa.post('/api/merchant/earn', { amountCents: 100 })).body.message).toBe('memberNumber must be a member number');
    expect((await rosa.post('/api/merchant/earn', { memberNumber: 99999999, amountCents: 1000 })).status).toBe(404);
    expect((await rosa.get('/api/merchant/members/abc')).status).toBe(400);
    const member = t.agent();
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.post('/api/merchant/earn', { memberNumber, amountCents: 1000 })).status).toBe(403);
  });
});
