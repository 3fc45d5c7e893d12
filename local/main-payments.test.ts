// The local runner's entry (local/main.ts, what `npm start` runs) under NODE_ENV=production: the built-in
// test payments refuse to run unless ALLOW_TEST_PAYMENTS=true, by the deployed function's own rule
// (decision 170; the deployed entry's side is tests/deno/edge-function-env.test.ts). It stops before it
// opens a database, so nothing is touched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv } from '../tests/support/deployed-env.ts';
import { runEntry, type EntryRun } from '../tests/support/run-entry.ts';

const root = join(import.meta.dirname, '..');

/** Starts local/main.ts with `env` and resolves with its exit code and output (or stops it once it listens, or after 60 s). */
function start(env: Record<string, string>): Promise<EntryRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paylocal-main-payments-'));
  return runEntry(process.execPath, ['--import', 'tsx', join(root, 'local', 'main.ts')], {
    cwd: root,
    env: { ...cleanEnv(), NODE_ENV: undefined, DATABASE_URL: undefined, DATA_DIR: join(dataDir, 'pglite'), PORT: '0', ...env },
    ready: 'Pay Local ready',
  });
}

it('npm start with NODE_ENV=production and no Stripe keys exits 1 naming what to set, before any database work', async () => {
  const { code, output } = await start({ NODE_ENV: 'production', STRIPE_PUBLISHABLE_KEY: 'pk_live_not_shown' });
  expect(code, output).toBe(1);
  expect(output).toContain('Invalid environment for the local runner');
  expect(output).toMatch(/STRIPE_SECRET_KEY: missing \(.*ALLOW_TEST_PAYMENTS=true/);
  expect(output).toMatch(/STRIPE_WEBHOOK_SECRET: missing/);
  expect(output).not.toContain('pk_live_not_shown');
  expect(output).not.toContain('migrations applied');
  expect(output).not.toContain('Pay Local ready');
}, 90_000);

it('npm start with NODE_ENV=production refuses a live secret key with a test publishable key', async () => {
  const { code, output } = await start({
    NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_not_shown', STRIPE_PUBLISHABLE_KEY: 'pk_test_not_shown', STRIPE_WEBHOOK_SECRET: 'whsec_not_shown',
  });
  expect(code, output).toBe(1);
  expect(output).toMatch(/STRIPE_PUBLISHABLE_KEY: is a test-mode key but STRIPE_SECRET_KEY is a live-mode key/);
  expect(output).not.toMatch(/not_shown/);
}, 90_000);
