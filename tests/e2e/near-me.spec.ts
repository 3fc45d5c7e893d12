import { expect, test } from '@playwright/test';
import { createDeal, ownMerchant } from './counter-support';
import { DEMO, signIn } from './support';

// Issue 40, decision 209, on a phone (390×844): a member standing by a business's second location sorts by
// distance and sees that business first, open now; filters "open now"; and keeps the list when the network goes.

// The demo member's home city.
const LYONS = 'c0000000-0000-4000-8000-000000000001';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '23:59' }));

test('a member near a second location sees it first, open now, and keeps the list offline', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(60_000);
  // A business of its own (parallel journeys change the demo one), in the demo member's city.
  const { api } = await ownMerchant(playwright, baseURL!, LYONS);
  const suffix = Math.random().toString(36).slice(2, 7);
  const dealTitle = `Corner cookie ${suffix}`;
  await createDeal(api, dealTitle);
  // A pin of its own in Lyons (other journeys place theirs elsewhere), open all day every day.
  const pin = { latitude: 40.22 + Math.random() / 100, longitude: -105.27 + Math.random() / 100 };
  const placed = await api.post('/api/merchant/locations', {
    data: { name: `Corner ${suffix}`, address: '2 Main St, Lyons, CO', ...pin, hours: EVERY_DAY },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await api.dispose();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, geolocation: pin });
  await context.grantPermissions(['geolocation']);
  const page = await context.newPage();
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();

  // ---- near me: this business first, with its open state and distance -------------------------------
  await page.getByRole('button', { name: /^Filters/ }).click();
  const near = page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Near me' });
  await near.click();
  await expect(near).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  await expect(cards.first().getByTestId('deal-open-state')).toContainText(/^Open now.* · \d+ m$/);

  // ---- open now: only open locations' deals, ours still first ---------------------------------------
  await page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Open now' }).click();
  await expect(page.getByRole('group', { name: 'Sort and show' }).getByRole('button', { name: 'Open now' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  for (const state of await page.getByTestId('deal-open-state').all()) await expect(state).toContainText('Open now');

  // ---- offline: the list stays on screen ------------------------------------------------------------
  await context.setOffline(true);
  await page.waitForTimeout(500);
  await expect(cards.first()).toHaveAccessibleName(dealTitle);
  await expect(cards.first().getByTestId('deal-open-state')).toContainText('Open now');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await context.close();
});
