// Migrates one template database per test run; every test file then gets its own copy
// (PGlite: loaded from a dump of the template; Postgres server: CREATE DATABASE ... TEMPLATE).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, withDatabase } from '../../local/admin-sql.ts';
import { prepareDatabase } from '../../local/migrate.ts';
import { TEST_ADMIN } from './constants.ts';

// Named after the checkout so two checkouts can test against one server at the same time.
export const TEMPLATE_DB = `paylocal_tpl_${basename(join(import.meta.dirname, '..', '..')).toLowerCase().replace(/[^a-z0-9]/g, '_')}`.slice(0, 60);

export default async function setup(project: TestProject) {
  const prepare = { seed: true, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password };
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Hosted rehearsal (tests/hosted/rehearsal.ts): the template was already made the way a hosted project
  // gets it (Supabase-shaped baseline, `supabase db push`, seed) and TEST_DATABASE_URL logs in as the
  // project's non-superuser postgres role, which owns it. Use it as it is.
  const prepared = process.env.TEST_DATABASE_TEMPLATE;
  if (serverUrl && prepared) {
    project.provide('databaseTemplate', { kind: 'postgres', url: serverUrl, template: prepared });
    return;
  }
  if (serverUrl) {
    const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await server.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await server.unsafe(`create database ${TEMPLATE_DB}`);
    await server.end();
    const template = openPostgres(withDatabase(serverUrl, TEMPLATE_DB));
    await prepareDatabase(template.admin, prepare);
    await template.close();
    project.provide('databaseTemplate', { kind: 'postgres', url: serverUrl, template: TEMPLATE_DB });
    return;
  }
  const template = await openPglite();
  await prepareDatabase(template.admin, prepare);
  const dump = await template.dump!();
  await template.close();
  const dir = join(import.meta.dirname, '..', '..', '.data', 'test-template');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}
