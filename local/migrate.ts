import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminSql } from './admin-sql.ts';
import { readSqlFile } from './sql-file.ts';

const root = join(import.meta.dirname, '..');
const migrationsDir = join(root, 'supabase', 'migrations');
const seedPath = join(root, 'supabase', 'seed.sql');
const bootstrapPath = join(import.meta.dirname, 'bootstrap.sql');

/**
 * The baseline (decision 184): one migration in place of the 49 before it, under the last of their versions. A
 * database that applied them all has this version recorded and skips it; one that applied only some cannot take
 * it (its tables are there already), and is stopped before the first statement.
 */
export const BASELINE_VERSION = '20261127090000';

export interface PrepareOptions {
  seed: boolean;
  adminEmail: string;
  adminPassword: string;
  /** Apply local/bootstrap.sql first (default). The hosted rehearsal's database already has Supabase's baseline. */
  bootstrap?: boolean;
}

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database to the current schema the way the Supabase CLI would: the local bootstrap
 * (what Supabase itself provides), then each migration once, recorded in
 * supabase_migrations.schema_migrations, then seed.sql once.
 */
export async function prepareDatabase(admin: AdminSql, options: PrepareOptions): Promise<PrepareResult> {
  if (options.bootstrap !== false) await admin.exec(readSqlFile(bootstrapPath));
  await admin.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
  `);
  const done = new Set(
    (await admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map((r) => r.version),
  );
  const older = [...done].filter((version) => version < BASELINE_VERSION);
  if (older.length && !done.has(BASELINE_VERSION)) {
    throw new Error(
      `This database applied ${older.length} of the migrations that ${BASELINE_VERSION}_baseline.sql replaced, not all of them ` +
      '(decision 184). Bring it forward with a checkout from before the baseline (`git log -- supabase/migrations`), ' +
      'then start again with this one; or start from an empty database (local: delete .data/pglite).',
    );
  }
  const applied: string[] = [];
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const record = `insert into supabase_migrations.schema_migrations (version, name) values (${quote(version)}, ${quote(rest.join('_'))});`;
    await inTransaction(admin, `${readFileSync(join(migrationsDir, file), 'utf8')}\n;\n${record}`);
    applied.push(file);
  }

  await admin.query(`select set_config('app.admin_email', $1, false), set_config('app.admin_password', $2, false)`, [
    options.adminEmail, options.adminPassword,
  ]);
  let seeded = false;
  const [seedRow] = await admin.query('select 1 from supabase_migrations.seed_files limit 1');
  if (options.seed && !seedRow) {
    const seed = readFileSync(seedPath, 'utf8');
    // The seed and its record commit together (issue 28): a crash between two commits left the data without
    // the record, and every later start ran the seed again into `23505 duplicate key`.
    const record = `insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', ${quote(createHash('sha256').update(seed).digest('hex'))});`;
    try {
      await inTransaction(admin, `${seed}\n;\n${record}`);
      seeded = true;
    } catch (error) {
      // A database an older version left in that state: its demo data is there, only the record is missing.
      if ((error as { code?: string }).code !== '23505') throw error;
      await admin.exec(record);
      console.warn('The demo data was already there without its record (an earlier start stopped in between); recorded it now.');
    }
  }
  // The designated admin follows ADMIN_EMAIL on every start.
  await admin.query(
    `insert into private.app_settings (key, value) values ('admin_email', lower($1))
     on conflict (key) do update set value = excluded.value`,
    [options.adminEmail],
  );
  await admin.query(`select set_config('app.admin_password', '', false)`);
  return { applied, seeded };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function inTransaction(admin: AdminSql, sql: string) {
  await admin.exec('begin');
  try {
    await admin.exec(sql);
    await admin.exec('commit');
  } catch (error) {
    await admin.exec('rollback');
    throw error;
  }
}
