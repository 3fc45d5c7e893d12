// Decision 206 on PostgreSQL: business search reads the top page from the indexes, not every match. With 4,000
// businesses that all match "shop", one search may touch only a few pages' worth of rows: no sequential scan of the
// businesses and a bounded number of rows fetched, as counted by PostgreSQL's own per-transaction statistics
// (pg_stat_xact_user_tables), since the function's statements are dynamic and EXPLAIN of the call shows none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import type { Query } from '../db/database.ts';
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

  // Tier 0 of typed words runs as static statements whose plans the connection keeps: after five searches PostgreSQL
  // may switch to one generic plan, where the words are parameters. Forced here both ways, the pages must be the same.
  const pagesWith = (mode: 'force_generic_plan' | 'force_custom_plan', words: string, maxPages = 20) =>
    database.db.transaction({ role: 'authenticated', sub: ownerId }, async (q) => {
      await q(`select set_config('plan_cache_mode', $1, true)`, [mode]);
      // Counted as a difference: the previous transaction's counts may not be flushed yet (PostgreSQL 15 flushes
      // them at most once a second).
      const before = await merchantReads(q);
      const names: string[] = [];
      let after: unknown[] = [null, null, null, null, null];
      for (let pages = 0; pages < maxPages; pages++) {
        const rows = await q<{ id: string; name: string; tier: number; city_rank: number; score: number; name_key: string }>(
          `select id, name, tier, city_rank, score, name_key from private.search_businesses($1, null, null, 20, $2, $3, $4, $5, $6)`, [words, ...after]);
        // Tier 0 only: after the names starting with the words come their word and trigram matches.
        names.push(...rows.slice(0, 20).filter((r) => r.tier === 0).map((r) => r.name));
        if (rows.length <= 20 || rows.some((r) => r.tier > 0)) break;
        const last = rows[19];
        after = [last.tier, last.city_rank, last.score, last.name_key, last.id];
      }
      const done = await merchantReads(q);
      return { names, stats: { seq: done.seq - before.seq, fetched: done.fetched - before.fetched } };
    });
  const merchantReads = async (q: Query) => (await q<{ seq: number; fetched: number }>(
    `select coalesce(seq_scan, 0)::int as seq, (coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0))::int as fetched
       from pg_stat_xact_user_tables where relid = 'public.merchants'::regclass`))[0];

  it('a name prefix read with kept (generic) plans: the same pages as planned for its words, its range only', async () => {
    // 'plan shop 12' starts 111 names (12, 120-129, 1200-1299): six pages of tier 0, the caller's city (even numbers)
    // first.
    const [{ expected }] = await database.admin.query<{ expected: string[] }>(
      `select array_agg(name order by (city_id <> '${SEED.longmontId}'), lower(name) collate "C", id) as expected
         from public.merchants where active and lower(name) like 'plan shop 12%' and owner_user_id <> '${ownerId}'`);
    expect(expected).toHaveLength(111);
    const generic = await pagesWith('force_generic_plan', 'Plan Shop 12');
    const custom = await pagesWith('force_custom_plan', 'Plan Shop 12');
    expect(generic.names).toEqual(expected);
    expect(custom.names).toEqual(expected);
    // 'plan shop 1' starts 1,111 names: one page with the generic plan reads a page's worth of its range.
    const firstPage = await pagesWith('force_generic_plan', 'plan shop 1', 1);
    expect(firstPage.names).toHaveLength(20);
    expect(firstPage.stats.seq).toBe(0);
    expect(firstPage.stats.fetched).toBeLessThan(100);
    // A prefix no name has reads nothing with either plan.
    expect((await pagesWith('force_generic_plan', 'plan shop 99999')).names).toEqual([]);
  });

  it('the end of a name prefix\'s range: the next code point, past the surrogates; none for an empty or all-U+10FFFF prefix', async () => {
    const [row] = await database.admin.query<Record<string, string | null>>(
      `select private.name_prefix_end('shop') as shop, private.name_prefix_end('café') as cafe,
              private.name_prefix_end('a' || chr(55295)) = 'a' || chr(57344) as surrogates,
              private.name_prefix_end('a' || chr(1114111)) as last, private.name_prefix_end('') as empty,
              private.name_prefix_end(chr(1114111)) as none`);
    expect(row).toEqual({ shop: 'shoq', cafe: 'cafê', surrogates: true, last: 'b', empty: null, none: null });
  });
});

