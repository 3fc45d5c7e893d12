// The deployed entry (supabase/functions/api/index.ts) under real Deno refuses to start, exiting non-zero
// and naming the variable, when a secret is missing (decision 075) — never a silent demo fallback.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, DEPLOYED_ENV } from '../support/deployed-env.ts';
import { runEntry, type EntryRun } from '../support/run-entry.ts';

const root = join(import.meta.dirname, '..', '..');

/** Starts the entry with `env` and resolves with its exit code and output (or stops it once it listens, or after 60 s). */
function start(env: Record<string, string>): Promise<EntryRun> {
  return runEntry(join(root, 'node_modules', '.bin', 'deno'),
    ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', 'supabase/functions/api/index.ts'], {
      cwd: root,
      env: { ...cleanEnv(), ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', NO_COLOR: '1' },
      ready: 'Listening on',
    });
}

const SITE_AND_DB = { SITE_URL: 'https://paylocal.example', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' };

it('without Stripe keys (and no ALLOW_TEST_PAYMENTS) exits 1 naming each missing payment variable', async () => {
  const { ALLOW_TEST_PAYMENTS: _optIn, ...withoutOptIn } = DEPLOYED_ENV;
  const { code, output } = await start({ ...withoutOptIn, ...SITE_AND_DB, STRIPE_PUBLISHABLE_KEY: 'pk_test_123' });
  expect(code, output).toBe(1);
  expect(output).toContain('refusing to start');
  expect(output).toMatch(/STRIPE_SECRET_KEY: missing/);
  expect(output).toMatch(/STRIPE_WEBHOOK_SECRET: missing/);
  expect(output).not.toMatch(/STRIPE_PUBLISHABLE_KEY/);
  expect(output).not.toContain('pk_test_123');
  expect(output).not.toContain('Listening on');
}, 90_000);

it('with a live secret key and a test publishable key exits 1 naming the publishable key (decision 170)', async () => {
  const { code, output } = await start({
    ...DEPLOYED_ENV, ...SITE_AND_DB,
    STRIPE_SECRET_KEY: 'sk_live_not_shown', STRIPE_PUBLISHABLE_KEY: 'pk_test_not_shown', STRIPE_WEBHOOK_SECRET: 'whsec_not_shown',
  });
  expect(code, output).toBe(1);
  expect(output).toMatch(/STRIPE_PUBLISHABLE_KEY: is a test-mode key but STRIPE_SECRET_KEY is a live-mode key/);
  expect(output).not.toMatch(/not_shown/);
  expect(output).not.toContain('Listening on');
}, 90_000);

it('without ADMIN_EMAIL, the realtime signing key and the mail secrets exits 1 naming each', async () => {
  const { ADMIN_EMAIL: _admin, REALTIME_JWT_SECRET: _secret, RESEND_API_KEY: _resend, MAIL_DRAIN_SECRET: _drain, VAPID_PRIVATE_KEY: _vapid, ...rest } = DEPLOYED_ENV;
  const { code, output } = await start({ ...rest, ...SITE_AND_DB });
  expect(code, output).toBe(1);
  expect(output).toMatch(/ADMIN_EMAIL: missing/);
  expect(output).toMatch(/REALTIME_SIGNING_JWK: missing/);
  // No .eml fallback in a deployed function (no disk): mail goes through Resend, drained by Supabase Cron.
  expect(output).toMatch(/RESEND_API_KEY: missing/);
  expect(output).toMatch(/MAIL_DRAIN_SECRET: missing/);
  expect(output).toMatch(/VAPID_PRIVATE_KEY: missing/);
}, 90_000);

it('with a malformed limit (SESSIONS_PER_ACCOUNT) exits 1 naming it, where it fell back to 10 in silence before (decision 179)', async () => {
  const { code, output } = await start({ ...DEPLOYED_ENV, ...SITE_AND_DB, SESSIONS_PER_ACCOUNT: 'ten' });
  expect(code, output).toBe(1);
  expect(output).toMatch(/SESSIONS_PER_ACCOUNT: must be a whole number/);
  expect(output).not.toContain('Listening on');
}, 90_000);

it('with everything set it starts (the database is only reached on the first request)', async () => {
  const { code, output } = await start({ ...DEPLOYED_ENV, ...SITE_AND_DB });
  expect(output).toContain('Listening on');
  expect(code).not.toBe(1);
}, 90_000);
