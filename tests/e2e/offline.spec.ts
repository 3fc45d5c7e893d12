import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForPersistedQueries, waitForServiceWorker } from './offline-support';
import { DEMO, signIn } from './support';

// These journeys are about the service worker and the offline caches: let it run (the config blocks it).
test.use({ serviceWorkers: 'allow' });

test('offline, the app shell still serves the app screens and our offline page serves the rest', async ({ page, context }) => {
  await page.goto('/about');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'About Pay Local' })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveText(/^Offline — /);

  // A path the app shell does not serve (not a screen of the route table): our offline page, not the browser's.
  await page.goto('/files/price-list.pdf');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Pay Local' })).toHaveAttribute('href', '/');

  await context.setOffline(false);
  await page.goto('/about');
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
});

test('a member who used the app before opens /app offline and sees "Offline — last updated …"', async ({ page, context }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/auth/me"]']);

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
  await expect(page.getByTestId('offline-indicator')).toHaveText(/^Offline — last updated \d{1,2}:\d{2}\s?[AP]M$/);
});

test.describe('updates', () => {
  // One journey at a time: it rewrites the built sw.js.
  test.describe.configure({ mode: 'serial' });

  test('a new service worker shows "Update available"; Reload switches to it', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);

    // A new release: the same app with a changed service worker.
    const swPath = join(process.cwd(), 'dist', 'web', 'sw.js');
    const original = readFileSync(swPath, 'utf8');
    writeFileSync(swPath, `${original}\n// release ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('region', { name: 'Update available' });
      await expect(prompt).toBeVisible({ timeout: 20_000 });
      await expect(prompt).toContainText('A new version of Pay Local is ready.');
      // It waits for the person: nothing reloads by itself.
      await page.waitForTimeout(1000);
      await expect(prompt).toBeVisible();
      const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting);
      expect(waiting).toBe(true);

      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
      const state = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: !!registration.waiting, installing: !!registration.installing, controlled: !!navigator.serviceWorker.controller };
      });
      expect(state).toEqual({ waiting: false, installing: false, controlled: true });
    } finally {
      writeFileSync(swPath, original);
    }
  });
});
