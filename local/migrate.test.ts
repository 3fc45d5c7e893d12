import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenedDatabase } from './admin-sql.ts';
import { prepareDatabase, RENAMED_VERSIONS } from './migrate.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';

let database: OpenedDatabase;
const prepare = { seed: true, adminEmail: 'admin@example.com', adminPassword: 'secret123' };

beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

it('a database that recorded the migrations under their old names is brought forward without reapplying them', async () => {
  // As a .data/pglite directory made before the rename would look.
  for (const [from, to] of Object.entries(RENAMED_VERSIONS)) {
    await database.admin.query('update supabase_migrations.schema_migrations set version = $1 where version = $2', [from, to]);
  }
  const { applied } = await prepareDatabase(database.admin, prepare);
  expect(applied).toEqual([]);
  const versions = (await database.admin.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  )).map((r) => r.version);
  for (const [from, to] of Object.entries(RENAMED_VERSIONS)) {
    expect(versions).toContain(to);
    expect(versions).not.toContain(from);
  }
});
