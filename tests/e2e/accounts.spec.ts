import { expect, test } from '@playwright/test';
import { badCredentials, DEMO, expectToast, fillAccountFields, signIn, uniqueEmail } from './support';

test('a customer registers with Lyons, Colorado and a charity and lands on /app', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Customer/ })).toBeChecked();
  // No charity choice until a home city is picked.
  await expect(page.getByLabel('Preferred charity')).toHaveCount(0);

  await fillAccountFields(page, { name: 'Casey Member', email: uniqueEmail('customer'), password: 'secret1234' });
  await page.getByLabel('Home city').selectOption({ label: 'Lyons, Colorado' });
  const charity = page.getByLabel('Preferred charity');
  await expect(charity.locator('option', { hasText: 'Lyons Youth Sports' })).toBeAttached();
  await charity.selectOption({ label: 'Lyons Youth Sports' });

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expectToast(page, 'Welcome', 'Your account has been created successfully.');
  await expect(page.getByRole('heading', { name: /Casey Member/ })).toBeVisible();
});

test('a merchant registers and sees "Application Under Review" with the business name', async ({ page }) => {
  await page.goto('/register?role=merchant');
  await expect(page.getByRole('heading', { name: 'Create merchant account' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Merchant/ })).toBeChecked();

  await fillAccountFields(page, { name: 'Morgan Owner', email: uniqueEmail('merchant'), password: 'secret1234' });
  await page.getByLabel('Business name').fill('Mountain Bean Roasters');
  await page.getByLabel('Business type').selectOption({ label: 'Food & Drink' });
  await page.getByLabel('Business address').fill('12 Main St, Lyons, CO');
  await page.getByLabel('City', { exact: true }).selectOption({ label: 'Lyons, Colorado' });
  await page.getByLabel('This is a women-owned business').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/merchant$/);
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  await expect(page.getByText('Mountain Bean Roasters')).toBeVisible();
  await expect(page.getByText('12 Main St, Lyons, CO')).toBeVisible();
  await expect(page.getByText('5%')).toBeVisible();
});

test('switching account type swaps the field sets', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByLabel('Home city')).toBeVisible();
  await page.getByText('Merchant', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create merchant account' })).toBeVisible();
  await expect(page.getByLabel('Business name')).toBeVisible();
  await expect(page.getByLabel('Home city')).toHaveCount(0);
  await expect(page.getByLabel('Business website')).toHaveAttribute('type', 'url');
});

test('registering an existing email shows "Registration failed"', async ({ page }) => {
  await page.goto('/register');
  await fillAccountFields(page, { name: 'Copy Cat', email: DEMO.member.email, password: 'secret1234' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  const item = await expectToast(page, 'Registration failed', 'User already exists');
  await expect(item).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password shows the destructive "Login failed" toast', async ({ page }) => {
  await signIn(page, badCredentials());
  const item = await expectToast(page, 'Login failed');
  await expect(item).toHaveAttribute('data-variant', 'destructive');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('the member signs in, is welcomed back and signs out', async ({ page }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await expectToast(page, 'Welcome back!', 'You have been logged in successfully.');

  // Signed-in users are sent home from the visitor pages.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in member opening /admin is sent to /login by the role guard', async ({ page }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/admin');
  // The guard sends them to /login, which in turn sends a signed-in member home.
  await expect(page).toHaveURL(/\/app$/);
  expect(visited).toContain('/login');
  expect(visited.at(-1)).toBe('/app');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('a visitor opening a signed-in screen lands on /login', async ({ page }) => {
  for (const path of ['/admin', '/merchant', '/app', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  }
});

test('the seeded pending merchant sees the review screen; the admin reaches /admin', async ({ page }) => {
  await signIn(page, DEMO.pending);
  await expect(page).toHaveURL(/\/merchant$/);
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
