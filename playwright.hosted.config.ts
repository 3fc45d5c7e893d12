import { defineConfig, devices } from '@playwright/test';
import { playwrightChromium } from './scripts/support/chromium.ts';
import { playwrightRun } from './tests/support/playwright-run.ts';
import { HOSTED_PORTS } from './tests/hosted/ports.ts';

/**
 * The hosted rehearsal's journey (tests/hosted/*.spec.ts): Chromium on the web host's origin, which
 * rewrites /api/* to the Edge Function (real Deno, isolated copy of supabase/functions) and /objects/*
 * to Storage. Run through `tsx tests/hosted/rehearsal.ts` (it makes the database first) after `vite build`.
 */
export default defineConfig({
  testDir: 'tests/hosted',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  ...playwrightRun,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${HOSTED_PORTS.site}`,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
  },
  projects: [{
    name: 'hosted-chromium',
    use: {
      ...devices['Desktop Chrome'],
      launchOptions: playwrightChromium,
    },
  }],
  webServer: {
    command: 'npx tsx tests/hosted/stack.ts',
    url: `http://127.0.0.1:${HOSTED_PORTS.site}/api/cities`,
    reuseExistingServer: false,
    timeout: 150_000,
    stdout: 'pipe',
  },
});
