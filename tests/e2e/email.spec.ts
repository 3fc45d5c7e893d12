import { resolve } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mail';
import { expectToast, signIn, uniqueEmail } from './support';

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
