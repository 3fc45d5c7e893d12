import { expect, request, test, type APIRequestContext, type Locator } from '@playwright/test';
import { waitForPersistedQueries, waitForServiceWorker } from './offline-support';
import { DEMO, expectToast, signIn } from './support';

// Deal links, /deals/:id (decision 115): what visitors and members see, offline, from a notification, sharing;
// and the small things of issue 17 (the Follow button only for members, "Loading deals..." while cities load).

const LYONS = 'c0000000-0000-4000-8000-000000000001';
const BURRITO = { id: 'd0000000-0000-4000-8000-000000000001', title: '20% Off Breakfast Burritos' };
const LATTE = { id: 'd0000000-0000-4000-8000-000000000002', title: '$3 Off Any Latte' };

async function apiAs(baseURL: string, account: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: account })).status()).toBe(200);
  return api;
}

/** The member's current code of a deal, as the server computes it. */
const serverCode = (api: APIRequestContext, dealId: string) => async () => {
  const deals = (await (await api.get(`/api/deals?cityId=${LYONS}`)).json()) as { id: string; currentCode: string }[];
  return deals.find((deal) => deal.id === dealId)!.currentCode;
};

/** The code shown equals the server's code of the moment (read again if a rotation fell in between). */
async function expectServerCode(scope: Locator, code: () => Promise<string>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await code();
    const shown = (await scope.getByTestId('deal-code').textContent())!.trim();
    if (before === (await code())) return expect(shown).toBe(before);
  }
  throw new Error('the code kept rotating between reads');
}

/** A deal of the demo merchant made for one journey (removed by `drop`). */
async function createDeal(merchant: APIRequestContext, title: string, extra: Record<string, unknown> = {}) {
  const res = await merchant.post('/api/merchant/deals', {
    data: { title, description: 'A deal made by the deal links journey.', discountPercent: 15, category: 'food-drink', ...extra },
  });
  expect(res.status()).toBe(201);
  const deal = (await res.json()) as { id: string };
  return { id: deal.id, drop: async () => expect((await merchant.delete(`/api/merchant/deals/${deal.id}?permanent=true`)).ok()).toBe(true) };
}

test('a visitor opens a deal link: the deal with its code hidden and the way to subscribe', async ({ page }) => {
  await page.goto(`/deals/${BURRITO.id}`);
  await expect(page.getByRole('heading', { level: 1, name: BURRITO.title })).toBeVisible();
  await expect(page.getByText("Rosa's River Cafe")).toBeVisible();
  await expect(page.getByText('20% OFF', { exact: true })).toBeVisible();
  await expect(page.getByTestId('code-hidden')).toContainText('Code hidden: members only');
  await expect(page.getByTestId('deal-code')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Subscribe to see the code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe');
  // Not a member: no Follow button, no Share.
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  // The page never asked for the member view.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/deals/member/')))).toBe(false);
});

test('a deal that ended says it is no longer available; an unknown or malformed link says not found', async ({ page, baseURL }) => {
  const merchant = await apiAs(baseURL!, DEMO.merchant);
  const paused = await createDeal(merchant, `Paused link ${Date.now().toString(36)}`, { active: false });
  try {
    await page.goto(`/deals/${paused.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This deal is no longer available' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See current deals' })).toHaveAttribute('href', '/browse-deals');
    for (const id of ['d0000000-0000-4000-8000-0000000000ff', 'not-a-deal']) {
      await page.goto(`/deals/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Deal not found' })).toBeVisible();
    }
  } finally {
    await paused.drop();
    await merchant.dispose();
  }
});

test('a member opens a deal link: the live code, the server\'s, with its countdown', async ({ page, baseURL }) => {
  const server = await apiAs(baseURL!, DEMO.member);
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto(`/deals/${LATTE.id}`);
  const deal = page.getByRole('article', { name: LATTE.title });
  await expect(deal.getByRole('heading', { level: 1, name: LATTE.title })).toBeVisible();
  await expect(deal.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await expectServerCode(deal, serverCode(server, LATTE.id));
  await expect(deal).toContainText(/Next code in \d+:\d{2}/);
  await expect(page.getByTestId('code-hidden')).toHaveCount(0);
  await expect(page.getByRole('button', { name: "Following Rosa's River Cafe" })).toBeVisible();
  await server.dispose();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a member opens a deal link offline: the app shell answers and the code comes from the cache', async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const server = await apiAs(baseURL!, DEMO.member);
    await signIn(page, DEMO.member);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('article', { name: LATTE.title }).getByTestId('deal-code')).toHaveText(/^\d{6}$/);
    await waitForServiceWorker(page);
    await waitForPersistedQueries(page, ['["/api/auth/me"]', `["/api/deals","${LYONS}","all"]`, `["/api/deals","offline-codes","${LYONS}"]`]);

    // Never opened online: the deal and its cover come from the member home's cached lists.
    await context.setOffline(true);
    await page.goto(`/deals/${LATTE.id}`);
    await expect(page.getByTestId('offline-indicator')).toHaveText(/^Offline — /);
    const deal = page.getByRole('article', { name: LATTE.title });
    await expect(deal.getByRole('heading', { level: 1, name: LATTE.title })).toBeVisible();
    await expect(deal.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
    await expectServerCode(deal, serverCode(server, LATTE.id));
    await expect(deal).toContainText(/Next code in \d+:\d{2}/);

    // Opened online once: its own answer (with its own cover) is kept, and serves the next offline start.
    await context.setOffline(false);
    await page.goto(`/deals/${BURRITO.id}`);
    await expect(page.getByRole('article', { name: BURRITO.title }).getByTestId('deal-code')).toHaveText(/^\d{6}$/);
    await waitForPersistedQueries(page, [`["/api/deals/member","${BURRITO.id}"]`]);
    await context.setOffline(true);
    await page.clock.install({ time: Date.now() + 3 * 3_600_000 });
    await page.reload();
    const later = page.getByRole('article', { name: BURRITO.title });
    // Three hours on, the code can only have come from the offline cover.
    await expect(later.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
    await expect(later).toContainText(/Next code in \d+:\d{2}/);
    await server.dispose();
  });
});

test("a member opens a deal from the member home by its card's title", async ({ page }) => {
  await signIn(page, DEMO.member);
  const card = page.getByRole('article', { name: LATTE.title });
  await card.getByRole('link', { name: LATTE.title }).click();
  await expect(page).toHaveURL(`/deals/${LATTE.id}`);
  // The deal page's own h1: the member home's card also has a heading of that title, and stays on screen until the page replaces it.
  await expect(page.getByRole('heading', { level: 1, name: LATTE.title })).toBeVisible();
  await expect(page.getByTestId('deal-code')).toBeVisible();
});

test('"View Deal" on a new-deal notification opens the deal link; the old /app?deal= address leads there too', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const merchant = await apiAs(baseURL!, DEMO.merchant);
  const title = `Link journey ${Date.now().toString(36)}`;
  const created = await createDeal(merchant, title);
  try {
    await signIn(page, DEMO.member);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/notifications');
    const notification = page.getByRole('article', { name: "New deal from Rosa's River Cafe, unread" }).filter({ hasText: title });
    await notification.getByRole('link', { name: 'View Deal' }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/${created.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('deal-code')).toHaveText(/^\d{6}$/);

    await page.goto(`/app?deal=${created.id}`);
    await expect(page).toHaveURL(new RegExp(`/deals/${created.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await created.drop();
    await merchant.dispose();
  }
});

test('share on a member card copies the link when the Web Share API is missing', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => { Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }); });
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('article', { name: BURRITO.title }).getByRole('button', { name: `Share ${BURRITO.title}` }).click();
  await expectToast(page, 'Link copied', `The link to "${BURRITO.title}" is on your clipboard.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/deals/${BURRITO.id}`);
});

test('share on a member card uses the Web Share API where there is one: title, text and link, never the code', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = shared;
    Object.defineProperty(Navigator.prototype, 'share', { value: async (data: ShareData) => { shared.push(data); }, configurable: true });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
  });
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  const card = page.getByRole('article', { name: BURRITO.title });
  const code = (await card.getByTestId('deal-code').textContent())!.trim();
  await card.getByRole('button', { name: `Share ${BURRITO.title}` }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
    { title: BURRITO.title, text: `${BURRITO.title} at Rosa's River Cafe, on Pay Local`, url: `${baseURL}/deals/${BURRITO.id}` },
  ]);
  expect(JSON.stringify(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))).not.toContain(code);
  await expect(page.getByText('Link copied')).toHaveCount(0);
});

test('the Follow button shows for members only: merchants and admins see none', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/browse-deals');
  await expect(page.getByRole('article', { name: BURRITO.title }).getByRole('button', { name: /^Follow(ing)? Rosa's River Cafe$/ })).toBeVisible();

  for (const [account, home] of [[DEMO.merchant, /\/merchant$/], [DEMO.admin, /\/admin$/]] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, account);
    await expect(other).toHaveURL(home);
    await other.goto('/browse-deals');
    await expect(other.getByRole('article', { name: BURRITO.title })).toBeVisible();
    // The follow control is its own chunk: give it the time it would take to appear.
    await other.waitForTimeout(1000);
    await expect(other.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await other.goto(`/deals/${BURRITO.id}`);
    await expect(other.getByRole('heading', { level: 1, name: BURRITO.title })).toBeVisible();
    await expect(other.getByTestId('code-hidden')).toBeVisible();
    await other.waitForTimeout(1000);
    await expect(other.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await context.close();
  }
});

test('the member home shows "Loading deals..." while the city list itself loads', async ({ page }) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/cities', async (route) => {
    await released;
    await route.continue();
  });
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('tab', { name: 'Local Deals' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading deals...' })).toBeVisible();
  release();
  await expect(page.getByRole('article', { name: BURRITO.title })).toBeVisible();
  await expect(page.getByText('Loading deals...')).toHaveCount(0);
});
