// Logical dumps of a PostgreSQL database (decision 197): the hosted project (Supabase) or a runner with DATABASE_URL.
// pg_dump's custom format of the project's own schemas, with their data, grants and the migration history; not
// what the platform owns (auth, storage, realtime, extensions, cron, vault), which a new Supabase project brings
// and which local/bootstrap.sql makes on a plain server. `npm run dump` writes one; restoreDump reads one into an
// empty database, the way docs/operating.md tells an operator to.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '../../local/admin-sql.ts';
import { readSqlFile } from '../../local/sql-file.ts';

const root = join(import.meta.dirname, '..', '..');

/** The schemas the migrations make (supabase/schemas/foundation.sql, public) and the CLI's migration history. */
export const DUMPED_SCHEMAS = ['public', 'private', 'links', 'reporting', 'supabase_migrations'] as const;

/** A client tool (pg_dump, pg_restore): from PG_BIN, else the newest Debian installs, else PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+$/.test(v)).map(Number).sort((a, b) => b - a) : [];
  for (const version of versions) {
    const path = join(debian, String(version), 'bin', name);
    if (existsSync(path)) return path;
  }
  return name;
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.14 ...` → 15). */
export function toolMajor(tool: string): number {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  const major = /\)\s+(\d+)/.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || !major) throw new Error(`${tool} was not found or did not run: install PostgreSQL's client tools (e.g. apt-get install postgresql-client-15) or set PG_BIN.`);
  return Number(major);
}

async function serverMajor(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [row] = await sql<{ version: number }[]>`select current_setting('server_version_num')::int / 10000 as version`;
    return row!.version;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${err.trim()}`))));
  });
}

/**
 * Dumps the project's schemas of `url` to `file` (pg_dump --format=custom). pg_dump refuses a server newer than
 * itself: that is said before it starts, with what to install.
 */
export async function dumpDatabase(url: string, file: string): Promise<{ tool: string; toolVersion: number; serverVersion: number }> {
  const tool = pgTool('pg_dump');
  const [toolVersion, serverVersion] = [toolMajor(tool), await serverMajor(url)];
  if (serverVersion > toolVersion) {
    throw new Error(`The server runs PostgreSQL ${serverVersion} and ${tool} is ${toolVersion}: pg_dump cannot dump a newer server. ` +
      `Install PostgreSQL ${serverVersion}'s client tools and point PG_BIN at their bin folder (or use \`npx supabase db dump\`).`);
  }
  await run(tool, [
    '--format=custom', '--no-owner', '--file', file,
    ...DUMPED_SCHEMAS.map((schema) => `--schema=${schema}`),
    url,
  ]);
  return { tool, toolVersion, serverVersion };
}

/**
 * Restores a dump into an EMPTY database at `url`: what the platform provides first (local/bootstrap.sql: Supabase's
 * roles, auth.uid() and its kin, the extensions; idempotent, and a no-op beside what a Supabase project already
 * has), then pg_restore in one transaction, stopping at the first error.
 */
export async function restoreDump(file: string, url: string, options: { bootstrap?: boolean } = {}): Promise<void> {
  if (options.bootstrap !== false) {
    const opened = openPostgres(url, { poolSize: 1 });
    try {
      const [{ tables }] = await opened.admin.query<{ tables: number }>(
        `select count(*)::int as tables from pg_tables where schemaname = any($1)`, [DUMPED_SCHEMAS]);
      if (tables > 0) throw new Error(`The database already has ${tables} tables in ${DUMPED_SCHEMAS.join(', ')}: restore into an empty one.`);
      await opened.admin.exec(readSqlFile(join(root, 'local', 'bootstrap.sql')));
    } finally {
      await opened.close();
    }
  }
  // Every entry but `CREATE SCHEMA public` (pg_dump writes it when --schema names public; every database has it).
  const tool = pgTool('pg_restore');
  const listed = spawnSync(tool, ['--list', file], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`${tool} could not read ${file}: ${listed.stderr.trim()}`);
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-restore-'));
  try {
    const list = join(dir, 'entries.list');
    writeFileSync(list, listed.stdout.split('\n').filter((line) => !/^\d+; \d+ \d+ (SCHEMA|COMMENT) - (SCHEMA )?public /.test(line)).join('\n'));
    await run(tool, ['--no-owner', '--exit-on-error', '--single-transaction', '--use-list', list, '--dbname', url, file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
