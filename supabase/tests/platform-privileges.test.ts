// Privileges a Supabase project hands out that the app does not use (decision 078), and the objects bucket
// (decision 077). Hosted Supabase grants anon/authenticated ALL on public tables (incl. TRUNCATE, REFERENCES,
// TRIGGER, which RLS does not govern, and on PostgreSQL 17 and later MAINTAIN, decision 194); the local bootstrap
// does not, so these tests first grant them the way Supabase does, then apply the migrations' sections and check
// they are not given. On the Supabase-shaped database of the CI rehearsal (PostgreSQL 15 and 17) the first test
// checks the real thing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';

const BASELINE = readFileSync(join(import.meta.dirname, '..', 'migrations', '20261127090000_baseline.sql'), 'utf8');
/** The statements under a `-- ---- <title>` line of the baseline, up to the next such line. */
function section(title: string): string {
  const [, after] = BASELINE.split(new RegExp(`^-- -{10,} ${title.replace(/[()]/g, '\\$&')}\n`, 'm'));
  if (after === undefined) throw new Error(`no section "${title}" in the baseline migration`);
  return after.split(/^-- -{10,} /m)[0]!;
}
const MAINTAIN_MIGRATION = readFileSync(join(import.meta.dirname, '..', 'migrations', '20261128095000_revoke-maintain.sql'), 'utf8');
const PRIVILEGES_MIGRATION = `${section('Data API privileges (decision 078)')}\n;\n${MAINTAIN_MIGRATION}`;
const BUCKET_MIGRATION = section('Storage (decision 077)');

/** The privileges RLS does not govern; MAINTAIN exists from PostgreSQL 17 on (15 rejects the word). */
const unusedPrivileges = (serverVersion: number) => ['TRUNCATE', 'REFERENCES', 'TRIGGER', ...(serverVersion >= 170000 ? ['MAINTAIN'] : [])];
/** Every (table, role, privilege) in public where anon/authenticated hold one of them. */
const unusedGrants = (serverVersion: number) => `
  select c.relname as table, r.rolname as role, p.privilege
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    cross join (values ('anon'), ('authenticated')) as r (rolname)
    cross join (values ${unusedPrivileges(serverVersion).map((p) => `('${p}')`).join(', ')}) as p (privilege)
   where c.relkind in ('r', 'p', 'v', 'm', 'f')
     and has_table_privilege(r.rolname, c.oid, p.privilege)
   order by 1, 2, 3`;

let db: OpenedDatabase;
let UNUSED_GRANTS: string;
let serverVersion: number;
beforeAll(async () => {
  db = await openTestDatabase();
  [{ serverVersion }] = await db.admin.query<{ serverVersion: number }>(`select current_setting('server_version_num')::int as "serverVersion"`);
  UNUSED_GRANTS = unusedGrants(serverVersion);
});
afterAll(() => db.close());

describe('anon and authenticated hold no TRUNCATE, REFERENCES, TRIGGER (or, from 17 on, MAINTAIN) on public tables', () => {
  it('as migrated', async () => {
    const tables = await db.admin.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(tables[0].n).toBeGreaterThan(10);
    expect(await db.admin.query(UNUSED_GRANTS)).toEqual([]);
  });

  it("after Supabase's broad default grants, the migration narrows them for every table made after it", async () => {
    // The baseline runs this section before it creates any table (the tables of a hosted project are all made later).
    await db.admin.exec('alter default privileges in schema public grant all on tables to anon, authenticated');
    await db.admin.exec('create table public.before_probe (id int primary key)');
    try {
      // The check can fail: it sees the broad grants on a table made before the section.
      const broad = await db.admin.query<{ privilege: string }>(UNUSED_GRANTS);
      expect(new Set(broad.map((row) => row.privilege))).toEqual(new Set(unusedPrivileges(serverVersion)));
    } finally {
      await db.admin.exec('drop table public.before_probe');
    }
    await db.admin.exec(PRIVILEGES_MIGRATION);
    await db.admin.exec('create table public.later_probe (id int primary key)');
    try {
      expect(await db.admin.query(UNUSED_GRANTS)).toEqual([]);
      // What the app does use is still granted (RLS decides the rows).
      const [row] = await db.admin.query<{ ok: boolean }>(`select has_table_privilege('authenticated', 'public.later_probe', 'SELECT') as ok`);
      expect(row.ok).toBe(true);
    } finally {
      await db.admin.exec('drop table public.later_probe');
    }
  });

  it('takes MAINTAIN back from the tables a project on PostgreSQL 17 made before the migration', async (context) => {
    if (serverVersion < 170000) context.skip('PostgreSQL 15 and 16 have no MAINTAIN privilege');
    await db.admin.exec('create table public.deployed_probe (id int primary key)');
    try {
      await db.admin.exec('grant all on public.deployed_probe to anon, authenticated');
      const held = `select count(*)::int as n from unnest(array['anon', 'authenticated']) as r
                     where has_table_privilege(r, 'public.deployed_probe', 'MAINTAIN')`;
      expect((await db.admin.query<{ n: number }>(held))[0].n).toBe(2);
      await db.admin.exec(MAINTAIN_MIGRATION);
      expect((await db.admin.query<{ n: number }>(held))[0].n).toBe(0);
    } finally {
      await db.admin.exec('drop table public.deployed_probe');
    }
  });

  it('closes GraphQL to anon and authenticated where its schemas exist', async () => {
    // A Supabase-shaped baseline has graphql_public (pg_graphql); the local bootstrap does not: make a stand-in.
    const [existing] = await db.admin.query<{ found: boolean }>(`select exists (select 1 from pg_namespace where nspname = 'graphql_public') as found`);
    if (!existing.found) {
      await db.admin.exec(`
        create schema graphql_public;
        create function graphql_public.graphql(query text) returns jsonb language sql as $$ select '{}'::jsonb $$;`);
    }
    try {
      await db.admin.exec('grant usage on schema graphql_public to anon, authenticated');
      await db.admin.exec(PRIVILEGES_MIGRATION);
      // Without USAGE on the schema the role cannot reach the resolver, whatever PUBLIC may execute.
      const rows = await db.admin.query<{ role: string; usage: boolean }>(`
        select r as role, has_schema_privilege(r, 'graphql_public', 'USAGE') as usage
          from unnest(array['anon', 'authenticated']) as r`);
      expect(rows).toEqual([{ role: 'anon', usage: false }, { role: 'authenticated', usage: false }]);
      const call = db.db.transaction({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' }, (q) => q(`select graphql_public.graphql('{}')`));
      await expect(call).rejects.toMatchObject({ code: '42501' });
    } finally {
      if (!existing.found) await db.admin.exec('drop schema graphql_public cascade');
    }
  });
});

describe('the objects bucket', () => {
  it('is a no-op without a storage schema (the local bootstrap)', async () => {
    const [before] = await db.admin.query<{ storage: string | null }>(`select to_regclass('storage.buckets')::text as storage`);
    if (before.storage) return; // a Supabase-shaped baseline: covered below
    await expect(db.admin.exec(BUCKET_MIGRATION)).resolves.toBeUndefined();
  });

  it("creates the public bucket once, with the API's limits, on Supabase's storage.buckets", async () => {
    const [existing] = await db.admin.query<{ storage: string | null }>(`select to_regclass('storage.buckets')::text as storage`);
    if (!existing.storage) {
      // The columns of Supabase Storage's buckets table that the migration writes.
      await db.admin.exec(`
        create schema storage;
        create table storage.buckets (
          id text primary key, name text not null unique, owner uuid, public boolean default false,
          file_size_limit bigint, allowed_mime_types text[], created_at timestamptz default now(), updated_at timestamptz default now());`);
    }
    await db.admin.exec(BUCKET_MIGRATION);
    await db.admin.exec(BUCKET_MIGRATION);
    const rows = await db.admin.query(`select id, name, public, file_size_limit::int as limit, allowed_mime_types as types from storage.buckets where id = 'objects'`);
    expect(rows).toEqual([{
      id: 'objects', name: 'objects', public: true, limit: 5_242_880, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    }]);
  });
});
