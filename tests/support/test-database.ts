import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { describe, inject } from 'vitest';
import { openPglite, openPostgres, type OpenedDatabase } from '../../local/admin-sql.ts';
import type { Claims, Query } from '../../supabase/functions/api/db/database.ts';
import { withDatabase } from '../../local/admin-sql.ts';
import { TEST_DATABASE_OPENED } from './constants.ts';

/** A private, migrated and seeded database for one test file. */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  (globalThis as Record<symbol, unknown>)[TEST_DATABASE_OPENED] = true; // checked by tests/support/database-use.ts
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([readFileSync(template.file)]) });
  }
  const name = `paylocal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const server = postgres(template.url, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name} template ${template.template}`);
  const url = withDatabase(template.url, name);
  const opened = openPostgres(url, { poolSize: 20 });
  return {
    ...opened,
    url,
    close: async () => {
      await opened.close();
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}

/**
 * A describe block that runs only on a PostgreSQL server (TEST_DATABASE_URL set): PGlite runs one transaction at a
 * time, so nothing would race there. Without one it is skipped, and says so.
 */
export function describeOnPostgres(name: string, body: () => void) {
  const onServer = Boolean(process.env.TEST_DATABASE_URL);
  if (!onServer) console.warn(`Skipping "${name}": TEST_DATABASE_URL is unset (it needs a PostgreSQL server, not PGlite).`);
  describe.skipIf(!onServer)(name, body);
}

/** Runs SQL as a signed-in user (role authenticated, RLS on), like the API does. */
export const asUser = <T>(database: OpenedDatabase, userId: string, work: (q: Query) => Promise<T>) =>
  database.db.transaction({ role: 'authenticated', sub: userId } satisfies Claims, work);

export const asAnon = <T>(database: OpenedDatabase, work: (q: Query) => Promise<T>) =>
  database.db.transaction({ role: 'anon' }, work);

export const asService = <T>(database: OpenedDatabase, work: (q: Query) => Promise<T>) =>
  database.db.transaction({ role: 'service_role' }, work);

/** An account as the RLS tests make them: a profile row only (they never sign in through the API). */
export interface TestProfile { readonly id: string; readonly email: string; readonly name: string; readonly role: 'USER' | 'MERCHANT' | 'ADMIN' | 'STAFF' }

/** A second ADMIN-role account that is not the designated admin: the policies must treat it as any other account. */
export const secondAdmin = (id: string, email = 'second-admin@example.com'): TestProfile => ({ id, email, name: 'Second Admin', role: 'ADMIN' });

/** Inserts the profiles in one statement (run it as service_role). */
export const insertProfiles = (q: Query, ...profiles: readonly TestProfile[]) =>
  q(`insert into public.profiles (id, email, name, role) values ${profiles.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`).join(', ')}`,
    profiles.flatMap((p) => [p.id, p.email, p.name, p.role]));
