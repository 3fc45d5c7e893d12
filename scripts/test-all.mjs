#!/usr/bin/env node
// `npm test`: every check a change must pass, in order, stopping at the first failure:
// typecheck, lint, unit + API + RLS + Deno tests (PGlite; those that use the database again on PostgreSQL 15 when
// TEST_DATABASE_URL is set, and the server-dependent suites on PostgreSQL 17 when TEST_DATABASE_17_URL is), the
// production build, the hosted rehearsal (on 15, and on 17), its quality budgets, then the end-to-end journeys in
// real Chromium. Ends with one summary line. scripts/ci-postgres.sh starts the servers and exports the URLs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const started = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;

function run(step, command, args, env = {}) {
  if (only.length && !only.includes(step)) return;
  const t0 = Date.now();
  console.log(`\n▶ ${step}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${step} ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (result.status !== 0) finish(1, step);
}

/**
 * Runs steps side by side, each its commands in turn, then prints each step's output in order: for checks that
 * read the sources only (no server, no clock), so that both cores work. Stops as `run` does at the first failure.
 */
async function runSideBySide(steps) {
  const chosen = steps.filter(({ step }) => !only.length || only.includes(step));
  const t0 = Date.now();
  const outcomes = await Promise.all(chosen.map(async ({ step, commands }) => {
    const output = [];
    let status = 0;
    for (const [command, args] of commands) {
      output.push(`\n▶ ${step}: ${[command, ...args].join(' ')}\n`);
      status = await new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => { output.push(`${error.message}\n`); resolve(1); });
        child.on('close', (code) => resolve(code ?? 1));
      });
      if (status !== 0) break;
    }
    return { step, output, status, seconds: ((Date.now() - t0) / 1000).toFixed(1) };
  }));
  for (const { step, output, status, seconds } of outcomes) {
    process.stdout.write(Buffer.concat(output.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))));
    console.log(`◀ ${step} ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s (side by side with ${chosen.length - 1} other)`);
  }
  const failedStep = outcomes.find(({ status }) => status !== 0);
  if (failedStep) finish(1, failedStep.step);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0); failed += s.unexpected; skipped += s.skipped;
}

function finish(code, failedStep) {
  countVitest(join(reports, 'vitest-pglite.json'));
  countVitest(join(reports, 'vitest-postgres.json'));
  countVitest(join(reports, 'vitest-postgres-17.json'));
  countPlaywright(join(reports, 'playwright.json'));
  countVitest(join(reports, 'vitest-hosted.json'));
  countVitest(join(reports, 'vitest-hosted-17.json'));
  countPlaywright(join(reports, 'playwright-hosted.json'));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (failedStep) console.log(`\nFAILED at step "${failedStep}" after ${seconds} s`);
  else console.log(`\nAll checks passed in ${seconds} s`);
  console.log(`tests: ${passed} passed, ${failed + (code && !failed ? 1 : 0)} failed, ${skipped} skipped`);
  process.exit(code);
}

// The browser tests drive Debian's Chromium; install it when missing and we are allowed to.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if ((!only.length || only.includes('e2e')) && !existsSync(chromium)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Chromium not found at ${chromium}: installing Debian's chromium package (apt-get)...`);
    run('chromium', 'bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
  } else {
    console.error(`Chromium not found at ${chromium}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    finish(1, 'chromium');
  }
}

await runSideBySide([
  { step: 'typecheck', commands: [[bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']]] },
  // knip: unused files, exports and dependencies (knip.json)
  { step: 'lint', commands: [[bin('eslint'), ['.', '--max-warnings=0']], [bin('knip'), []]] },
]);
const { TEST_DATABASE_URL, TEST_DATABASE_17_URL, TEST_DATABASE_17_READ_URL, ...envWithoutServer } = process.env;
run('unit', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest-pglite.json')}`],
  { ...envWithoutServer, TEST_DATABASE_URL: '' });
// On PostgreSQL 15: the files whose outcome can change with the server (ONLY_DATABASE_TESTS, vitest.config.ts: those
// that reach TEST_DATABASE_URL or the test database's template, found from their imports on every run). The others
// (components, pure units, lint) would only repeat the PGlite run.
if (TEST_DATABASE_URL) {
  run('postgres', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest-postgres.json')}`],
    { TEST_DATABASE_URL, ONLY_DATABASE_TESTS: '1' });
} else if (!only.length || only.includes('postgres')) {
  console.log('\n(no TEST_DATABASE_URL: the database tests ran on PGlite only; set it to also run them on a PostgreSQL server)');
}
// PostgreSQL 17, what hosted projects run (decision 194): the suites whose outcome can change with the server's
// major version. Privileges and RLS (17 adds MAINTAIN to ALL; 16 changed what CREATEROLE grants), the migrations
// themselves (17 runs maintenance with a safe search_path), the replica (built another way on 17), the
// transaction limits and WAL positions. The rest of the API suite sends the same SQL through the same driver to a
// server whose query semantics these majors keep; it runs on 15 above and on PGlite (18) in the unit step.
const POSTGRES_17_SUITES = ['supabase/tests', 'supabase/functions/api/db', 'local/migrate.test.ts'];
if (TEST_DATABASE_17_URL) {
  run('postgres-17', bin('vitest'), ['run', ...POSTGRES_17_SUITES, '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest-postgres-17.json')}`],
    { TEST_DATABASE_URL: TEST_DATABASE_17_URL, TEST_DATABASE_READ_URL: TEST_DATABASE_17_READ_URL ?? '' });
} else if (!only.length || only.includes('postgres-17')) {
  console.log('\n(no TEST_DATABASE_17_URL: nothing ran on PostgreSQL 17; scripts/ci-postgres.sh starts one from node_modules)');
}
run('build', bin('vite'), ['build']);
// The hosted rehearsal (tests/hosted/rehearsal.ts): a Supabase-shaped database on the PostgreSQL server,
// migrations pushed by the pinned Supabase CLI as a non-superuser, the RLS tests there, then the Edge
// Function under Deno from an isolated copy, behind a rewrite proxy, driven in Chromium.
if (TEST_DATABASE_URL) {
  run('hosted', bin('tsx'), ['tests/hosted/rehearsal.ts'], { TEST_DATABASE_URL, HOSTED_REPORTS_DIR: reports });
} else if (!only.length || only.includes('hosted')) {
  console.log('\n(no TEST_DATABASE_URL: the hosted rehearsal needs a PostgreSQL server; skipped)');
}
// On 17: the project as Supabase hands it over, the CLI's push and the RLS tests there (MAINTAIN as a hosted project
// has it). No Cron part (Debian ships pg_cron for 15 only) and no browser journey (it tests the Deno function and
// the proxy, which do not change with the server).
if (TEST_DATABASE_17_URL) {
  run('hosted-17', bin('tsx'), ['tests/hosted/rehearsal.ts', 'db', 'rls'],
    { TEST_DATABASE_URL: TEST_DATABASE_17_URL, HOSTED_REPORTS_DIR: reports, HOSTED_REPORT_LABEL: '-17', REHEARSAL_CRON: '' });
}
// Quality budgets of the built app: initial JS, precache, Lighthouse accessibility gate; Lighthouse performance
// is reported (it moves with the machine's load) and gated by `npm run bench` (scripts/quality-budgets.ts). One
// Lighthouse run per page here: the accessibility score it gates does not vary between runs, and the median of
// three only steadies the performance score, which `npm run bench` gates.
run('budgets', bin('tsx'), ['scripts/quality-budgets.ts'],
  { LIGHTHOUSE_PERFORMANCE: 'report', LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? '1' });
run('e2e', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') });
finish(0);
