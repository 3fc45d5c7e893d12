import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { badCredentials, DEMO, signIn } from './support';

// Screens owned by later features (subscribe, browse deals) are only checked for having their h1.
const PUBLIC_SCREENS: Array<[string, string | null]> = [
  ['/', 'Support Community'],
  ['/about', 'Join Our Community'],
  ['/login', 'Sign in to your account'],
  ['/register', 'Create your account'],
  ['/register?role=merchant', 'Create merchant account'],
  ['/subscribe', null],
  ['/browse-deals', null],
  ['/nowhere', 'Page Not Found'],
];

for (const [path, heading] of PUBLIC_SCREENS) {
  test(`${path} passes axe WCAG 2.2 AA @mobile`, async ({ page }) => {
    await page.goto(path);
    const h = heading ? page.getByRole('heading', { name: heading }) : page.getByRole('heading', { level: 1 });
    await expect(h.first()).toBeVisible();
    await expectNoAxeViolations(page, { tags: WCAG_22_AA });
  });
}

test('the register form with a city and charities, and the error toast, pass axe', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Home city').selectOption({ label: 'Lyons, Colorado' });
  await expect(page.getByLabel('Preferred charity').locator('option', { hasText: 'Lyons Youth Sports' })).toBeAttached();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA });

  await signIn(page, badCredentials());
  await expect(page.getByTestId('toast')).toContainText('Login failed');
  await expectNoAxeViolations(page, { tags: WCAG_22_AA });
});

test('signed-in screens pass axe', async ({ page }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
  for (const path of ['/app', '/notifications', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, { tags: WCAG_22_AA });
  }
});
