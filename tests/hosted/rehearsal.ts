// The hosted rehearsal (`npm test` step "hosted", when TEST_DATABASE_URL names a PostgreSQL server):
//  1. a database shaped like a new hosted Supabase project (tests/hosted/supabase-baseline.sql), owned
//     by a NON-superuser stand-in for Supabase's `postgres` role;
//  2. the pinned Supabase CLI pushes supabase/migrations to it (`supabase db push --db-url ...`), logged
//     in as that role; then the demo seed;
//  3. the RLS and privilege tests (supabase/tests) run against copies of it, logged in as that role;
//  4. the Edge Function from an isolated copy of supabase/functions under real Deno, behind a rewrite
//     proxy on another origin that serves dist/web, and a journey through it in Chromium
//     (playwright.hosted.config.ts; the stack itself is tests/hosted/stack.ts);
//  5. (part "cron", on a server that preloads pg_cron) the operator's Cron SQL run as written in a copy of the
//     pushed project, scheduled right after step 2 and checked at the end, once pg_cron has run every job
//     (tests/hosted/cron-rehearsal.ts, decision 194).
// `npm test` runs it on PostgreSQL 15 (all parts) and on 17 (parts db and rls: Debian has no pg_cron for 17, and the
// journey tests the Deno function and the proxy, not the server).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '../../local/admin-sql.ts';
import { prepareDatabase } from '../../local/migrate.ts';
import { readSqlFile } from '../../local/sql-file.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { checkOperatorJobs, scheduleOperatorJobs, type CronRehearsal } from './cron-rehearsal.ts';
import { REHEARSAL_DB, REHEARSAL_ROLE, rehearsalUrl } from './names.ts';

const root = join(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const superUrl = process.env.TEST_DATABASE_URL;
if (!superUrl) {
  console.error('hosted rehearsal: set TEST_DATABASE_URL to a PostgreSQL server (superuser) to run it');
  process.exit(1);
}
const only = process.argv.slice(2); // e.g. `tsx tests/hosted/rehearsal.ts db rls`
const wants = (part: string) => !only.length || only.includes(part);

function step(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const t0 = Date.now();
  console.log(`\n▷ hosted/${name}: ${[command, ...args].join(' ').replace(/:[^:@/]+@/, ':***@')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◁ hosted/${name} ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(1);
}

/**
 * Steps 1-2 for one database: the project as Supabase hands it over, the migrations pushed by the CLI, the seed.
 * `recreate` drops and makes the database; `in place` empties an existing one instead (pg_cron's database: dropping
 * it would end pg_cron's launcher for the server's lifetime; pg_cron itself stays there, with no jobs).
 */
async function makeProject(database: string, fresh: 'recreate' | 'in place') {
  // 1. The project database, as Supabase hands it over (the server's superuser plays supabase_admin).
  const server = postgres(superUrl!, { max: 1, onnotice: () => {} });
  const [exists] = await server`select 1 from pg_database where datname = ${database}`;
  if (fresh === 'recreate' && exists) await server.unsafe(`drop database ${database} with (force)`);
  if (fresh === 'recreate' || !exists) await server.unsafe(`create database ${database}`);
  await server.end();
  const project = postgres(rehearsalUrl(superUrl!, { superuser: true, database }), { max: 1, onnotice: () => {} });
  if (fresh === 'in place') {
    await project.unsafe(`
      do $$
      declare
        name text;
      begin
        for name in select extname from pg_extension where extname not in ('plpgsql', 'pg_cron') loop
          execute format('drop extension if exists %I cascade', name);
        end loop;
        for name in select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'cron') loop
          execute format('drop schema if exists %I cascade', name); -- an extension's drop may have taken it
        end loop;
        -- pg_cron stays (its launcher does not see a re-created extension's jobs); its jobs and history go.
        if exists (select 1 from pg_extension where extname = 'pg_cron') then
          perform cron.unschedule(jobid) from cron.job;
          delete from cron.job_run_details;
        end if;
      end
      $$;
      create schema public authorization pg_database_owner;
      grant usage on schema public to public;`);
  }
  await project.unsafe(readSqlFile(join(import.meta.dirname, 'supabase-baseline.sql')));
  await project.unsafe(`alter database ${database} owner to ${REHEARSAL_ROLE}`);
  const [role] = await project<{ rolsuper: boolean }[]>`select rolsuper from pg_roles where rolname = ${REHEARSAL_ROLE}`;
  await project.end();
  if (role.rolsuper) throw new Error(`${REHEARSAL_ROLE} must not be a superuser`);

  // 2. The pinned CLI pushes the migrations as that role (the server has no TLS: sslmode=disable).
  // Hosted, supautils' policy_grants lets postgres create the realtime.messages policy without owning the table
  // (supabase-baseline.sql, [supautils]); here a membership of the owner role stands in for it during the push only.
  const pushUrl = `${rehearsalUrl(superUrl!, { database })}?sslmode=disable`;
  const admin = postgres(rehearsalUrl(superUrl!, { superuser: true, database }), { max: 1, onnotice: () => {} });
  await admin.unsafe(`grant supabase_realtime_admin to ${REHEARSAL_ROLE}`);
  try {
    step(`db push (${database})`, bin('supabase'), ['db', 'push', '--db-url', pushUrl, '--yes'], { SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' });
  } finally {
    await admin.unsafe(`revoke supabase_realtime_admin from ${REHEARSAL_ROLE}`);
  }
  const [member] = await admin<{ realtime: boolean; storage: boolean }[]>`
    select pg_has_role(${REHEARSAL_ROLE}, 'supabase_realtime_admin', 'member') as realtime,
           pg_has_role(${REHEARSAL_ROLE}, 'supabase_storage_admin', 'member') as storage`;
  await admin.end();
  if (member.realtime || member.storage) throw new Error(`${REHEARSAL_ROLE} must not be a member of the realtime or storage admin roles (hosted it is not)`);

  // The CLI must have recorded every migration; then the demo seed (the operator's choice on a real project).
  const opened = openPostgres(rehearsalUrl(superUrl!, { database }), { poolSize: 1 });
  const { applied } = await prepareDatabase(opened.admin, {
    bootstrap: false, seed: true, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password,
  });
  await opened.close();
  const files = readdirSync(join(root, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'));
  if (applied.length) throw new Error(`db push left migrations unrecorded: ${applied.join(', ')}`);
  console.log(`hosted rehearsal: ${files.length} migrations pushed into ${database} by the CLI as ${REHEARSAL_ROLE} (not a superuser), seed applied`);
}

if (wants('db')) await makeProject(REHEARSAL_DB, 'recreate');

// 5. The Cron jobs are scheduled now, so that pg_cron (once a minute) runs them while the RLS tests and the journey go on.
let cron: CronRehearsal | undefined;
if (wants('cron')) cron = await scheduleOperatorJobs(superUrl, (database) => makeProject(database, 'in place'));

if (wants('rls')) {
  // 3. RLS + privilege tests on copies of the pushed database, logged in as the project role.
  const reports = process.env.HOSTED_REPORTS_DIR; // scripts/test-all.mjs collects the counts from here
  const json = reports ? ['--reporter=default', '--reporter=json', `--outputFile=${join(reports, `vitest-hosted${process.env.HOSTED_REPORT_LABEL ?? ''}.json`)}`] : [];
  step('rls', bin('vitest'), ['run', 'supabase/tests', '--maxWorkers=2', ...json], {
    TEST_DATABASE_URL: rehearsalUrl(superUrl, { database: 'postgres' }),
    TEST_DATABASE_TEMPLATE: REHEARSAL_DB,
  });
}

if (wants('e2e')) {
  // 4. The deployed-style stack and the journey in Chromium (build first: `vite build`).
  const reports = process.env.HOSTED_REPORTS_DIR;
  step('journey', bin('playwright'), ['test', '-c', 'playwright.hosted.config.ts'],
    reports ? { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright-hosted.json') } : {});
}

if (cron) {
  const t0 = Date.now();
  await checkOperatorJobs(superUrl, cron);
  console.log(`◁ hosted/cron ok (waited ${((Date.now() - t0) / 1000).toFixed(1)} s for pg_cron's runs)`);
}
