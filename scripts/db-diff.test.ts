// `npm run db:diff` (decision 186): the migration it writes takes a database the migrations made to the one the
// schema files declare, comments, rows and privileges included, and what it cannot write is reported, not lost.
// Here the "schema edit" is SQL applied to a second migrated database. PostgreSQL only: skipped without
// TEST_DATABASE_URL.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../local/admin-sql.ts';
import { migrationBetween, nextVersion } from './db-diff.ts';
import { withDatabase } from '../local/admin-sql.ts';
import { buildFromMigrations, scratchDatabase } from './schema-files.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('Skipping the db:diff tests on a database: TEST_DATABASE_URL is unset (they need PostgreSQL 15).');

describe('nextVersion', () => {
  it('is now in UTC, or one after the newest migration when that is not earlier', () => {
    const now = new Date('2026-11-28T07:05:09Z');
    expect(nextVersion(['20261127090000_baseline.sql'], now)).toBe('20261128070509');
    expect(nextVersion(['20261127090000_baseline.sql', '20261128070509_a.sql'], now)).toBe('20261128070510');
    expect(nextVersion([], now)).toBe('20261128070509');
  });
});

/** Built once: the database the migrations make, copied (CREATE DATABASE ... TEMPLATE) for each case. */
let migratedOnce: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

/** A migrated database and a second one with `edit` on top: the migrations, and the schema files after an edit. */
async function pair(edit: string) {
  const template = new URL(migratedOnce!.url).pathname.slice(1);
  const copy = async (label: string) => {
    const name = `paylocal_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const server = postgres(url!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name} template ${template}`);
    return {
      url: withDatabase(url!, name),
      drop: async () => {
        await server.unsafe(`drop database if exists ${name} with (force)`);
        await server.end();
      },
    };
  };
  const [migrated, declared] = await Promise.all([copy('diff_test_from'), copy('diff_test_to')]);
  const opened = openPostgres(declared.url, { poolSize: 1 });
  await opened.admin.exec(edit).finally(() => opened.close());
  return { migrated, declared, drop: () => Promise.all([migrated.drop(), declared.drop()]) };
}

describe.skipIf(!url)('the migration db:diff writes', () => {
  beforeAll(async () => {
    migratedOnce = await scratchDatabase(url!, 'diff_test_base');
    await buildFromMigrations(migratedOnce.url);
  }, 120_000);
  afterAll(() => migratedOnce?.drop());

  it('makes the declared database: tables, policies, then the comments, rows, privileges and default privileges migra leaves out', async () => {
    const { migrated, declared, drop } = await pair(`
      create table public.city_notes (id uuid primary key, city_id uuid not null references public.cities(id) on delete cascade, note text not null);
      comment on table public.city_notes is 'A note about a city';
      comment on column public.city_notes.note is 'Its text';
      comment on table public.cities is 'Cities, changed';
      alter table public.city_notes enable row level security;
      create policy "city_notes: signed-in read" on public.city_notes for select to authenticated using (true);
      revoke delete, insert, update on table public.city_notes from anon;
      grant update (note) on table public.city_notes to authenticated;
      create function private.city_note_count(p_city uuid) returns bigint language sql stable set search_path to ''
        as $$ select count(*) from public.city_notes n where n.city_id = p_city $$;
      revoke execute on function private.city_note_count(uuid) from public;
      grant execute on function private.city_note_count(uuid) to authenticated;
      insert into private.platform_counters (metric, shard, value) values ('total_users', 1, 0);
      alter default privileges in schema private grant select on tables to service_role;`);
    try {
      const change = await migrationBetween(migrated.url, declared.url);
      expect(change.applies).toBe(true);
      expect(change.left).toBe('');
      expect(change.body).toMatch(/^create table "public"\."city_notes"/m);
      expect(change.body).toMatch(/^create policy "city_notes: signed-in read"/m);
      expect(change.body).toContain("comment on table public.city_notes is 'A note about a city';");
      expect(change.body).toContain("comment on column public.city_notes.note is 'Its text';");
      expect(change.body).toContain("comment on table public.cities is 'Cities, changed';");
      expect(change.body).toContain('insert into private.platform_counters select * from jsonb_populate_record(null::private.platform_counters, \'{"shard": 1, "value": 0, "metric": "total_users"}\');');
      // Created under the default privileges of public, then narrowed as the declared ACL is (the order is the ACL's).
      expect(change.body).toMatch(/^revoke (insert|update|delete), (insert|update|delete), (insert|update|delete) on table public\.city_notes from anon;$/m);
      expect(change.body).toContain('grant update (note) on table public.city_notes to authenticated;');
      expect(change.body).toContain('revoke execute on function private.city_note_count(p_city uuid) from public;');
      expect(change.body).toContain('grant execute on function private.city_note_count(p_city uuid) to authenticated;');
      expect(change.body).toContain('alter default privileges in schema private grant select on tables to service_role;');
      expect(change.destructive).toEqual([]);
    } finally {
      await drop();
    }
  }, 120_000);

  it('reports what it cannot write (a row changed in place) instead of dropping it', async () => {
    const { migrated, declared, drop } = await pair("update private.platform_counters set value = 5 where metric = 'total_users' and shard = 0;");
    try {
      const change = await migrationBetween(migrated.url, declared.url);
      expect(change.counts).toEqual({ migra: 0, added: 0, granted: 0 });
      expect(change.left).toContain('+++ supabase/schemas: rows of private.platform_counters');
      expect(change.left).toContain('+{"shard": 0, "value": 5, "metric": "total_users"}');
    } finally {
      await drop();
    }
  }, 120_000);
});
