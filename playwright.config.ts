import { defineConfig, devices } from '@playwright/test';
import { playwrightChromium } from './scripts/support/chromium.ts';
import { playwrightRun } from './tests/support/playwright-run.ts';
import { E2E_DRAIN_SECRET } from './tests/support/constants.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${PORT}`;
// The config is evaluated again in every worker: keep one data directory per run by passing it through the env.
process.env.E2E_DATA_DIR ??= `.data/e2e-${Date.now()}`;
// Mail of this run (.eml files): tests/e2e/email.spec.ts reads it.
process.env.E2E_MAIL_DIR ??= `${process.env.E2E_DATA_DIR}-mail`;

// The Debian Chromium with the flags every measurement and journey uses (scripts/support/chromium.ts).
const launchOptions = playwrightChromium;

/**
 * End-to-end journeys against the embedded stack (PGlite + API + the built PWA from dist/web).
 * Build first: `npm run test:e2e` runs `vite build` before `playwright test`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  ...playwrightRun,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The service worker would serve the app shell from its cache; tests must see what the server sends.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
  },
  projects: [
    // The layout test (decision 182) compares screenshots of screens that show the demo data: it runs first, on
    // the fresh seed, before the journeys add deals, reviews and redemptions to it. Its screenshots keep the names
    // they have as the chromium project's.
    {
      name: 'layout', testMatch: /layout\.spec\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions },
      snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}-chromium{-snapshotSuffix}{ext}',
    },
    { name: 'chromium', testIgnore: /layout\.spec\.ts$/, dependencies: ['layout'], use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'mobile', testIgnore: /layout\.spec\.ts$/, dependencies: ['layout'], use: { ...devices['Pixel 7'], launchOptions }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'npx tsx local/main.ts',
    url: `${baseURL}/api/cities`,
    // Every journey comes from 127.0.0.1: lift the per-address limits and the upload quota (the per-account one stays).
    env: {
      PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR, BCRYPT_ROUNDS: '4',
      MAIL_DIR: process.env.E2E_MAIL_DIR, MAIL_DRAIN_INTERVAL_MS: '200', VAPID_KEYS_FILE: `${process.env.E2E_DATA_DIR}-vapid.json`, PUSH_ALLOWED_HOSTS: 'push.test',
      RATE_LIMIT_REGISTRATIONS_PER_IP: '10000', RATE_LIMIT_LOGIN_FAILURES_PER_IP: '10000', UPLOAD_QUOTA_PER_DAY: '10000',
      // Parallel journeys share the demo accounts: the 10-session limit would sign one out mid-test.
      SESSIONS_PER_ACCOUNT: '1000',
      RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP: '10000',
      // Journeys call a scheduled job as Supabase Cron does (the gift deliveries) instead of waiting for its loop.
      MAIL_DRAIN_SECRET: E2E_DRAIN_SECRET,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's stdout is one JSON line per request (issue 41): thousands in a run. Its errors go to stderr,
    // which Playwright still shows.
    stdout: 'ignore',
  },
});
