import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenedDatabase } from './admin-sql.ts';
import { BASELINE_VERSION, prepareDatabase } from './migrate.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';

let database: OpenedDatabase;
const prepare = { seed: true, adminEmail: 'admin@example.com', adminPassword: 'secret123' };

beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

it('a database that applied the migrations the baseline replaced is brought forward without reapplying it (decision 184)', async () => {
  // As a .data/pglite directory made before the baseline looks: the 49 versions recorded, the last of them the
  // baseline's own (and two under the names they had before decision 075).
  const before = ['20261122000100', '20261122006000', '20261122006100', '20261126120000'];
  for (const version of before) {
    await database.admin.query('insert into supabase_migrations.schema_migrations (version) values ($1)', [version]);
  }
  const { applied } = await prepareDatabase(database.admin, prepare);
  expect(applied).toEqual([]);
  const versions = (await database.admin.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )).map((r) => r.version);
  expect(versions).toContain(BASELINE_VERSION);

  // One that applied only some of them would take the baseline over its own tables: it is stopped first.
  await database.admin.query('update supabase_migrations.schema_migrations set version = $1 where version = $2', ['20261126120100', BASELINE_VERSION]);
  try {
    await expect(prepareDatabase(database.admin, prepare)).rejects.toThrow(/applied 5 of the migrations that 20261127090000_baseline\.sql replaced/);
  } finally {
    await database.admin.query('update supabase_migrations.schema_migrations set version = $1 where version = $2', [BASELINE_VERSION, '20261126120100']);
    await database.admin.query('delete from supabase_migrations.schema_migrations where version = any($1)', [before]);
  }
  expect((await prepareDatabase(database.admin, prepare)).applied).toEqual([]);
});

it('the seed and its record commit together: a crash in between leaves nothing half done (issue 28)', async () => {
  // What a crash right after the seed's commit left before: the demo data without its record. Later starts
  // ran the seed again and stopped with 23505 duplicate key on every start.
  await database.admin.query('delete from supabase_migrations.seed_files');
  const warn = console.warn;
  console.warn = () => {};
  try {
    const { seeded } = await prepareDatabase(database.admin, prepare);
    expect(seeded).toBe(false);
  } finally {
    console.warn = warn;
  }
  expect(await database.admin.query('select path from supabase_migrations.seed_files')).toEqual([{ path: 'supabase/seed.sql' }]);
  // And the next start is an ordinary one.
  expect((await prepareDatabase(database.admin, prepare)).seeded).toBe(false);

  // The seed is sent in one transaction with its record: no statement between them can be cut by a crash.
  await database.admin.query('delete from supabase_migrations.seed_files');
  const sent: string[] = [];
  const crashing = {
    ...database.admin,
    exec: async (sql: string) => {
      sent.push(sql);
      if (sql.includes('insert into public.cities')) throw Object.assign(new Error('killed'), { code: 'XX000' });
      return database.admin.exec(sql);
    },
    query: database.admin.query.bind(database.admin),
  };
  await expect(prepareDatabase(crashing, prepare)).rejects.toThrow('killed');
  const seedSql = sent.find((sql) => sql.includes('insert into public.cities'));
  expect(seedSql).toBeDefined();
  expect(seedSql).toContain('insert into supabase_migrations.seed_files');
  await prepareDatabase(database.admin, { ...prepare, seed: false });
  await database.admin.query(`insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', 'x') on conflict do nothing`);
});
