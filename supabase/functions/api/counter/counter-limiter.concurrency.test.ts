// The counter's limiter under concurrent requests (decision 168). Needs a PostgreSQL server: PGlite runs one
// transaction at a time, so nothing would race there.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { clearOfWindowEdge } from '../../../../tests/support/limiter-window.ts';
import { describeOnPostgres } from '../../../../tests/support/test-database.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { CODE_NOT_RECOGNISED } from './router.ts';

describeOnPostgres('counter limiter under concurrency (PostgreSQL server)', () => {
  let t: TestApp;
  let rosa: Agent;
  let memberNumber: number;
  beforeAll(async () => ({ t, rosa, memberNumber } = await startMemberTestApp()));
  afterAll(() => t?.close());
  beforeEach(async () => {
    await clearOfWindowEdge();
    await t.database.admin.query(`delete from private.limiter_hits`);
  });

  /** A 6-digit code none of Rosa's live deals shows now or a step ago. */
  async function wrongCode() {
    const deals = (await rosa.get('/api/merchant/deals')).body as { currentCode?: string; previousCode?: string }[];
    const shown = new Set(deals.flatMap((d) => [d.currentCode, d.previousCode]));
    let n = 424242;
    while (shown.has(String(n))) n += 1;
    return String(n);
  }

  it('50 wrong codes at once from one tablet: exactly 20 checked and refused as wrong, 30 × 429, 20 counted', async () => {
    const code = await wrongCode();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, async () =>
      rosa.request('POST', '/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber }), { 'x-counter-device': 'tablet-race-1' })));
    console.log(`50 parallel wrong codes from one tablet: ${(performance.now() - started).toFixed(0)} ms`);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(new Set(results.filter((r) => r.status === 422).map((r) => r.body.message))).toEqual(new Set([CODE_NOT_RECOGNISED]));
    expect(results.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) >= 1)).toBe(true);
    const rows = await t.database.admin.query<{ bucket: string; hits: number }>(`select bucket, hits from private.limiter_hits order by bucket`);
    expect(rows.map((r) => r.hits)).toEqual([20, 20]);
  });

  it('150 wrong codes at once from 30 tablets: the business stops at exactly 100', async () => {
    const code = await wrongCode();
    const results = await Promise.all(Array.from({ length: 150 }, async (_, i) =>
      rosa.request('POST', '/api/merchant/verify-code', await withPersonalCode(t.database, { code, memberNumber }), { 'x-counter-device': `tablet-race-${i % 30}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const [{ hits }] = await t.database.admin.query<{ hits: number }>(
      `select hits from private.limiter_hits where bucket = 'counter-guess:' || $1`, [SEED.activeMerchantId]);
    expect(hits).toBe(100);
  });
});
