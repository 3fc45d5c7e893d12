// Offer rules under concurrent replays (issue 38). A PostgreSQL server: PGlite runs one transaction at a time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMemberTestApp } from '../../../../tests/support/member-app.ts';
import { asService, describeOnPostgres } from '../../../../tests/support/test-database.ts';
import { createActiveMembers, dealCodeAtStep, withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { codeStepAt } from '../../_shared/deal-code.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';

/** "HH:MM" of an instant in America/Denver (the seeded city's zone). */
const denverTime = (atMs: number) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
  .format(new Date(atMs));

describeOnPostgres('offer rules under concurrency (PostgreSQL server)', () => {
  let t: TestApp;
  let rosa: Agent;
  beforeAll(async () => ({ t, rosa } = await startMemberTestApp()));
  afterAll(() => t?.close());

  it("100 offline replays by distinct members within ±60 s of the deal's endTime: those before it count, the rest are flagged", async () => {
    // The window closed at the start of a minute 10 minutes ago; it opened three hours before.
    const endMs = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
    const rules = { startTime: denverTime(endMs - 3 * 3_600_000), endTime: denverTime(endMs) };
    const deal = (await rosa.post('/api/merchant/deals', { title: 'Happy hour', description: 'Until the bell', discountPercent: 20, perMemberLimit: 'none', rules })).body;
    expect(deal.rules).toMatchObject(rules);
    const members = await createActiveMembers(t.database, 100, 'Replay');
    // Spread over [endMs - 60 s, endMs + 60 s): 1.2 s apart, the 50th exactly at endMs.
    const claims = await Promise.all(members.map(async (m, i) => {
      const at = endMs - 60_000 + i * 1_200;
      // Each typed with the member's personal code of that moment (decision 190), as the tablet queued it.
      return { at, body: await withPersonalCode(t.database, {
        code: await dealCodeAtStep(t.database, deal.id, codeStepAt(at)), memberNumber: m.memberNumber, dealId: deal.id, verifiedAt: new Date(at).toISOString(),
      }) };
    }));
    const results = await Promise.all(claims.map((claim) => rosa.post('/api/merchant/verify-code', claim.body)));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201)); // a replay is recorded, never refused for a rule
    claims.forEach((claim, i) => expect(results[i].body.flag, `replay at endTime ${claim.at - endMs} ms`).toBe(claim.at < endMs ? null : 'outside_rules'));
    expect(results.filter((r) => r.body.flag === null)).toHaveLength(50);
    const [row] = await asService(t.database, (q) => q<{ used_count: number; counted: number; flagged: number }>(
      `select d.used_count,
              (select count(*)::int from public.deal_redemptions r where r.deal_id = d.id and r.flag is null) as counted,
              (select count(*)::int from public.deal_redemptions r where r.deal_id = d.id and r.flag = 'outside_rules') as flagged
         from public.deals d where d.id = $1`, [deal.id]));
    expect(row).toEqual({ used_count: 50, counted: 50, flagged: 50 });
  });
});
