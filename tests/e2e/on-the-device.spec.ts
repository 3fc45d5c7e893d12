import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

// Issue 31, decision 182: on the device. The member's code on the first screen of a phone, the counter board
// readable on a tablet either way and on a TV, page titles, the install button and the iOS steps, and an
// offline profile that says what it has.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

test.describe('the member on a 390 × 844 phone', () => {
  test.use(PHONE);

  test('the first deal card and its code are above the fold; every spec text of the member home is still there', async ({ page }) => {
    await signIn(page, DEMO.member);
    await expect(page).toHaveURL(/\/app$/);
    const firstCard = page.locator('main article').first();
    const code = firstCard.getByTestId('deal-code');
    await expect(code).toBeVisible();
    const box = (await code.boundingBox())!;
    expect(box.y + box.height, 'the code ends above the fold').toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle('Your deals · Pay Local');

    // Spec (docs/spec.md, Member home): welcome line, Notifications, Profile, sign-out, status card...
    // A member new this day is greeted "Welcome" on the first visit, "Welcome back" after.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya Member!');
    await expect(page.getByRole('link', { name: /Notifications/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription status' })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    // ...the two tabs, the city heading and line, the card's texts...
    await expect(page.getByRole('tab', { name: 'Local Deals' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Community Feed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Deals in / })).toBeVisible();
    await expect(page.getByText('Only small and family owned businesses allowed!')).toBeVisible();
    await expect(firstCard).toContainText(/Used \d+ times?/);
    await expect(firstCard.getByText(/Code valid until/)).toBeVisible();
    // ...the city selector, search and categories, one tap away in the filters...
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Search deals')).toBeHidden();
    await filters.click();
    await expect(page.getByLabel('City', { exact: true }).locator('option').last()).toHaveText('More cities coming soon...');
    await expect(page.getByLabel('Search deals')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'All' })).toBeVisible();
    // ...and the member number and pass in the status card, above the deals (issue 42).
    await expect(page.getByTestId('member-number')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Show member pass' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Maya Member!');
  });

  test('/profile without its answer says the device is offline with nothing saved, instead of loading for ever', async ({ page }) => {
    await signIn(page, DEMO.member);
    await expect(page.locator('main article').first()).toBeVisible();
    // The network drops as the profile is asked for (the screen's code is already here).
    await page.route('**/api/auth/profile', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveTitle('Profile · Pay Local');
    await expect(page.getByRole('status').filter({ hasText: "You're offline, and this device has no copy of your profile yet." })).toBeVisible();
    await expect(page.getByText('Loading profile...')).toHaveCount(0);
    await page.unroute('**/api/auth/profile');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  });
});

test('the install button appears when the browser offers installation, and opens its dialog', async ({ page }) => {
  await signIn(page, DEMO.member);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => { (window as unknown as { __prompted: boolean }).__prompted = true; return Promise.resolve(); },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install the app' }).click();
  expect(await page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
  // The offer is used up: the button goes.
  await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
});

test.describe('on iOS Safari', () => {
  test.use({ ...PHONE, userAgent: IPHONE_SAFARI });

  test('the profile shows the Add to Home Screen steps', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.getByRole('link', { name: 'Profile' }).click();
    const steps = page.getByRole('list', { name: 'Add to Home Screen on iPhone and iPad' });
    await expect(steps).toContainText('Add to Home Screen');
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  });
});

/** Every code on the board on one line, inside its own card, with clear space to the next card's code. */
async function boardProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const codes = [...document.querySelectorAll('[data-testid="deal-code"]')];
    const rects = codes.map((code) => {
      const range = document.createRange();
      range.selectNodeContents(code);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const text = range.getBoundingClientRect();
      const card = code.closest('li')!.getBoundingClientRect();
      if (lines !== 1) problems.push(`${code.textContent} wraps`);
      if (text.left < card.left || text.right > card.right) problems.push(`${code.textContent} leaves its card`);
      if (text.height < 40) problems.push(`${code.textContent} is ${Math.round(text.height)} px high: too small at arm's length`);
      return text;
    });
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const [a, b] = [rects[i]!, rects[j]!];
        const sameRow = Math.abs(a.top - b.top) < a.height;
        if (sameRow && Math.max(a.left, b.left) - Math.min(a.right, b.right) < 24) problems.push(`codes ${i} and ${j} touch`);
      }
    }
    return { count: codes.length, problems };
  });
}

test('the counter board: each code sized to its card on a tablet either way and on a TV', async ({ page }) => {
  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.goto('/merchant/counter/board');
  await expect(page).toHaveTitle("Today's codes · Pay Local");
  await expect(page.getByTestId('deal-code').first()).toBeVisible();
  for (const size of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { count, problems } = await boardProblems(page);
    expect(count).toBeGreaterThan(1);
    expect(problems, `${size.width}×${size.height}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
});

test('a failed read is a failure with Try again, and Try again loads it', async ({ page }) => {
  await page.route('**/api/deals/public**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Busy"}' }));
  await page.goto('/browse-deals');
  await expect(page).toHaveTitle('Browse deals · Pay Local');
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load deals.' })).toBeVisible();
  await page.unroute('**/api/deals/public**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});
