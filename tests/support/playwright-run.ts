import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What both Playwright configs (the journeys, the hosted rehearsal's) run under: no `.only` left in on CI, no
 * retries, and the reporters scripts/test-all.mjs reads (it sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect the counts
 * for its summary line).
 */
export const playwrightRun: Pick<PlaywrightTestConfig, 'forbidOnly' | 'retries' | 'reporter'> = {
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [[process.env.CI ? 'line' : 'list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
};
