// Issue 27 part 2 in the browser, on the embedded default's test payments (decision 171): a failed renewal
// (banner, mail, card update, paid, access kept), 3-D Secure at renewal, a card update, a plan change with
// its proration shown first, and a pass's terms — on a 390 px phone.
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mail';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { expectToast, fillAccountFields, subscribeByApi, uniqueEmail } from './support';

const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR!);

test.use({ viewport: { width: 390, height: 844 } });

/** Subscribes in the browser's own context (the API flow the subscribe page drives), so the page is signed in. */
async function subscribe(page: Page, prefix: string, plan = 'monthly') {
  const email = uniqueEmail(prefix);
  await subscribeByApi(page.request, { email, name: 'Billie Billing', password: 'secret123' }, plan);
  return email;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function saveCard(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Update card' }).click();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test('a failed renewal: banner on /app and /profile, a mail, a declined retry, a new card pays, access kept', async ({ page }) => {
  const email = await subscribe(page, 'dunning');
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Test payments' });
  await panel.getByRole('button', { name: 'Renewal fails' }).click();
  await expectToast(page, 'Test renewal', 'The renewal failed: the card was declined.');

  const banner = page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('You keep your member deals until');
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: '/profile with a failed renewal' });

  const mail = await waitForMail(MAIL_DIR, email, /renewal payment failed/);
  expect(mail.text).toContain('Update card');

  await page.goto('/app');
  await expect(page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' })).toBeVisible();
  // Access is kept during the grace period: the member card is there.
  await expect(page.getByTestId('member-number')).toBeVisible();
  // The banner fits the phone (the deal list below it is another screen's business).
  const box = (await page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.getByRole('link', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/profile#billing$/);

  await page.getByRole('button', { name: 'Retry payment' }).click();
  await expectToast(page, 'Payment failed', /declined/);

  await saveCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'declined' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await saveCard(page, '4242 4242 4242 4242');
  await expectToast(page, 'Card saved', /Payment received/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' })).toHaveCount(0);
  await expect(page.getByText('Card: Visa •••• 4242, expires 12/2034')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('listitem')).toHaveCount(2);
  expect((await (await page.request.get('/api/subscription/status')).json()).isActive).toBe(true);
});

test('3-D Secure at renewal: the banner opens the invoice page, which confirms the payment', async ({ page }) => {
  await subscribe(page, 'threeds');
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Test payments' }).getByRole('button', { name: 'Renewal needs 3-D Secure' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Your bank needs you to confirm your renewal' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/test-payments\/invoice\/in_test_/);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: 'the test invoice page' });
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expectToast(page, 'Payment confirmed');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('alert').filter({ hasText: 'confirm your renewal' })).toHaveCount(0);
});

test('a card update with nothing owed saves the card', async ({ page }) => {
  await subscribe(page, 'card');
  await page.goto('/profile');
  await saveCard(page, '4242 4242 4242 4242');
  await expectToast(page, 'Card saved', 'Your card is saved.');
  await expect(page.getByText('Card: Visa •••• 4242, expires 12/2034')).toBeVisible();
  await noSidewaysScroll(page);
});

test('a plan change shows the proration before confirming, then charges it', async ({ page }) => {
  await subscribe(page, 'switch');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Switch to Yearly' }).click();
  const preview = page.getByTestId('plan-change-preview');
  await expect(preview).toContainText('Yearly plan: $100.00');
  await expect(preview).toContainText('Credit for the unused part of this period');
  const charged = (await preview.getByText(/Charged now/).textContent())!.match(/\$[\d.,]+/)![0];
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: 'the plan change preview' });
  await preview.getByRole('button', { name: 'Confirm switch' }).click();
  await expectToast(page, 'Plan changed', 'You are now on the Yearly plan.');
  await expect(page.getByText('· Yearly', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('listitem').first()).toContainText(charged);
});

test('a Weekend pass shows its terms, says "Ends", and offers to renew it', async ({ page }) => {
  await subscribe(page, 'pass', 'weekend');
  await page.goto('/profile');
  await expect(page.getByTestId('plan-terms')).toContainText('The pass does not renew');
  await expect(page.getByText(/^Ends/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Test payments' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Renew Automatically' }).click();
  await expect(page.getByText(/^Renews/)).toBeVisible();
});

test('the payment step states the plan\'s terms before the card', async ({ page }) => {
  await page.goto('/subscribe');
  await page.getByText('Weekend', { exact: true }).click();
  await fillAccountFields(page, { name: 'Terry Terms', email: uniqueEmail('terms'), password: 'secret123' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByTestId('plan-terms')).toContainText('$6.99 once for 3 days of membership. The pass does not renew');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await noSidewaysScroll(page);
});

test('the billing screens fit a tablet in both orientations', async ({ page }) => {
  await subscribe(page, 'tablet');
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Test payments' }).getByRole('button', { name: 'Renewal needs 3-D Secure' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'confirm your renewal' })).toBeVisible();
  for (const [width, height] of [[768, 1024], [1024, 768]]) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Update card' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}×${height}`).toBeLessThanOrEqual(width);
    await page.reload();
  }
});
