// Offer rules at the till (issue 38): the SQL rule (private.offer_rules_refusal) against the TS evaluator the tablet
// uses offline, on the same cases, words included; then the API: rules on create and PATCH, on every deal answer,
// refused online outside them, the minimum spend, and the flag a replay gets for a rule the tablet could not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeStepAt } from '../../_shared/deal-code.ts';
import { checkOfferRules, normalizeOfferRules, type OfferRules } from '../../_shared/offer-rules.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { createActiveMembers, dealCodeAtStep, startCounterTestApp, withPersonalCode } from '../../../../tests/support/counter-members.ts';

let t: TestApp;
let rosa: Agent;
let member: Agent;
beforeAll(async () => ({ t, rosa, member } = await startCounterTestApp()));
afterAll(() => t.close());

const DENVER = 'America/Denver';

/** The SQL rule's answer at `atIso`, shaped like checkOfferRules'. */
async function sqlCheck(rules: OfferRules | null, atIso: string, timeZone = DENVER) {
  const [row] = await t.database.admin.query<{ refusal: string | null }>(
    `select private.offer_rules_refusal($1::text::jsonb, $2::timestamptz, $3)::text as refusal`, [rules ? JSON.stringify(rules) : null, atIso, timeZone]);
  return row.refusal ? { ok: false, ...JSON.parse(row.refusal) } : { ok: true };
}

const rules = (r: Partial<OfferRules>) => normalizeOfferRules(r);

describe('the SQL rule and the TS evaluator agree', () => {
  const lunch = rules({ weekdays: [1, 2, 3, 4], startTime: '11:00', endTime: '15:00' });
  const lateFriday = rules({ weekdays: [5], startTime: '22:00', endTime: '02:00' });
  const evenings = rules({ startTime: '22:00', endTime: '02:00', excludedDates: ['2026-12-24', '2026-12-31'] });
  const early = rules({ startTime: '01:30', endTime: '03:30' });
  const spring = rules({ startTime: '02:30', endTime: '05:00' });
  const weekends = rules({ weekdays: [6, 7], excludedDates: ['2026-11-28'] });
  const cases: [string, OfferRules | null, string, string?][] = [
    ['no rules', null, '2026-11-26T18:00:00Z'],
    ['lunch opens at 11:00', lunch, '2026-11-26T18:00:00Z'],
    ['lunch one second before 11:00', lunch, '2026-11-26T17:59:59Z'],
    ['lunch closes at 15:00', lunch, '2026-11-26T22:00:00Z'],
    ['lunch on a Friday', lunch, '2026-11-27T19:00:00Z'],
    ['lunch on Sunday night', lunch, '2026-11-30T06:59:00Z'],
    ['late Friday before midnight', lateFriday, '2026-11-28T06:59:00Z'],
    ['late Friday after midnight', lateFriday, '2026-11-28T08:59:00Z'],
    ['late Friday at its end, 02:00 Saturday', lateFriday, '2026-11-28T09:00:00Z'],
    ['late window on Saturday night', lateFriday, '2026-11-29T05:30:00Z'],
    ['evenings on an excluded date', evenings, '2026-12-25T06:00:00Z'],
    ['evenings after midnight of an excluded date', evenings, '2026-12-25T08:00:00Z'],
    ['evenings the day after an excluded date', evenings, '2026-12-26T05:00:00Z'],
    ['New Year\'s Eve window', evenings, '2027-01-01T05:30:00Z'],
    ['spring forward: 01:59 MST', early, '2026-03-08T08:59:00Z'],
    ['spring forward: 03:29 MDT', early, '2026-03-08T09:29:00Z'],
    ['spring forward: 03:30 MDT closes', early, '2026-03-08T09:30:00Z'],
    ['spring forward: a window opening in the gap', spring, '2026-03-08T08:00:00Z'],
    ['spring forward: inside the gap window', spring, '2026-03-08T09:45:00Z'],
    ['fall back: 01:00 MDT', early, '2026-11-01T07:00:00Z'],
    ['fall back: 01:30 MDT', early, '2026-11-01T07:30:00Z'],
    ['fall back: 01:00 MST again', early, '2026-11-01T08:00:00Z'],
    ['fall back: 03:30 MST closes', early, '2026-11-01T10:30:00Z'],
    ['weekends, an excluded Saturday', weekends, '2026-11-28T19:00:00Z'],
    ['weekends, on a Monday', weekends, '2026-11-30T19:00:00Z'],
    ['another zone', lunch, '2026-11-26T18:00:00Z', 'Europe/Berlin'],
  ];
  it.each(cases)('%s', async (_name, r, atIso, zone = DENVER) => {
    expect(await sqlCheck(r, atIso, zone)).toEqual(checkOfferRules(r, Date.parse(atIso), zone));
  });
});

/** "HH:MM" in Denver `offsetMinutes` from now. */
function denverTime(offsetMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: DENVER, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
    .formatToParts(new Date(Date.now() + offsetMinutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value.padStart(2, '0');
  return `${get('hour')}:${get('minute')}`;
}
/** Denver's calendar day at now + `offsetMinutes`. */
const denverDay = (offsetMinutes = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DENVER }).format(new Date(Date.now() + offsetMinutes * 60_000));

async function newDeal(body: Record<string, unknown>) {
  const res = await rosa.post('/api/merchant/deals', { title: 'Rules test', description: 'At the till', discountPercent: 10, perMemberLimit: 'none', ...body });
  expect(res.status, res.body.message).toBe(201);
  return res.body as { id: string; currentCode: string; rules: OfferRules | null; rulesText: string };
}

describe('deal rules in the API', () => {
  it('refuses rules it cannot read, with the field named', async () => {
    const bad = (rules: unknown) => rosa.post('/api/merchant/deals', { title: 'Bad', description: 'Bad', discountPercent: 10, rules });
    expect((await bad({ weekdays: [8] })).body.message).toBe('The days of the week, entry 1 must be ISO weekdays, 1 (Monday) to 7 (Sunday)');
    expect((await bad({ startTime: '11:00' })).body.message).toBe('The end time is required with the other end of the time window');
    expect((await bad({ note: 'x'.repeat(201) })).status).toBe(400);
    const deal = await newDeal({});
    const patch = await rosa.patch(`/api/merchant/deals/${deal.id}`, { rules: { startTime: '9:00', endTime: '17:00' } });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('The start time must be a time written HH:MM (00:00 to 23:59)');
  });

  it('carries rules and the sentence on the merchant, member, public and deal-page answers', async () => {
    const deal = await newDeal({ perMemberLimit: 'week', rules: { weekdays: [4, 1, 2, 3], startTime: '00:00', endTime: '23:59', minSpendCents: 2000, note: 'Dine-in only' } });
    const sentence = 'Mon–Thu, 00:00–23:59 · spend $20 or more · once a week per member · Dine-in only';
    expect(deal.rules).toEqual({ weekdays: [1, 2, 3, 4], startTime: '00:00', endTime: '23:59', minSpendCents: 2000, excludedDates: [], note: 'Dine-in only' });
    expect(deal.rulesText).toBe(sentence);
    const find = (list: { id: string }[]) => list.find((d) => d.id === deal.id) as { rulesText: string; rules: unknown } | undefined;
    expect(find((await rosa.get('/api/merchant/deals')).body)?.rulesText).toBe(sentence);
    const cityId = (await t.database.admin.query<{ city_id: string }>(`select city_id from public.deals where id = $1`, [deal.id]))[0].city_id;
    expect(find((await member.get(`/api/deals?cityId=${cityId}`)).body)?.rulesText).toBe(sentence);
    expect(find((await member.get(`/api/deals/public?cityId=${cityId}`)).body)?.rules).toEqual(deal.rules);
    expect((await member.get(`/api/deals/member/${deal.id}`)).body.rulesText).toBe(sentence);
    expect((await member.get(`/api/deals/public/${deal.id}`)).body.rulesText).toBe(sentence);
    const cleared = await rosa.patch(`/api/merchant/deals/${deal.id}`, { rules: null });
    expect(cleared.body).toMatchObject({ rules: null, rulesText: 'Once a week per member' });
  });

  it('the counter cover carries the rules and the business time zone', async () => {
    const deal = await newDeal({ rules: { excludedDates: ['2030-12-25'] } });
    const cover = (await rosa.get('/api/merchant/deals/offline-codes')).body;
    expect(cover.timeZone).toBe(DENVER);
    expect(cover.deals.find((d: { dealId: string }) => d.dealId === deal.id)).toMatchObject({ rules: { excludedDates: ['2030-12-25'] }, rulesText: 'Not Dec 25 · no per-member limit' });
  });
});

describe('the rules at the till', () => {
  it('refuses a use outside the window online with the rule, the local time now and the next valid moment', async () => {
    const startTime = denverTime(120);
    const deal = await newDeal({ rules: { startTime, endTime: denverTime(180) } });
    const [a] = await createActiveMembers(t.database, 1);
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`^This deal is valid ${startTime}–\\d\\d:\\d\\d only\\. It is now [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]{2}, \\d\\d:\\d\\d here\\.$`));
    // Two hours from now, to the minute (the window opens at the start of its minute).
    expect(Math.abs(Date.parse(res.body.availableAt) - (Date.now() + 120 * 60_000))).toBeLessThan(61_000 + 5_000);
    const [row] = await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from public.deal_redemptions where deal_id = $1`, [deal.id]));
    expect(row.n).toBe(0);
  });

  it('accepts inside the window; refuses an excluded date naming it', async () => {
    const open = await newDeal({ rules: { startTime: denverTime(-60), endTime: denverTime(60) } });
    const [a, b] = await createActiveMembers(t.database, 2);
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: open.currentCode, memberNumber: a.memberNumber }))).status).toBe(201);
    const today = denverDay();
    const closed = await newDeal({ rules: { excludedDates: [today] } });
    const res = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: closed.currentCode, memberNumber: b.memberNumber }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This deal is not valid on [A-Z][a-z]{2} \d{1,2}\. It is now .+ here\.$/);
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: DENVER }).format(new Date(res.body.availableAt))).not.toBe(today);
  });

  it('takes the purchase amount: required with a minimum spend, refused below it, stored', async () => {
    const deal = await newDeal({ rules: { minSpendCents: 2000 } });
    const [a] = await createActiveMembers(t.database, 1);
    const without = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber }));
    expect(without.status).toBe(400);
    expect(without.body.message).toBe('Enter the purchase amount: this deal needs a spend of $20 or more');
    const below = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber, amountCents: 1999 }));
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('This deal needs a spend of $20 or more: this purchase is $19.99');
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber, amountCents: 0 }))).status).toBe(400);
    const ok = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: a.memberNumber, amountCents: 2000 }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ amountCents: 2000, rulesText: 'Spend $20 or more · no per-member limit', flag: null });
    const [row] = await asService(t.database, (q) => q<{ amount_cents: number }>(`select amount_cents from public.deal_redemptions where id = $1`, [ok.body.id]));
    expect(row.amount_cents).toBe(2000);
  });

  it('flags a replay outside the rules the tablet could not see (changed after its cover), counting no use', async () => {
    const deal = await newDeal({});
    // The owner excludes today after the tablet loaded its cover; the tablet accepted the code offline a minute ago.
    expect((await rosa.patch(`/api/merchant/deals/${deal.id}`, { rules: { excludedDates: [denverDay(-1), denverDay(-2)] } })).status).toBe(200);
    const [a, b] = await createActiveMembers(t.database, 2);
    const at = Date.now() - 60_000;
    const code = await dealCodeAtStep(t.database, deal.id, codeStepAt(at));
    const replay = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber: a.memberNumber, dealId: deal.id, verifiedAt: new Date(at).toISOString() }));
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ flag: 'outside_rules', usedCount: 0 });
    // A minimum spend the tablet did not ask for: flagged too, and so is one below it.
    const spend = await newDeal({ rules: { minSpendCents: 1000 } });
    const spendCode = await dealCodeAtStep(t.database, spend.id, codeStepAt(at));
    const noAmount = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: spendCode, memberNumber: a.memberNumber, dealId: spend.id, verifiedAt: new Date(at).toISOString() }));
    expect(noAmount.body).toMatchObject({ flag: 'outside_rules', usedCount: 0 });
    const enough = await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: spendCode, memberNumber: b.memberNumber, dealId: spend.id, verifiedAt: new Date(at).toISOString(), amountCents: 1000 }));
    expect(enough.body).toMatchObject({ flag: null, usedCount: 1, amountCents: 1000 });
    const activity = (await rosa.get('/api/merchant/counter/activity')).body as { id: string; flag: string | null }[];
    expect(activity.find((item) => item.id === replay.body.id)?.flag).toBe('outside_rules');
  });
});
