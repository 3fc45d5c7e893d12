// The database as a person reads it, supabase/schemas/ (decision 186), and what proves the migrations make the same
// one: a database built from the schema files, one built from supabase/migrations, both on the local bootstrap
// (local/bootstrap.sql, what `npm start` and the test template stand on), and a snapshot of each to compare.
// Used by the equality test (scripts/schema-files.test.ts) and by `npm run db:diff` (scripts/db-diff.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import postgres from 'postgres';
import { openPostgres, withDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { readSqlFile } from '../local/sql-file.ts';

const root = join(import.meta.dirname, '..');
const supabaseDir = join(root, 'supabase');
export const SCHEMAS_DIR = join(supabaseDir, 'schemas');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * The schema files in the order they are applied: `[db.migrations] schema_paths` of supabase/config.toml, the
 * Supabase CLI's own list (paths relative to supabase/). One list for the CLI, this build and the test.
 */
export function schemaPaths(config = readFileSync(join(supabaseDir, 'config.toml'), 'utf8')): string[] {
  const section = config.split(/^\[/m).find((part) => part.startsWith('db.migrations]'));
  const list = section?.match(/^schema_paths\s*=\s*\[([^\]]*)\]/m)?.[1];
  if (!list) throw new Error('supabase/config.toml has no [db.migrations] schema_paths');
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => resolve(supabaseDir, m[1]!));
}

/** Every .sql file in supabase/schemas/, for the check that config.toml names each one once. */
export const schemaFilesOnDisk = () => readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.sql')).map((f) => join(SCHEMAS_DIR, f)).sort();

/** The schema files' text, in order, each under a line naming it (an error's position is then findable). */
export const schemaSql = () =>
  schemaPaths().map((path) => `-- ${relative(root, path)}\n${readFileSync(path, 'utf8')}`).join('\n;\n');

/** An empty database on the server (a superuser URL), named for what it holds; `drop` removes it. */
export async function scratchDatabase(serverUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `paylocal_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}

/** The local bootstrap, then the schema files in one transaction: the database as supabase/schemas/ declares it. */
export async function buildFromSchemas(url: string): Promise<void> {
  const opened = openPostgres(url, { poolSize: 1 });
  try {
    await opened.admin.exec(readSqlFile(join(root, 'local', 'bootstrap.sql')));
    await opened.admin.exec(`begin;\n${schemaSql()}\n;\ncommit;`);
  } finally {
    await opened.close();
  }
}

/** The local bootstrap, then supabase/migrations, as the local runner applies them (no seed). */
export async function buildFromMigrations(url: string): Promise<void> {
  const opened = openPostgres(url, { poolSize: 1 });
  try {
    await prepareDatabase(opened.admin, { seed: false, adminEmail: 'admin@paylocal.local', adminPassword: 'unused-here' });
  } finally {
    await opened.close();
  }
}

/** pg_dump's text without what changes between runs: the \restrict keys and the version banner. */
const normaliseDump = (dump: string) =>
  dump.split('\n').filter((line) => !/^\\(un)?restrict /.test(line) && !/^-- Dumped (from|by) /.test(line)).join('\n');

function pgDump(url: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(join(PG_BIN, 'pg_dump'), [...args, url]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', fail);
    child.on('close', (code) => code === 0 ? done(normaliseDump(Buffer.concat(out).toString('utf8'))) : fail(new Error(`pg_dump: ${Buffer.concat(err).toString('utf8')}`)));
  });
}

/** Tables the schema files insert rows into (e.g. private.platform_counters): their rows are compared too. */
export const seededTables = () =>
  [...new Set([...schemaSql().matchAll(/^insert into ([a-z_]+\.[a-z_]+)/gim)].map((m) => m[1]!.toLowerCase()))].sort();

/**
 * What decision 184 compared: pg_dump --schema-only of every schema but supabase_migrations (with and without
 * owners), default privileges, the permissions of every relation, column and function, schemas, extensions,
 * policies, publications, event triggers, comments, and the rows the schema files insert. One text per part.
 */
export async function snapshot(url: string): Promise<Record<string, string>> {
  const dumpArgs = ['--schema-only', '--exclude-schema=supabase_migrations'];
  const [withOwners, withoutOwners] = await Promise.all([pgDump(url, dumpArgs), pgDump(url, [...dumpArgs, '--no-owner'])]);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const user = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`;
  const catalog: Record<string, string> = {
    'default privileges': `select pg_get_userbyid(d.defaclrole) as role, coalesce(n.nspname, '-') as schema, d.defaclobjtype as kind, d.defaclacl::text as acl
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace order by 1, 2, 3`,
    'relation permissions': `select n.nspname || '.' || c.relname as relation, c.relkind as kind, coalesce(c.relacl::text, '(default)') as acl
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${user} order by 1`,
    'column permissions': `select n.nspname || '.' || c.relname || '.' || a.attname as column, a.attacl::text as acl
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where ${user} and a.attacl is not null order by 1`,
    'function permissions': `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as function,
      coalesce(p.proacl::text, '(default)') as acl from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${user} order by 1`,
    schemas: `select n.nspname as schema, pg_get_userbyid(n.nspowner) as owner, coalesce(n.nspacl::text, '(default)') as acl from pg_namespace n where ${user} order by 1`,
    extensions: `select e.extname, e.extversion, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace order by 1`,
    policies: `select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies order by 1, 2, 3`,
    publications: `select p.pubname, p.puballtables, p.pubinsert, p.pubupdate, p.pubdelete, p.pubtruncate,
      coalesce((select string_agg(t.schemaname || '.' || t.tablename, ', ' order by 1, 2) from pg_publication_tables t where t.pubname = p.pubname), '') as tables
      from pg_publication p order by 1`,
    'event triggers': `select evtname, evtevent, evtfoid::regproc::text, evtenabled, evttags::text from pg_event_trigger order by 1`,
    // Objects from 16384 on are the database's own (below: the system's); pg_describe_object names each stably.
    comments: `select pg_describe_object(classoid, objoid, objsubid) as object, description from pg_description
      where objoid >= 16384 order by 1`,
  };
  try {
    const parts: Record<string, string> = { 'pg_dump --schema-only': withOwners, 'pg_dump --schema-only --no-owner': withoutOwners };
    for (const [part, query] of Object.entries(catalog)) {
      const rows = await sql.unsafe(query);
      parts[part] = rows.map((row) => Object.values(row).map((v) => v === null ? 'NULL' : String(v)).join(' | ')).join('\n');
    }
    for (const table of seededTables()) {
      const rows = await sql.unsafe(`select to_jsonb(t)::text as row from ${table} t order by 1`);
      parts[`rows of ${table}`] = rows.map((r) => r.row as string).join('\n');
    }
    return parts;
  } finally {
    await sql.end();
  }
}

/** A unified diff of each part that differs (`diff -u`, labelled), or '' when the two snapshots are the same. */
export function drift(from: Record<string, string>, to: Record<string, string>, labels: [string, string]): string {
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-drift-'));
  try {
    const out: string[] = [];
    for (const part of [...new Set([...Object.keys(from), ...Object.keys(to)])]) {
      const a = from[part] ?? '';
      const b = to[part] ?? '';
      if (a === b) continue;
      writeFileSync(join(dir, 'a'), `${a}\n`);
      writeFileSync(join(dir, 'b'), `${b}\n`);
      const diff = spawnSync('diff', ['-u', '--label', `${labels[0]}: ${part}`, '--label', `${labels[1]}: ${part}`, join(dir, 'a'), join(dir, 'b')], { encoding: 'utf8' });
      out.push(diff.stdout || `${part} differs (no diff program to show how)`);
    }
    return out.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A throwaway PostgreSQL 15 (scripts/ci-postgres.sh) for a machine without TEST_DATABASE_URL. */
export function throwawayServer(): { url: string; stop: () => void } {
  const started = spawnSync('bash', ['-c', 'PG_REPLICA=0 PG17=0 source scripts/ci-postgres.sh >&2 && echo "$TEST_DATABASE_URL $PG_DIR"'], { cwd: root, encoding: 'utf8' });
  const [url, dir] = started.stdout.trim().split(' ');
  if (started.status !== 0 || !url || !dir) throw new Error(`no PostgreSQL 15 to build on (set TEST_DATABASE_URL): ${started.stderr}`);
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  return {
    url,
    stop: () => {
      const [command, ...args] = [...asPostgres, join(PG_BIN, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'fast', 'stop'];
      spawnSync(command!, args, { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
