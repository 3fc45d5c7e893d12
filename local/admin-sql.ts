import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import postgres from 'postgres';
import { mkdirSync } from 'node:fs';
import type { Database } from '../supabase/functions/api/db/database.ts';
import { postgresDatabase } from '../supabase/functions/api/db/postgres-js.ts';
import { pgliteDatabase } from './pglite-database.ts';

/** A superuser connection for bootstrap, migrations and seeding (never used to serve requests). */
export interface AdminSql {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The extensions PGlite must load up front (Supabase has them available). */
export const pgliteExtensions = { pg_trgm, pgcrypto };

export interface OpenedDatabase {
  admin: AdminSql;
  /** The request-serving database (claims + RLS). */
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Postgres only: the connection string. */
  url?: string;
  /** PGlite only: a tarball of the data directory (used to clone test databases). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

function pgliteAdmin(pg: PGlite): AdminSql {
  return {
    exec: async (sql) => { await pg.exec(sql); },
    query: async (sql, params) => (await pg.query(sql, params)).rows as never,
    close: () => pg.close(),
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; fsync?: boolean } = {}): Promise<OpenedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // PGlite starts PostgreSQL with -F (fsync off): commits survive a killed process (the OS has the pages) but
  // not a power cut. PGLITE_FSYNC=true drops -F, so each commit reaches the disk (slower writes; docs/operating.md).
  const startParams = options.fsync ? PGlite.defaultStartParams.filter((p) => p !== '-F') : undefined;
  const pg = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: pgliteExtensions, startParams });
  const admin = pgliteAdmin(pg);
  return {
    admin, db: pgliteDatabase(pg), kind: 'pglite',
    dump: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  };
}

export function openPostgres(url: string, options: { poolSize?: number } = {}): OpenedDatabase {
  // One connection for admin work so session-level settings (seed parameters) stick.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const admin: AdminSql = {
    exec: async (text) => { await sql.unsafe(text); },
    query: async (text, params = []) => (await sql.unsafe(text, params as never[])) as never,
    close: () => sql.end({ timeout: 5 }),
  };
  const db = postgresDatabase(url, { max: options.poolSize ?? 10 });
  return {
    admin, db, kind: 'postgres', url,
    close: async () => { await Promise.all([admin.close(), db.close()]); },
  };
}

/** The same server's URL for another database on it (superuser URLs of the tests, the bench and db:diff). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
