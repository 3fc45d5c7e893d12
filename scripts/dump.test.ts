// The hosted path's backup (decision 197): `npm run dump` makes a logical dump of a database with rows of its own,
// and restoreDump (docs/operating.md's two steps) reads it into an EMPTY PostgreSQL 15 database: the same rows in
// every table of the project's schemas, the migration history that makes the runner apply nothing and seed nothing,
// and the API serving a sign-in on it. PostgreSQL only (pg_dump): skipped without TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPostgres, type OpenedDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { parseApiEnv } from '../supabase/functions/api/env.ts';
import { SEED } from '../tests/support/constants.ts';
import { subscribeThroughApi } from '../tests/support/subscribe.ts';
import { Agent, TEST_ENV } from '../tests/support/test-app.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';
import { scratchDatabase } from './schema-files.ts';
import { DUMPED_SCHEMAS, restoreDump } from './support/pg-dump.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('Skipping "npm run dump, restored into an empty PostgreSQL 15": TEST_DATABASE_URL is unset (it needs PostgreSQL 15 and pg_dump).');
const root = join(import.meta.dirname, '..');

/** Rows per table of the project's schemas. */
async function rowCounts(database: OpenedDatabase): Promise<Record<string, number>> {
  const tables = await database.admin.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = any($1) order by 1`, [DUMPED_SCHEMAS]);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await database.admin.query<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n;
  return counts;
}

const appOn = (database: OpenedDatabase) =>
  createApp({ ...depsFromEnv(parseApiEnv({ ...TEST_ENV, MAIL_DIR: mkdtempSync(join(tmpdir(), 'paylocal-mail-')) }), database.db), requestLog: () => {} });

describe('npm run dump, restored into an empty PostgreSQL 15', () => {
  it.skipIf(!url)('holds every row of the project\'s schemas, the migration history, and an app that serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paylocal-dump-'));
    const source = await openTestDatabase();
    const target = await scratchDatabase(url!, 'restored');
    try {
      // Rows of its own beyond the seed: a member who paid through the checkout.
      const done = (await subscribeThroughApi(new Agent(appOn(source), '198.51.100.7'), {
        email: 'dumped@example.com', name: 'Dana Dump', password: 'secret123', homeCityId: SEED.lyonsId,
      })).completed!;
      expect(done.status).toBe(200);

      const file = join(dir, 'hosted.dump');
      const dump = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'dump.ts'), source.url!, file], { cwd: root, encoding: 'utf8' });
      expect(dump.status, dump.stderr).toBe(0);
      expect(dump.stdout).toMatch(/Dump written to .*PostgreSQL 15/);
      expect(existsSync(`${file}.partial`)).toBe(false);

      await restoreDump(file, target.url);
      const restored = openPostgres(target.url, { poolSize: 2 });
      try {
        const [before, after] = await Promise.all([rowCounts(source), rowCounts(restored)]);
        expect(Object.keys(after).length).toBeGreaterThan(40);
        expect(after).toEqual(before);
        expect(after['public.payments']).toBeGreaterThan(0);
        // The migration history came along: the runner on the copy applies nothing and seeds nothing.
        expect(await prepareDatabase(restored.admin, { seed: true, adminEmail: TEST_ENV.ADMIN_EMAIL, adminPassword: 'unused-here' }))
          .toEqual({ applied: [], seeded: false });
        // The API serves on it, row-level security and the session functions included.
        const agent = new Agent(appOn(restored), '198.51.100.8');
        await agent.login('dumped@example.com', 'secret123');
        expect((await agent.get('/api/subscription/details')).body.isActive).toBe(true);
        expect((await agent.get('/api/member/export')).body.payments).toHaveLength(1);
      } finally {
        await restored.close();
      }
      // A database that already holds the schemas is refused.
      await expect(restoreDump(file, target.url)).rejects.toThrow(/restore into an empty one/);
    } finally {
      await target.drop();
      await source.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
