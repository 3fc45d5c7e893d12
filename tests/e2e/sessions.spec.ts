// Issue 28 / decision 176: the signed-in devices list on /profile: browser, approximate time, "this device",
// and signing another device out. Also the one password rule, checked before anything is sent.
import { expect, request, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support';

const PASSWORD = 'devices-pass-1';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the profile lists signed-in devices and signs another one out', async ({ page, baseURL }) => {
  const email = uniqueEmail('devices');
  // The register form states the rule and refuses a short password before sending.
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Devi Devices');
  await page.getByLabel('Email address').fill(email);
  await expect(page.getByText('8 to 72 characters; not only spaces, not a common password.')).toBeVisible();
  await page.getByLabel('Password').fill('abc123');
  let sent = false;
  page.on('request', (req) => { if (req.url().endsWith('/api/auth/register')) sent = true; });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters.' })).toBeVisible();
  expect(sent).toBe(false);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);

  // A second device: a phone signs in through the API with its own browser name.
  const phone = await request.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  expect((await phone.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);

  await page.goto('/profile');
  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByTestId('signed-in-device')).toHaveCount(2);
  const mine = list.getByTestId('signed-in-device').filter({ hasText: 'This device' });
  await expect(mine).toContainText('Active now');
  await expect(mine.getByRole('button')).toHaveCount(0);
  const iphone = list.getByTestId('signed-in-device').filter({ hasText: 'Safari on iPhone' });
  await expect(iphone).toBeVisible();

  await iphone.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
  await expect(list.getByTestId('signed-in-device')).toHaveCount(1);
  expect((await phone.get('/api/auth/me')).status()).toBe(401);
  await phone.dispose();

  // Fits a 390 px phone and a tablet both ways.
  for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
    await page.setViewportSize(size);
    await expect(list).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});
