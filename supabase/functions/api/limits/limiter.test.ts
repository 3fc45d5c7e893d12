// The limiter's SQL (decision 168), on PGlite and on PostgreSQL: fixed windows, all-or-none takes over several
// buckets, giving back, and a bounded cleanup of ended windows.
import { clearOfWindowEdge } from '../../../../tests/support/limiter-window.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { asService, asUser, openTestDatabase } from '../../../../tests/support/test-database.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { type Bucket, giveBack, takeHit } from './limiter.ts';

let database: OpenedDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await clearOfWindowEdge(300, 5000);
  await database.admin.query(`delete from private.limiter_hits`);
});

const take = (buckets: Bucket[]) => asService(database, (q) => takeHit(q, buckets));
const hitsOf = async (key: string) =>
  (await database.admin.query<{ hits: number }>(`select hits from private.limiter_hits where bucket = $1`, [key]))[0]?.hits ?? null;

describe('limiter', () => {
  it('allows `limit` hits per window, then says how long until the window ends', async () => {
    const bucket = { key: 'test:a', limit: 3, windowSeconds: 300 };
    for (let i = 1; i <= 3; i += 1) expect(await take([bucket])).toMatchObject({ taken: true, hits: [i] });
    const refused = await take([bucket]);
    expect(refused.taken).toBe(false);
    const retry = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    const windowEnd = Math.ceil(Date.now() / 300_000) * 300_000;
    expect(Math.abs(retry - (windowEnd - Date.now()) / 1000)).toBeLessThan(3);
    expect(await hitsOf('test:a')).toBe(3); // a refused take counts nothing
  });

  it('takes from every bucket or from none, and gives back what it took', async () => {
    const small = { key: 'test:small', limit: 1, windowSeconds: 60 };
    const large = { key: 'test:large', limit: 10, windowSeconds: 3600 };
    const first = await take([large, small]);
    expect(first).toMatchObject({ taken: true, hits: [1, 1] });
    expect((await take([large, small])).taken).toBe(false);
    expect(await hitsOf('test:large')).toBe(1);
    if (!first.taken) throw new Error('unreachable');
    await asService(database, (q) => giveBack(q, first));
    expect([await hitsOf('test:large'), await hitsOf('test:small')]).toEqual([0, 0]);
    expect((await take([small, large])).taken).toBe(true);
  });

  it('pending places: a bucket full of attempts being checked is busy, not full; settled ones count or free their place', async () => {
    const pendingTake = () => asService(database, (q) => q<{ taken: boolean; busy: boolean; retry_after_seconds: number; window_starts: string[] }>(
      `select * from private.limiter_take(array['test:p'], array[2], array[300], true)`));
    const settle = (starts: unknown[], counted: boolean) => asService(database, (q) =>
      q(`select private.limiter_settle(array['test:p'], $1::timestamptz[], $2)`, [starts.map((d) => new Date(d as string).toISOString()), counted]));
    const [a] = await pendingTake();
    const [b] = await pendingTake();
    expect([a.taken, b.taken]).toEqual([true, true]);
    const [busy] = await pendingTake();
    expect(busy).toMatchObject({ taken: false, busy: true, retry_after_seconds: 1 });
    await settle(a.window_starts, false); // a right answer: its place is free again
    const [c] = await pendingTake();
    expect(c.taken).toBe(true);
    await settle(b.window_starts, true);
    await settle(c.window_starts, true); // two wrong answers: the bucket is full of hits
    const [full] = await pendingTake();
    expect(full).toMatchObject({ taken: false, busy: false });
    expect(full.retry_after_seconds).toBeGreaterThan(1);
    expect(await database.admin.query(`select hits, pending from private.limiter_hits where bucket = 'test:p'`)).toEqual([{ hits: 2, pending: 0 }]);
  });

  it('starts counting again in the next window and removes ended windows a few at a time', async () => {
    const bucket = { key: 'test:w', limit: 1, windowSeconds: 300 };
    expect((await take([bucket])).taken).toBe(true);
    expect((await take([bucket])).taken).toBe(false);
    await database.admin.query(
      `update private.limiter_hits set window_start = window_start - interval '10 minutes', expires_at = expires_at - interval '10 minutes'`);
    await database.admin.query(
      `insert into private.limiter_hits (bucket, window_start, hits, expires_at)
       select 'test:old:' || n, now() - interval '1 day', 1, now() - interval '1 hour' from generate_series(1, 45) n`);
    expect((await take([bucket])).taken).toBe(true);
    const [{ left }] = await database.admin.query<{ left: number }>(
      `select count(*)::int as left from private.limiter_hits where expires_at < now()`);
    expect(left).toBe(46 - 20); // 20 removed per take, at most
  });

  it('refuses bad input, and is closed to signed-in users', async () => {
    await expect(take([{ key: 'test:x', limit: 0, windowSeconds: 60 }])).rejects.toThrow(/limits are at least 1/);
    await expect(take([])).rejects.toThrow(/one limit and one window per bucket/);
    await expect(asUser(database, SEED.member.id, (q) => takeHit(q, [{ key: 'test:x', limit: 5, windowSeconds: 60 }])))
      .rejects.toThrow(/permission denied/);
    await expect(asUser(database, SEED.member.id, (q) => q(`select * from private.limiter_hits`))).rejects.toThrow(/permission denied/);
    // A member is no counter: the counter's own entry point refuses them.
    await expect(asUser(database, SEED.member.id, (q) => q(`select * from private.counter_guess_take('tablet-0001', 20, 100, 300)`)))
      .rejects.toThrow(/no business/);
    await expect(asUser(database, SEED.member.id, (q) => q(`select private.counter_guess_settle('tablet-0001', array[now()], false)`)))
      .rejects.toThrow(/no business/);
  });
});
