// Invariants of the counter under concurrent requests. They need a PostgreSQL server: PGlite runs
// one transaction at a time, so nothing would actually race there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { asService, describeOnPostgres } from '../../../../tests/support/test-database.ts';
import { createActiveMembers, dealCodeAtStep, memberDevice } from '../../../../tests/support/counter-members.ts';
import { codeStepAt } from '../../_shared/deal-code.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';

describeOnPostgres('counter under concurrency (PostgreSQL server)', () => {
  let t: TestApp;
  let rosa: Agent;
  let memberNumber: number;
  let member: Agent;
  beforeAll(async () => ({ t, rosa, member, memberNumber } = await startMemberTestApp()));
  afterAll(() => t?.close());

  it('100 members verifying at once against maxUses 10: exactly 10 succeed', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Rush hour', description: 'First ten only', discountPercent: 30, maxUses: 10 })).body;
    const members = await createActiveMembers(t.database, 100, 'Rush');
    const started = performance.now();
    const results = await Promise.all(members.map(async (m) =>
      rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber: m.memberNumber }))));
    console.log(`100 members x 1 verification, maxUses 10: ${(performance.now() - started).toFixed(0)} ms`);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.message)))
      .toEqual(new Set(['This deal has reached its maximum number of uses']));
    expect(results.filter((r) => r.status === 201).map((r) => r.body.usedCount).sort((a, b) => a - b))
      .toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [row] = await asService(t.database, (q) => q<{ used_count: number; redemptions: number }>(
      `select d.used_count, (select count(*)::int from public.deal_redemptions r where r.deal_id = d.id) as redemptions
         from public.deals d where d.id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 10, redemptions: 10 });
  });

  it('one member, 100 verifications at once, each with another code step: exactly one counts (once a day)', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Daily coffee', description: 'Once a day', discountAmount: 100 })).body;
    expect(deal.perMemberLimit).toBe('day');
    const [m] = await createActiveMembers(t.database, 1, 'Racer');
    const nowMs = Date.now();
    // Checks made offline over the last ~3 hours, each at another 120 s step, synced at once.
    const claims = await Promise.all(Array.from({ length: 100 }, async (_, i) => {
      const at = nowMs - 60_000 - i * 120_000;
      return { code: await dealCodeAtStep(t.database, deal.id, codeStepAt(at)), memberNumber: m.memberNumber, dealId: deal.id, verifiedAt: new Date(at).toISOString() };
    }));
    const started = performance.now();
    const results = await Promise.all(claims.map(async (body) => rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, body))));
    console.log(`1 member x 100 verifications (distinct steps): ${(performance.now() - started).toFixed(0)} ms`);
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201)); // an offline check is never refused for a limit
    expect(results.filter((r) => r.body.flag === null)).toHaveLength(1);
    expect(results.filter((r) => r.body.flag === 'per_member_limit')).toHaveLength(99);
    const [row] = await asService(t.database, (q) => q<{ used_count: number; counted: number }>(
      `select d.used_count, (select count(*)::int from public.deal_redemptions r where r.deal_id = d.id and r.flag is null) as counted
         from public.deals d where d.id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 1, counted: 1 });
  });

  it('one member, 100 online verifications at once (current and previous code, one pass): exactly one succeeds', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Daily tea', description: 'Once a day', discountAmount: 100 })).body;
    const step = codeStepAt(Date.now());
    const codes = [await dealCodeAtStep(t.database, deal.id, step), await dealCodeAtStep(t.database, deal.id, step - 1)];
    const phone = await memberDevice(member);
    const pass = await phone.passAt();
    const results = await Promise.all(Array.from({ length: 100 }, async (_, i) => (i % 3 === 2
      ? rosa.post('/api/merchant/verify-pass', { pass, dealId: deal.id })
      : rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: codes[i % 3], memberNumber, dealId: deal.id })))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.status))).toEqual(new Set([409]));
    const [row] = await asService(t.database, (q) => q<{ used_count: number }>(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row.used_count).toBe(1);
  });

  it('50 concurrent point redemptions never overdraw', async () => {
    const start = DEALS_SEED.memberRosaPoints; // 250
    // Points need the member to have shown a pass or code here.
    const seen = (await rosa.post('/api/merchant/deals', { title: 'Seen', description: 'Shown once', discountAmount: 100 })).body;
    expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: seen.currentCode, memberNumber }))).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, async () =>
      rosa.post('/api/merchant/redeem', await withPersonalCode(t.database, { memberNumber, points: 7 }))));
    const succeeded = results.filter((r) => r.status === 201);
    expect(succeeded).toHaveLength(Math.floor(start / 7)); // 35
    expect(results.filter((r) => r.status === 409)).toHaveLength(50 - Math.floor(start / 7));
    expect(succeeded.every((r) => r.body.balance >= 0)).toBe(true);
    const [row] = await asService(t.database, (q) => q<{ balance: number; ledger: number }>(
      `select b.points as balance,
              (select sum(l.points)::int from public.point_ledger l where l.member_id = b.member_id and l.merchant_id = b.merchant_id) as ledger
         from public.point_balances b where b.member_id = $1 and b.merchant_id = $2`, [SEED.member.id, SEED.activeMerchantId]));
    expect(row).toEqual({ balance: start % 7, ledger: start % 7 });
  });
});
