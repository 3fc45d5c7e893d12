import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeStepAt } from '../../_shared/deal-code.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { CODE_NEEDS_MEMBER_MESSAGE, PERSONAL_CODE_REFUSED_MESSAGE } from '../../_shared/contract/counter.ts';
import {
  generateDeviceKey, PASS_EXPIRED, PASS_NOT_RECOGNISED, passStepAt, publicKeyCoordinates, signPass,
} from '../../_shared/member-pass.ts';
import {
  certificateRequest, createActiveMembers, dealCodeAtStep, memberDevice, startCounterTestApp, withPersonalCode,
} from '../../../../tests/support/counter-members.ts';
import { CODE_NOT_RECOGNISED } from './router.ts';

let t: TestApp;
let rosa: Agent;
let other: Agent;
let memberNumber: number;
let member: Agent;
beforeAll(async () => ({ t, rosa, other, member, memberNumber } = await startCounterTestApp()));
afterAll(() => t.close());

async function newDeal(body: Record<string, unknown> = {}) {
  const res = await rosa.post('/api/merchant/deals', { title: 'Counter test', description: 'At the till', discountPercent: 10, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; currentCode: string };
}

const NOT_RECOGNISED = 'Member number not recognised here. Ask the member to show their pass.';

describe('POST /api/merchant/verify-code', () => {
  it('accepts the current code with the member number, counts the use and says who the member is', async () => {
    const deal = await newDeal();
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: String(memberNumber) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      dealId: deal.id, dealTitle: 'Counter test', memberNumber, usedCount: 1, maxUses: null, flag: null, passStep: null,
      member: { firstName: expect.any(String) },
    });
    expect(new Date(res.body.undoUntil).getTime() - new Date(res.body.createdAt).getTime()).toBe(5 * 60_000);
    const [row] = await asService(t.database, (q) => q(`select member_id, undone_at from public.deal_redemptions where id = $1`, [res.body.id]));
    expect(row).toEqual({ member_id: SEED.member.id, undone_at: null });
  });

  it('refuses a code without a member (an anonymous walk-in code)', async () => {
    const deal = await newDeal({ perMemberLimit: 'none' });
    for (const body of [{ code: deal.currentCode }, { code: deal.currentCode, memberNumber: '' }, { code: deal.currentCode, memberNumber: null }]) {
      const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, body));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CODE_NEEDS_MEMBER_MESSAGE);
    }
    const [row] = await asService(t.database, (q) => q(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 0 });
  });

  it('accepts the previous step’s code but not an older one', async () => {
    const deal = await newDeal({ perMemberLimit: 'none' });
    const step = codeStepAt(Date.now());
    const previous = await dealCodeAtStep(t.database, deal.id, step - 1);
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: previous, memberNumber }));
    // If the clock ticked into a new step meanwhile, "previous" is two steps old and refused.
    if (codeStepAt(Date.now()) === step) {
      expect(res.status).toBe(201);
      expect(res.body.codeStep).toBe(step - 1);
    }
    const older = await dealCodeAtStep(t.database, deal.id, step - 3);
    const current = await dealCodeAtStep(t.database, deal.id, step);
    if (older !== current && older !== previous) {
      expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: older, memberNumber }))).status).toBe(422);
    }
  });

  it('refuses the same member twice with one step’s code, even on a deal without a per-member limit', async () => {
    const deal = await newDeal({ perMemberLimit: 'none' });
    const [a] = await createActiveMembers(t.database, 1);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
    const twice = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }));
    // A rotation between the two calls would make the second a fresh code of the same member; only then may it pass.
    if (twice.status !== 201) {
      expect(twice.status).toBe(409);
      expect(twice.body.message).toMatch(/already used this code/);
    }
  });

  it('stops at maxUses', async () => {
    const deal = await newDeal({ maxUses: 1 });
    const [a, b] = await createActiveMembers(t.database, 2);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
    const full = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: b.memberNumber }));
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This deal has reached its maximum number of uses');
    const [row] = await asService(t.database, (q) => q(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 1 });
  });

  it('refuses wrong codes, inactive deals and other businesses’ codes; every unusable number alike', async () => {
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: '12345', memberNumber }))).body.message).toBe('The code must be the 6 digits the member shows');
    const deal = await newDeal();
    const wrong = String((Number(deal.currentCode) + 1) % 1_000_000).padStart(6, '0');
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: wrong, memberNumber }));
    if (res.status !== 201) { // another of Rosa's deals could, in theory, show that code right now
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(CODE_NOT_RECOGNISED);
    }
    const theirs = (await other.get('/api/merchant/deals')).body[0] as { currentCode: string };
    const mine = (await rosa.get('/api/merchant/deals')).body.map((d: { currentCode: string }) => d.currentCode);
    if (!mine.includes(theirs.currentCode)) expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: theirs.currentCode, memberNumber }))).status).toBe(422);

    const paused = await newDeal();
    await rosa.patch(`/api/merchant/deals/${paused.id}`, { active: false });
    if (!mine.includes(paused.currentCode)) expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: paused.currentCode, memberNumber }))).status).toBe(422);

    // Not a member, a member without membership, a merchant's number, no such number: one identical refusal
    // (decision 190: none of them has a personal code that proves anything).
    const [lapsed] = await asService(t.database, (q) => q<{ member_number: number }>(
      `insert into public.profiles (email, name, role) values ('lapsed-counter@example.com', 'L', 'USER') returning member_number`));
    const [owner] = await asService(t.database, (q) => q<{ member_number: number }>(
      `select member_number from public.profiles where id = $1`, [SEED.merchantOwner.id]));
    const answers = [];
    for (const number of [lapsed.member_number, owner.member_number, 99999999]) {
      const refused = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: number }));
      answers.push({ status: refused.status, body: refused.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 404, body: { message: PERSONAL_CODE_REFUSED_MESSAGE } }));
  });

  it('is for approved businesses only', async () => {
    const pending = await t.signIn(SEED.pendingOwner);
    const res = await pending.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: '123456', memberNumber }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your business is not approved yet');
  });
});

describe('per-member limits', () => {
  it('new deals default to once a day; a second use inside the window is 409 with when it works again', async () => {
    const deal = await newDeal();
    expect((await rosa.get('/api/merchant/deals')).body.find((d: { id: string }) => d.id === deal.id).perMemberLimit).toBe('day');
    const [a] = await createActiveMembers(t.database, 1);
    const first = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }));
    expect(first.status).toBe(201);
    // A later step's code (as if 10 minutes later): still inside the day.
    const step = codeStepAt(Date.now());
    await asService(t.database, (q) => q(`update public.deal_redemptions set used_at = used_at - interval '10 minutes', code_step = code_step - 5 where id = $1`, [first.body.id]));
    const second = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: await dealCodeAtStep(t.database, deal.id, step), memberNumber: a.memberNumber }));
    expect(second.status).toBe(409);
    // In the business's local time, in words (the seeded city is in America/Denver).
    expect(second.body.message).toMatch(/^This member already used this deal: it works again for them on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d$/);
    const [used] = await asService(t.database, (q) => q<{ used_at: Date }>(`select used_at from public.deal_redemptions where id = $1`, [first.body.id]));
    expect(Date.parse(second.body.availableAt)).toBe(Math.floor((new Date(used.used_at).getTime() + 24 * 3600_000) / 1000) * 1000);
    // 24 hours later it works again.
    await asService(t.database, (q) => q(`update public.deal_redemptions set used_at = now() - interval '24 hours 1 second' where id = $1`, [first.body.id]));
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: await dealCodeAtStep(t.database, deal.id, step), memberNumber: a.memberNumber }))).status).toBe(201);
  });

  it('once: never again; none: every step; an undone use frees the member', async () => {
    const once = await newDeal({ perMemberLimit: 'once' });
    const none = await newDeal({ perMemberLimit: 'none' });
    const [a] = await createActiveMembers(t.database, 1);
    const first = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: once.currentCode, memberNumber: a.memberNumber }));
    expect(first.status).toBe(201);
    await asService(t.database, (q) => q(`update public.deal_redemptions set used_at = now() - interval '400 days', code_step = code_step - 1 where id = $1`, [first.body.id]));
    const again = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: once.currentCode, memberNumber: a.memberNumber }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This member has already used this deal, which is once per member' });

    const n1 = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: none.currentCode, memberNumber: a.memberNumber }));
    expect(n1.status).toBe(201);
    await asService(t.database, (q) => q(`update public.deal_redemptions set code_step = code_step - 1 where id = $1`, [n1.body.id]));
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: none.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);

    const day = await newDeal();
    const used = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: day.currentCode, memberNumber: a.memberNumber }));
    expect((await rosa.post(`/api/merchant/redemptions/${used.body.id}/undo`)).status).toBe(200);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: day.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
  });

  it('a check made offline that broke the limit is recorded and flagged, not refused, and counts no use', async () => {
    const deal = await newDeal({ maxUses: 5 });
    const [a] = await createActiveMembers(t.database, 1);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
    const at = Date.now() - 30 * 60_000;
    const offline = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, {
      code: await dealCodeAtStep(t.database, deal.id, codeStepAt(at)), memberNumber: a.memberNumber, dealId: deal.id, verifiedAt: new Date(at).toISOString(),
    }));
    expect(offline.status).toBe(201);
    expect(offline.body).toMatchObject({ flag: 'per_member_limit', usedCount: 1, usedAt: new Date(at).toISOString() });
    // Undoing a flagged redemption frees no use (it took none).
    expect((await rosa.post(`/api/merchant/redemptions/${offline.body.id}/undo`)).body).toMatchObject({ usedCount: 1 });
  });
});

describe('POST /api/merchant/verify-pass', () => {
  it('accepts the member’s pass once per deal and step, names the member, and refuses the screenshot’s replay', async () => {
    const deal = await newDeal({ perMemberLimit: 'none' });
    const phone = await memberDevice(member);
    expect(phone.answer).toMatchObject({ memberNumber, firstName: expect.any(String) });
    const expiresIn = Date.parse(phone.answer.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(11.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000);
    const pass = await phone.passAt();
    const res = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dealId: deal.id, memberNumber, passStep: passStepAt(Date.now()), codeStep: null, flag: null,
      member: { firstName: phone.answer.firstName, pictureUrl: null } });
    const replay = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id });
    expect(replay.status).toBe(409);
    // Not "show it again" (the same picture can never pass): when this member's next use works, here the next pass.
    expect(replay.body.message).toBe('This pass was already used for this deal');
    expect(replay.body.availableAt).toBe(new Date((res.body.passStep + 1) * 30_000).toISOString().replace('.000', ''));
    // With a per-member limit, the next use is the limit's: a day after this one.
    const daily = await newDeal({ perMemberLimit: 'day' });
    const used = await rosa.post('/api/merchant/verify-pass', { pass, dealId: daily.id });
    expect(used.status).toBe(201);
    const again = await rosa.post('/api/merchant/verify-pass', { pass, dealId: daily.id });
    expect(again.body).toMatchObject({ message: 'This pass was already used for this deal' });
    expect(Date.parse(again.body.availableAt)).toBe(Math.floor((Date.parse(used.body.usedAt) + 24 * 3600_000) / 1000) * 1000);
    // The same pass at another deal of the visit is fine.
    const other = await newDeal({ perMemberLimit: 'none' });
    expect((await rosa.post('/api/merchant/verify-pass', { pass, dealId: other.id })).status).toBe(201);
  });

  it('refuses what another account or device cannot produce, old steps, and foreign text', async () => {
    const deal = await newDeal();
    const phone = await memberDevice(member);
    const stranger = await generateDeviceKey();
    const step = passStepAt(Date.now());
    const refusals: [string, string][] = [
      // Someone else's key signing the member's certificate.
      [await signPass(phone.certificate, stranger.privateKey, step), PASS_NOT_RECOGNISED],
      // A certificate not signed by the platform (the member's own device key "certifying" itself).
      [await signPass(`${phone.certificate.split('.')[0]}.${'A'.repeat(86)}`, phone.privateKey, step), PASS_NOT_RECOGNISED],
      [await signPass(phone.certificate, phone.privateKey, step - 3), PASS_EXPIRED],
      ['hello', PASS_NOT_RECOGNISED],
    ];
    for (const [pass, message] of refusals) {
      const res = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 422, message });
    }
    // Changing the member number inside a certificate breaks the platform's signature.
    const [body, sig] = phone.certificate.split('.');
    const cert = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...cert, mn: cert.mn + 1 })).toString('base64url')}.${sig}`;
    expect((await rosa.post('/api/merchant/verify-pass', { pass: await signPass(forged, phone.privateKey, step), dealId: deal.id })).status).toBe(422);
    const [row] = await asService(t.database, (q) => q(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 0 });
  });

  it('gives no certificate to a lapsed member or a merchant', async () => {
    const keys = await generateDeviceKey();
    const coordinates = await publicKeyCoordinates(keys.publicKey);
    // The demo member's membership ends for a moment: no certificate, so nothing to show at the counter.
    const ends = await asService(t.database, (q) => q<{ id: string; current_period_start: Date; current_period_end: Date }>(
      `select id, current_period_start, current_period_end from public.subscriptions where user_id = $1 and status = 'active'`, [SEED.member.id]));
    await asService(t.database, (q) => q(`update public.subscriptions set current_period_start = now() - interval '2 days', current_period_end = now() - interval '1 second' where user_id = $1`, [SEED.member.id]));
    try {
      expect((await member.post('/api/member/pass-certificate', await certificateRequest(member, keys.privateKey, keys.publicKey))).status).toBe(403);
    } finally {
      for (const row of ends) {
        await asService(t.database, (q) => q(`update public.subscriptions set current_period_start = $2, current_period_end = $3 where id = $1`,
          [row.id, row.current_period_start, row.current_period_end]));
      }
    }
    expect((await rosa.post('/api/member/pass-certificate', { ...coordinates, challenge: 'A'.repeat(43), signature: 'A'.repeat(86) })).status).toBe(403);
    expect((await member.post('/api/member/pass-certificate', { x: 'short', y: coordinates.y })).status).toBe(400);
  });

  it('offline: a pass checked by two tablets is recorded twice, the second flagged', async () => {
    const deal = await newDeal({ perMemberLimit: 'none' });
    const phone = await memberDevice(member);
    const at = Date.now() - 60_000;
    const pass = await phone.passAt(at);
    const verifiedAt = new Date(at).toISOString();
    const first = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id, verifiedAt });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ flag: null, usedCount: 1, usedAt: verifiedAt });
    const second = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id, verifiedAt });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ flag: 'pass_reused', usedCount: 1 });
    // Checked offline at a moment the pass's step was not current: refused (the tablet would not have accepted it).
    const late = await rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id, verifiedAt: new Date(at - 5 * 60_000).toISOString() });
    expect(late.status).toBe(422);
  });

  it('gives the counter the platform’s public keys, and nothing to members', async () => {
    const keys = await rosa.get('/api/merchant/pass-keys');
    expect(keys.status).toBe(200);
    expect(keys.body.keys[0]).toEqual({ kid: expect.any(String), x: expect.any(String), y: expect.any(String) });
    expect(JSON.stringify(keys.body)).not.toMatch(/"d"/);
    expect((await member.get('/api/merchant/pass-keys')).status).toBe(403);
  });
});

describe('POST /api/merchant/redemptions/{id}/undo', () => {
  it('undoes within 5 minutes, once, and frees the use and the member’s step', async () => {
    const deal = await newDeal({ maxUses: 1 });
    const first = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber }));
    expect(first.status).toBe(201);
    expect((await other.post(`/api/merchant/redemptions/${first.body.id}/undo`)).status).toBe(404);
    const undo = await rosa.post(`/api/merchant/redemptions/${first.body.id}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ id: first.body.id, dealId: deal.id, usedCount: 0, maxUses: 1 });
    const again = await rosa.post(`/api/merchant/redemptions/${first.body.id}/undo`);
    expect(again.status).toBe(409);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber }))).status).toBe(201);
  });

  it('refuses after 5 minutes', async () => {
    const deal = await newDeal();
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber }));
    await asService(t.database, (q) => q(`update public.deal_redemptions set created_at = now() - interval '5 minutes 1 second' where id = $1`, [res.body.id]));
    const late = await rosa.post(`/api/merchant/redemptions/${res.body.id}/undo`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A redemption can only be undone within 5 minutes');
  });
});

describe('points at the counter', () => {
  it('takes only numbers of active members who showed a pass or code here, with one identical refusal', async () => {
    const [a] = await createActiveMembers(t.database, 1);
    const refusals = [
      await rosa.get(`/api/merchant/members/${a.memberNumber}`),
      await rosa.post('/api/merchant/earn', { memberNumber: a.memberNumber, amountCents: 1000 }),
      await rosa.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber: a.memberNumber, points: 1 })),
      await rosa.post('/api/merchant/earn', { memberNumber: 99999999, amountCents: 1000 }),
    ];
    expect(refusals.map((r) => [r.status, r.body])).toEqual(Array(4).fill([404, { message: NOT_RECOGNISED }]));
    const deal = await newDeal();
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
    expect((await rosa.post('/api/merchant/earn', { memberNumber: a.memberNumber, amountCents: 1000 })).status).toBe(201);
    // Seen at Rosa's, not at the other business.
    expect((await other.post('/api/merchant/earn', { memberNumber: a.memberNumber, amountCents: 1000 })).body).toEqual({ message: NOT_RECOGNISED });
    // A membership that ends closes the number again.
    await asService(t.database, (q) => q(`update public.subscriptions set current_period_start = now() - interval '2 days', current_period_end = now() - interval '1 second' where user_id = $1`, [a.id]));
    expect((await rosa.get(`/api/merchant/members/${a.memberNumber}`)).body).toEqual({ message: NOT_RECOGNISED });
  });

  it('earns floor(amount x rate / 10000), redeems, never overdraws, and undoes', async () => {
    const seen = await newDeal({ perMemberLimit: 'none' });
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: seen.currentCode, memberNumber }))).status).toBe(201);
    const lookup = await rosa.get(`/api/merchant/members/${memberNumber}`);
    expect(lookup.body).toEqual({ memberNumber, balance: DEALS_SEED.memberRosaPoints, isActiveMember: true });

    const earn = await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 1999 }); // 5% of $19.99 = 99.95
    expect(earn.status).toBe(201);
    expect(earn.body).toMatchObject({ kind: 'accrual', points: 99, balance: DEALS_SEED.memberRosaPoints + 99, memberNumber });
    const tooSmall = await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 19 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe('This purchase is too small to earn points');
    expect((await rosa.post('/api/merchant/earn', { memberNumber, amountCents: 0 })).body.message).toBe('The amount must be at least 1 cent');

    const balance = DEALS_SEED.memberRosaPoints + 99;
    const over = await rosa.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber, points: balance + 1 }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Not enough points: member ${memberNumber} has ${balance} here`);
    // Points at another business are not spendable here (the member has not even been seen there).
    expect((await other.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber, points: 1 }))).status).toBe(404);

    const spend = await rosa.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber, points: 300 }));
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

    expect((await member.get('/api/member/points')).body.totalPoints).toBe(DEALS_SEED.memberRosaPoints);

    const activity = await rosa.get('/api/merchant/counter/activity');
    expect(activity.status).toBe(200);
    const types = activity.body.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(['deal', 'accrual', 'redemption', 'reversal']));
    const reversed = activity.body.find((a: { id: string; type: string }) => a.id === spend.body.entryId && a.type === 'redemption');
    expect(reversed).toMatchObject({ undone: true, undoUntil: null, points: -300, memberNumber });
  });

  it('names bad payloads and unknown members; members cannot use the counter', async () => {
    expect((await rosa.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber, points: 1.5 }))).body.message).toBe('The points must be a whole number of points');
    expect((await rosa.post('/api/merchant/earn', { amountCents: 100 })).body.message).toBe('The member number is required');
    expect((await rosa.post('/api/merchant/earn', { memberNumber: 99999999, amountCents: 1000 })).status).toBe(404);
    expect((await rosa.get('/api/merchant/members/abc')).status).toBe(400);
    expect((await member.post('/api/merchant/earn', { memberNumber, amountCents: 1000 })).status).toBe(403);
  });
});
