import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows the hero, the calls to action and the feature blurbs @mobile', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1 });
    await expect(hero).toContainText('Pay Local');
    await expect(hero).toContainText('Save Big');
    await expect(hero).toContainText('Support Community');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/register');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Subscribe - Access All Local Deals' })).toHaveAttribute('href', '/subscribe');
    await expect(main.getByRole('link', { name: 'Browse Deals' })).toHaveAttribute('href', '/browse-deals');
    await expect(main.getByText('A subscription is required to access deal codes.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Join as Customer' })).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'Become a Merchant' })).toHaveAttribute('href', '/register?role=merchant');
    for (const blurb of ['Save Big', 'Simple Codes', 'Support Local']) {
      await expect(main.getByRole('heading', { level: 3, name: blurb })).toBeVisible();
    }
  });

  test('links lead to their screens', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Merchant' }).click();
    await expect(page).toHaveURL(/\/register\?role=merchant$/);
    await expect(page.getByRole('heading', { name: 'Create merchant account' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
  });
});

test('about page has the mission, the founder and the call to action', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meet Our Founder' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/register');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Start Saving Today' })).toHaveAttribute('href', '/subscribe');
  await expect(page.getByRole('link', { name: 'List Your Business' })).toHaveAttribute('href', '/register?role=merchant');
});

test('an unknown path shows "Page Not Found"', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the web app manifest and icons are served', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Pay Local', short_name: 'Pay Local', display: 'standalone', start_url: '/' });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const res = await request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    expect(res.headers()['content-type']).toContain('image/png');
  }
});

test('the manifest link is in the HTML every page is served with (crawlers, packagers, install paths read it there)', async ({ page, request }) => {
  for (const path of ['/', '/app', '/browse-deals']) {
    const html = await (await request.get(path)).text();
    expect(html.match(/<link rel="manifest" href="\/manifest\.webmanifest"/g), path).toHaveLength(1);
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  expect(JSON.parse(data!)).toMatchObject({ name: 'Pay Local', display: 'standalone' });
});
