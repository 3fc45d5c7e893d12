import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { waitForPersistedQueries, waitForServiceWorker } from './offline-support';
import { memberPersonalCodes } from './counter-support';
import { DEMO, signIn } from './support';

const LYONS = 'c0000000-0000-4000-8000-000000000001';
const LATTE = { id: 'd0000000-0000-4000-8000-000000000002', title: '$3 Off Any Latte' };
const HOUR_MS = 3_600_000;

async function apiAs(baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: account })).status()).toBe(200);
  return api;
}

/**
 * Answers the deal lists as if they had been fetched a few minutes ago: the code they carry has already
 * rotated away. Whatever code the page then shows can only come from its offline cover (decision 060).
 */
async function serveStaleCodes(page: Page, pattern: string) {
  await page.route(pattern, async (route: Route) => {
    const response = await route.fetch();
    const deals = (await response.json()) as { currentCode: string | null; codeExpiresAt: string | null }[];
    const stale = deals.map((deal) =>
      deal.codeExpiresAt ? { ...deal, currentCode: '000000', codeExpiresAt: new Date(Date.parse(deal.codeExpiresAt) - 10 * 60_000).toISOString() } : deal);
    await route.fulfill({ response, json: stale });
  });
}

/** The code on a card equals the server's code of the moment (read again if a rotation fell in between). */
async function expectServerCode(card: Locator, serverCode: () => Promise<string>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await serverCode();
    const shown = (await card.getByTestId('deal-code').textContent())!.trim();
    const after = await serverCode();
    if (before === after) {
      expect(shown).toBe(before);
      return shown;
    }
  }
  throw new Error('the code kept rotating between reads');
}

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

test('offline, the member sees notifications, the following list and the member card; a read mark made offline is sent when back online', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  // A fresh update from a business the demo member follows: one notification of this journey's own.
  const merchantApi = await apiAs(baseURL!, DEMO.merchant);
  const memberApi = await apiAs(baseURL!, DEMO.member);
  const message = `Patio open late tonight ${Date.now().toString(36)}`;
  expect((await merchantApi.post('/api/merchant/updates', { data: { message } })).status()).toBe(201);
  const serverNotification = async () => {
    const list = (await (await memberApi.get('/api/notifications')).json()) as { id: string; isRead: boolean; data: { previewText?: string } }[];
    return list.find((n) => n.data.previewText?.includes(message));
  };
  expect((await serverNotification())?.isRead).toBe(false);

  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('member-number')).toHaveText(/\S/);
  const memberNumber = (await page.getByTestId('member-number').textContent())!;
  // In the app (no reload), so nothing fetched on /app is lost before the cache is written.
  await page.getByRole('link', { name: /Notifications/ }).click();
  await expect(page.getByRole('article').filter({ hasText: message })).toBeVisible();
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('article').first()).toContainText('Following since');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/auth/me"]', '["/api/notifications"]', '["/api/user/following"]', '["/api/member/points"]']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toHaveText(/^Offline — last updated /);
  const card = page.getByRole('article').filter({ hasText: message });
  await expect(card).toContainText('New');
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('article').first()).toContainText('Following since');
  await page.getByRole('tab', { name: 'Notifications' }).click();

  await card.getByRole('button', { name: 'Mark as read' }).click();
  await expect(card.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '1 change waiting to send' })).toBeVisible();
  expect((await serverNotification())?.isRead).toBe(false);

  await page.getByRole('link', { name: /Back/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('member-number')).toHaveText(memberNumber);

  await context.setOffline(false);
  await expect(page.getByTestId('status-bar')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverNotification())?.isRead).toBe(true);
  await merchantApi.dispose();
  await memberApi.dispose();
});

test('offline start of /app shows the deals and, from the offline cover, the code the server computes now', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const server = await apiAs(baseURL!, DEMO.member);
  const serverCode = async () => {
    const deals = (await (await server.get(`/api/deals?cityId=${LYONS}`)).json()) as { id: string; currentCode: string }[];
    return deals.find((deal) => deal.id === LATTE.id)!.currentCode;
  };
  await serveStaleCodes(page, '**/api/deals?*');

  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  const card = page.getByRole('article', { name: LATTE.title });
  await expect(card.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/auth/me"]', `["/api/deals","${LYONS}","all"]`, `["/api/deals","offline-codes","${LYONS}"]`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toHaveText(/^Offline — last updated /);
  await expect(page.getByRole('heading', { name: /Deals in Lyons/ })).toBeVisible();
  // The seeded Lyons deals (other journeys may add more meanwhile).
  for (const title of ['20% Off Breakfast Burritos', LATTE.title, '15% Off Fishing Gear', '25% Off a Cold Plunge Session']) {
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  }
  const shown = await expectServerCode(card, serverCode);
  expect(shown).not.toBe('000000');
  await expect(card).toContainText(/Next code in \d+:\d{2}/);
  await server.dispose();
});

test('offline, codes keep coming for 12 hours and then the card says to reconnect', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.member);
  await expect(page.getByRole('article', { name: LATTE.title }).getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, [`["/api/deals","offline-codes","${LYONS}"]`]);
  await context.setOffline(true);

  // Six hours later, still offline: a code (from the cover), rotating.
  await page.clock.install({ time: Date.now() + 6 * HOUR_MS });
  await page.reload();
  const card = page.getByRole('article', { name: LATTE.title });
  await expect(card.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  // Thirteen hours later: nothing can be computed any more.
  await page.clock.setSystemTime(Date.now() + 13 * HOUR_MS);
  await expect(card.getByTestId('deal-code-missing')).toHaveText(/Reconnect to see the code/);
});

test('counter mode: the code board keeps showing the right codes offline', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const server = await apiAs(baseURL!, DEMO.merchant);
  const serverCode = async () => {
    const deals = (await (await server.get('/api/merchant/deals')).json()) as { id: string; currentCode: string }[];
    return deals.find((deal) => deal.id === LATTE.id)!.currentCode;
  };
  await serveStaleCodes(page, '**/api/merchant/deals');

  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.goto('/merchant/counter/board');
  await expect(page.getByRole('heading', { name: "Today's codes" })).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/merchant/deals"]', '["/api/merchant/deals","offline-codes"]']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('board-status')).toHaveText(/^Offline — codes shown until \d{1,2}:\d{2}\s?[AP]M$/);
  const tile = page.getByRole('listitem', { name: LATTE.title });
  expect(await expectServerCode(tile, serverCode)).not.toBe('000000');
  await expect(tile).toContainText(/Next code in \d+:\d{2}/);
  await server.dispose();
});

test('a code checked at the counter offline is queued and recorded exactly once when back online', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const merchantApi = await apiAs(baseURL!, DEMO.merchant);
  const memberApi = await apiAs(baseURL!, DEMO.member);
  const usedCount = async () => {
    const deals = (await (await merchantApi.get('/api/merchant/deals')).json()) as { id: string; usedCount: number }[];
    return deals.find((deal) => deal.id === LATTE.id)!.usedCount;
  };

  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.goto('/merchant/counter');
  await expect(page.getByRole('listitem', { name: LATTE.title }).getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/merchant/deals","offline-codes"]']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  // The member shows their code (read from the server here); the tablet checks it on its own.
  const memberDeals = (await (await memberApi.get(`/api/deals?cityId=${LYONS}`)).json()) as { id: string; currentCode: string }[];
  const code = memberDeals.find((deal) => deal.id === LATTE.id)!.currentCode;
  const before = await usedCount();
  // A code checked offline is recorded only against a member (decision 087).
  const { memberNumber } = (await (await memberApi.get('/api/member/points')).json()) as { memberNumber: number };
  await page.getByLabel('Deal code').fill(code);
  await page.getByRole('form', { name: 'Type a code' }).getByLabel('Member number').fill(String(memberNumber));
  await page.getByRole('form', { name: 'Type a code' }).getByLabel('Personal code').fill(await (await memberPersonalCodes(memberApi)).codeAt());
  await page.getByRole('button', { name: 'Verify Code' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result).toContainText(LATTE.title);
  await expect(result).toContainText('Checked offline');
  const pending = page.getByRole('button', { name: '1 change waiting to send' });
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(page.getByTestId('outbox-entry')).toHaveText(new RegExp(`Redeem "\\${LATTE.title}" \\(code ${code.slice(0, 3)} ${code.slice(3)}\\)`));
  expect(await usedCount()).toBe(before);

  // Back online: replayed once, under its key; the list empties and the server counts one use.
  await context.setOffline(false);
  await expect(page.getByTestId('status-bar')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(usedCount).toBe(before + 1);
  // A reload (and its own replay attempt) does not send it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Counter' })).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await usedCount()).toBe(before + 1);
  await merchantApi.dispose();
  await memberApi.dispose();
});

test('a redemption queued offline that the balance cannot cover shows as failed, with the server\'s reason', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const memberApi = await apiAs(baseURL!, DEMO.member);
  const memberPoints = async () => (await (await memberApi.get('/api/member/points')).json()) as { memberNumber: number; totalPoints: number };
  const { memberNumber, totalPoints } = await memberPoints();
  const personal = await memberPersonalCodes(memberApi);

  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.goto('/merchant/counter');
  await expect(page.getByRole('heading', { name: 'Counter' })).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/merchant/deals","offline-codes"]']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByRole('tab', { name: 'Redeem' }).click();
  await page.getByRole('region', { name: 'Points' }).getByLabel('Member number').fill(String(memberNumber));
  await page.getByLabel('Points to redeem').fill('999999');
  await page.getByRole('region', { name: 'Points' }).getByLabel('Personal code').fill(await personal.codeAt());
  await page.getByRole('button', { name: 'Redeem Points' }).click();
  await expect(page.getByRole('button', { name: '1 change waiting to send' })).toBeVisible();

  // Back online the server refuses it: it stays in the list as failed, with the reason, until discarded.
  await context.setOffline(false);
  const failed = page.getByRole('button', { name: '1 failed' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.click();
  await expect(page.getByTestId('outbox-entry')).toContainText(`Failed: Not enough points: member ${memberNumber} has`);
  expect((await memberPoints()).totalPoints).toBe(totalPoints);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('status-bar')).toHaveCount(0);
  await memberApi.dispose();
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

  test('the update prompt waits while a redemption is under way at the counter', async ({ page }) => {
    await signIn(page, DEMO.merchant);
    await expect(page).toHaveURL(/\/merchant$/);
    await page.goto('/merchant/counter');
    await waitForServiceWorker(page);
    await page.getByLabel('Deal code').fill('123');

    const swPath = join(process.cwd(), 'dist', 'web', 'sw.js');
    const original = readFileSync(swPath, 'utf8');
    writeFileSync(swPath, `${original}\n// release ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(1000);
      await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
      // The code is cleared (redemption done or abandoned): now the prompt may show.
      await page.getByLabel('Deal code').fill('');
      await expect(page.getByRole('region', { name: 'Update available' })).toBeVisible();
    } finally {
      writeFileSync(swPath, original);
    }
  });
});
