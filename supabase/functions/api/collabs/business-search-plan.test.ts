// Decision 206 on PostgreSQL: business search reads the top page from the indexes, not every match. With 4,000
// businesses that all match "shop", one search may touch only a few pages' worth of rows: no sequential scan of the
// businesses and a bounded number of rows fetched, as counted by PostgreSQL's own per-transaction statistics
// (pg_stat_xact_user_tables), since the function's statements are dynamic and EXPLAIN of the call shows none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';

const BUSINESSES = 4000;
let database: OpenedDatabase;
let ownerId: string;

// PGlite's planner is PostgreSQL's too, but its statistics views are not what production runs on.
describe.skipIf(!process.env.TEST_DATABASE_URL)('business search plan at scale (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.admin.exec(`
      insert into public.profiles (email, name, role)
        select 'plan-owner-' || i || '@example.com', 'Owner ' || i, 'MERCHANT' from generate_series(1, ${BUSINESSES}) i;
      insert into public.merchants (owner_user_id, name, address, business_type, description, city_id, city_name, active, approved_at)
        select p.id, 'Plan Shop ' || i, i || ' Main St', 'retail', 'A local shop, number ' || i || '.',
               case when i % 2 = 0 then '${SEED.lyonsId}'::uuid else '${SEED.longmontId}'::uuid end, 'Somewhere', true, now()
          from generate_series(1, ${BUSINESSES}) i join public.profiles p on p.email = 'plan-owner-' || i || '@example.com';
      analyze public.merchants;`);
    [{ ownerId }] = await database.admin.query<{ ownerId: string }>(
      `select owner_user_id as "ownerId" from public.merchants where name = 'Plan Shop 7'`);
  });
  afterAll(() => database?.close());

  const searchCounting = (words: string, after: unknown[] = [null, null, null, null, null]) =>
    database.db.transaction({ role: 'authenticated', sub: ownerId }, async (q) => {
      const rows = await q<{ name: string; tier: number; city_rank: number }>(
        `select name, tier, city_rank from private.search_businesses($1, null, null, 20, $2, $3, $4, $5, $6)`, [words, ...after]);
      const [stats] = await q<{ seq: number; fetched: number }>(
        `select coalesce(seq_scan, 0)::int as seq, (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::int as fetched
           from pg_stat_xact_user_tables where relid = 'public.merchants'::regclass`);
      return { rows, stats };
    });

  it('a word every business has: 21 rows of the caller\'s city read in order, not 4,000 ranked', async () => {
    const { rows, stats } = await searchCounting('shop');
    expect(rows).toHaveLength(21);
    expect(rows.every((r) => r.tier === 1 && r.city_rank === 0)).toBe(true);
    expect(stats.seq).toBe(0);
    expect(stats.fetched).toBeLessThan(200);
  });

  it('a name prefix and no words at all: the btree range, in order', async () => {
    for (const words of ['plan shop 1', '']) {
      const { rows, stats } = await searchCounting(words);
      expect(rows).toHaveLength(21);
      expect(stats.seq).toBe(0);
      expect(stats.fetched).toBeLessThan(200);
    }
  });
});
