import { resolve } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mail';
import { expectToast, signIn, subscribeByApi, uniqueEmail } from './support';

// The run's mail folder (playwright.config.ts passes it to the server as MAIL_DIR).
const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR!);

async function registerMember(request: APIRequestContext, name = 'Rory Reset') {
  const email = uniqueEmail('mail');
  const res = await request.post('/api/auth/register', { data: { role: 'USER', name, email, password: 'first-pass' } });
  expect(res.status()).toBe(201);
  return { email, password: 'first-pass' };
}

test('forgot password → mail file → link → new password → signed in, the old session gone', async ({ page, browser }) => {
  const other = await browser.newContext();
  const account = await registerMember(other.request);
  expect((await other.request.get('/api/auth/me')).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  const mail = await waitForMail(MAIL_DIR, account.email, /Reset your Pay Local password/);
  expect(mail.text).toContain('Pay Local');
  expect(mail.html).toContain('Choose a new password');
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('second-pass');
  await page.getByLabel('Confirm new password').fill('second-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expectToast(page, 'Password changed');

  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  // The link works once.
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('third-pass');
  await page.getByLabel('Confirm new password').fill('third-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, already used or expired');
  await other.close();
});

test('change password on /profile keeps this session and ends the others', async ({ page, browser }) => {
  const account = await registerMember(page.request, 'Cam Change');
  const other = await browser.newContext();
  expect((await other.request.post('/api/auth/login', { data: account })).status()).toBe(200);

  await page.goto('/profile');
  await page.getByLabel('Current password').fill('wrong-pass');
  await page.getByLabel(/^New password/).fill('changed-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toContainText('Your current password is not correct.');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed', 'Your other devices have been signed out.');

  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await waitForMail(MAIL_DIR, account.email, /password was changed/);
  await other.close();
});

test('sign out everywhere ends a second browser\'s session', async ({ page, browser }) => {
  const account = await registerMember(page.request, 'Eve Everywhere');
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await signIn(secondPage, account);
  await expect(secondPage).toHaveURL(/\/app$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Signed out everywhere');

  await secondPage.goto('/profile');
  await expect(secondPage).toHaveURL(/\/login$/);
  await second.close();
});

test('the verification link flips the profile badge from "Not verified" to "Verified"', async ({ page }) => {
  const account = await registerMember(page.request, 'Vera Verify');
  await page.goto('/profile');
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resend' }).click();
  await expectToast(page, 'Confirmation email sent');

  const mail = await waitForMail(MAIL_DIR, account.email, /Confirm your email address/);
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByRole('status')).toContainText('your email address is confirmed');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
});

const LYONS = 'c0000000-0000-4000-8000-000000000001';
const LYONS_YOUTH_SPORTS = 'ca000000-0000-4000-8000-000000000002';

/** A new paying member in Lyons, giving to Lyons Youth Sports (the receipt's charity line), for subscribeByApi. */
const payer = (email: string) => ({ email, name: 'Pia Payer', password: 'secret123', homeCityId: LYONS, preferredCharityId: LYONS_YOUTH_SPORTS });

test('a test payment mails a receipt with the plan, the period and the charity line', async ({ page }) => {
  const email = uniqueEmail('receipt');
  await subscribeByApi(page.request, payer(email));
  const receipt = await waitForMail(MAIL_DIR, email, /Your Pay Local receipt/);
  expect(receipt.text).toContain('$9.99 for the Monthly plan');
  expect(receipt.text).toMatch(/Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\./);
  expect(receipt.text).toContain('$1.00 (10%) goes to Lyons Youth Sports');
  expect(receipt.html).toContain('Lyons Youth Sports');
});

test('pause → resume from the member home → the deal codes are visible again', async ({ page }) => {
  const email = uniqueEmail('resume');
  await subscribeByApi(page.request, payer(email));
  await page.goto('/app');
  await expect(page.getByTestId('deal-code').first()).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Pause Membership' }).click();
  await page.getByRole('button', { name: 'Yes, Pause Membership' }).click();
  await expectToast(page, 'Subscription Paused');
  await waitForMail(MAIL_DIR, email, /membership is paused/);

  // In-app navigation, as a member would (the in-memory cache knows the membership changed).
  await page.getByRole('link', { name: 'Pay Local' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Your Membership Is Paused' })).toBeVisible();
  await expect(page.getByTestId('deal-code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume Membership' }).click();
  await expectToast(page, 'Membership Resumed');
  await expect(page.getByTestId('deal-code').first()).toBeVisible();
  await waitForMail(MAIL_DIR, email, /membership is resumed/);
});

test('a paused member who opens /subscribe is offered Resume (not a new subscription) and lands on /app', async ({ page }) => {
  const email = uniqueEmail('paused-subscribe');
  await subscribeByApi(page.request, payer(email));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Pause Membership' }).click();
  await page.getByRole('button', { name: 'Yes, Pause Membership' }).click();
  await expectToast(page, 'Subscription Paused');

  // "Subscribe Now" leads here; a new subscription would be refused with a 409 (issue 16).
  await page.goto('/subscribe');
  await expect(page.getByText('Your membership is paused')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume Membership' }).click();
  await expectToast(page, 'Membership Resumed');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('deal-code').first()).toBeVisible();
  expect(await (await page.request.get('/api/subscription/status')).json()).toEqual({ isActive: true });
});

test('the admin approves a pending merchant and the merchant\'s mail arrives', async ({ page, playwright, baseURL }) => {
  const business = `Mailbox Mercantile ${Math.random().toString(36).slice(2, 6)}`;
  const email = uniqueEmail('approved');
  const owner = await playwright.request.newContext({ baseURL });
  const reg = await owner.post('/api/auth/register', {
    data: { role: 'MERCHANT', name: 'Mae Mailbox', email, password: 'secret1234',
      merchantData: { businessName: business, businessAddress: '3 Post Rd, Lyons, CO', businessType: 'retail', isWomenOwned: false } },
  });
  expect(reg.status()).toBe(201);

  await signIn(page, { email: 'admin@paylocal.local', password: 'admin12345' });
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('table', { name: 'Pending applications' }).getByRole('button', { name: `Review ${business}` }).click();
  await page.getByRole('dialog', { name: 'Review and Approve' }).getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Merchant approved');

  const mail = await waitForMail(MAIL_DIR, email, /is approved on Pay Local/);
  expect(mail.subject).toBe(`${business} is approved on Pay Local`);
  expect(linkIn(mail, '/merchant')).toMatch(/^http:\/\/localhost:\d+\/merchant$/);
  await owner.dispose();
});
