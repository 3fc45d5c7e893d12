// Invariants of the counter under concurrent requests. They need a PostgreSQL server: PGlite runs
// one transaction at a time, so nothing would actually race there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../../tests/support/constants.ts';
import { DEALS_SEED } from '../../../../../tests/support/deals-seed.ts';
import { activateMembership } from '../../../../../tests/support/membership.ts';
import { asService } from '../../../../../tests/support/test-database.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn('Skipping counter concurrency tests: TEST_DATABASE_URL is unset (they need a PostgreSQL server, not PGlite).');
}

describe.skipIf(!serverUrl)('counter under concurrency (PostgreSQL server)', () => {
  let t: TestApp;
  let rosa: Agent;
  let memberNumber: number;
  beforeAll(async () => {
    t = await createTestApp();
    await activateMembership(t.database, SEED.member.id);
    rosa = t.agent();
    await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const member = t.agent();
    memberNumber = Number((await member.login(SEED.member.email, SEED.member.password)).memberNumber);
  });
  afterAll(() => t?.close());

  it('100 concurrent verifications of a maxUses-10 deal: exactly 10 succeed', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Rush hour', description: 'First ten only', discountPercent: 30, maxUses: 10 })).body;
    const results = await Promise.all(Array.from({ length: 100 }, () => rosa.post('/api/merchant/verify-code', { code: deal.currentCode })));
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

  it('one member racing the same code 30 times gets one redemption', async () => {
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Once each', description: 'Per member', discountAmount: 200 })).body;
    const results = await Promise.all(Array.from({ length: 30 }, () =>
      rosa.post('/api/merchant/verify-code', { code: deal.currentCode, memberNumber })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const [row] = await asService(t.database, (q) => q<{ used_count: number }>(`select used_count from public.deals where id = $1`, [deal.id]));
    expect(row.used_count).toBe(1);
  });

  it('50 concurrent point redemptions never overdraw', async () => {
    const start = DEALS_SEED.memberRosaPoints; // 250
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      rosa.post('/api/merchant/redeem', { memberNumber, points: 7 })));
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
