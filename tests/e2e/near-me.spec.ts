import { expect, test, type Browser, type Page } from '@playwright/test';
import { createDeal, ownMerchant } from './counter-support';
import { serveLocalMapStyle } from './map-support';
import { DEMO, signIn } from './support';

// Issue 40, decision 209, on a phone (390×844): a member standing by a business's second location sorts by
// distance and sees that business first, open now; filters "open now"; keeps the list when the network goes; and
// opens the map (a local style: a background layer only, so no tile host is asked) with a marker per location,
// then on a tablet (1024×768) and a desktop (1440×900) too.

// The demo member's home city.
const LYONS = 'c0000000-0000-4000-8000-000000000001';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '23:59' }));
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A business of its own (parallel journeys change the demo one) with a deal and a second, placed location open all day. */
async function placedBusiness(playwright: Parameters<typeof ownMerchant>[0], baseURL: string) {
  const { api, business } = await ownMerchant(playwright, baseURL, LYONS);
  const suffix = Math.random().toString(36).slice(2, 7);
  const dealTitle = `Corner cookie ${suffix}`;
  await createDeal(api, dealTitle);
  // A pin of its own in Lyons: the member stands on it.
  const pin = { latitude: 40.22 + Math.random() / 100, longitude: -105.27 + Math.random() / 100 };
  const placed = await api.post('/api/merchant/locations', {
    data: { name: `Corner ${suffix}`, address: '2 Main St, Lyons, CO', ...pin, hours: EVERY_DAY },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await api.dispose();
  return { business, dealTitle, pin };
}

/** The member, signed in on a phone standing at `pin`, with "Near me" on (first checking `plainCard` without it). */
async function memberNear(browser: Browser, pin: { latitude: number; longitude: number }, plainCard?: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, geolocation: pin });
  await context.grantPermissions(['geolocation']);
  const page = await context.newPage();
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  // The plain list, before any position is asked, already says whether the deal's business is open.
  if (plainCard) await expect(page.getByRole('article', { name: plainCard }).getByTestId('deal-open-state')).toContainText('Open now');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const near = page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Near me' });
  await near.click();
  await expect(near).toHaveAttribute('aria-pressed', 'true');
  return page;
}

test('a member near a second location sees it first, open now, and keeps the list offline', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(60_000);
  const { dealTitle, pin } = await placedBusiness(playwright, baseURL!);
  const page = await memberNear(browser, pin, dealTitle);
  const cards = page.getByRole('article');

  // ---- near me: this business first, with its open state and distance -------------------------------
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  await expect(cards.first().getByTestId('deal-open-state')).toContainText(/^Open now.* · \d+ m$/);

  // ---- open now: only open locations' deals, ours still first ---------------------------------------
  const openNow = page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Open now' });
  await openNow.click();
  await expect(openNow).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  for (const state of await page.getByTestId('deal-open-state').all()) await expect(state).toContainText('Open now');

  // ---- offline: the list stays on screen ------------------------------------------------------------
  await page.context().setOffline(true);
  await page.waitForTimeout(500);
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  await expect(cards.first().getByTestId('deal-open-state')).toContainText('Open now');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.context().close();
});

test('the map shows a marker per placed location, opens its deal, and falls back to the list offline', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const { business, dealTitle, pin } = await placedBusiness(playwright, baseURL!);
  const page = await memberNear(browser, pin);
  await serveLocalMapStyle(page, baseURL!);
  // The policy (worker-src 'self', connect-src) must let MapLibre and its worker run: no refusal on the console.
  const refusals: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) refusals.push(message.text()); });
  const chunks: string[] = [];
  page.on('request', (request) => { if (/\/assets\/(member-map|maplibre)-/.test(request.url())) chunks.push(request.url()); });

  const mapSwitch = page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Map' });
  await expect(page.getByRole('article').first()).toHaveAccessibleName(dealTitle);
  expect(chunks, 'MapLibre loads only with the map').toEqual([]);
  await mapSwitch.click();
  const map = page.getByRole('region', { name: 'Map of deals' });
  await expect(map).toBeVisible();
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  const marker = map.getByRole('button', { name: new RegExp(`^${business}, Open now`) });
  await expect(marker).toBeVisible();
  expect(chunks.some((url) => /maplibre-gl-csp-worker-/.test(url)), 'the worker is a same-origin file').toBe(true);
  expect(refusals).toEqual([]);
  await marker.click();
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: dealTitle })).toBeVisible();

  // ---- a tablet and a desktop: the same map, its marker opening the deal -----------------------------
  // One more browser, with the phone's session, resized from the tablet to the desktop (MapLibre loads once).
  const session = await page.context().storageState();
  const wideContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, geolocation: pin, storageState: session });
  await wideContext.grantPermissions(['geolocation']);
  await serveLocalMapStyle(wideContext, baseURL!);
  const wide = await wideContext.newPage();
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
    await wide.setViewportSize(viewport);
    await wide.goto('/app');
    const near = wide.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Near me' });
    await near.click();
    await expect(near).toHaveAttribute('aria-pressed', 'true');
    await expect(wide.getByRole('article').first()).toHaveAccessibleName(dealTitle);
    await wide.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Map' }).click();
    const wideMap = wide.getByRole('region', { name: 'Map of deals' });
    await expect(wideMap.locator('canvas.maplibregl-canvas')).toBeVisible();
    const wideMarker = wideMap.getByRole('button', { name: new RegExp(`^${business}, Open now`) });
    await expect(wideMarker, `a marker at ${viewport.width}×${viewport.height}`).toBeVisible();
    expect(await wide.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await wideMarker.click();
    await expect(wide.getByRole('heading', { name: dealTitle })).toBeVisible();
  }
  await wideContext.close();

  // ---- offline: the switch gives the list, saying why -----------------------------------------------
  await page.goBack();
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Map' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The map needs a connection: here is the list.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of deals' })).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.context().close();
});
