import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@paylocal.local', password: 'admin12345' },
  member: { email: 'member@paylocal.local', password: 'member12345' },
  merchant: { email: 'merchant@paylocal.local', password: 'merchant12345' },
  pending: { email: 'pending@paylocal.local', password: 'pending12345' },
} as const;

/** A fresh address per test so runs and parallel workers never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills the account fields the register and subscribe forms share (full name, email address, password). */
export async function fillAccountFields(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** The business `owner` posts `update` from its dashboard, in a browser context of its own (closed afterwards). */
export async function postBusinessUpdate(browser: Browser, owner: { email: string; password: string }, update: string) {
  const context = await browser.newContext();
  const merchant = await context.newPage();
  await signIn(merchant, owner);
  await expect(merchant).toHaveURL(/\/merchant$/);
  await merchant.getByLabel('Update', { exact: true }).fill(update);
  await merchant.getByRole('button', { name: 'Post Update' }).click();
  await expectToast(merchant, 'Update posted');
  await context.close();
}

/** The one visible toast (the app shows at most one). */
export function toast(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByTestId('toast');
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const item = toast(page);
  await expect(item).toContainText(title);
  if (description) await expect(item).toContainText(description);
  return item;
}

/**
 * Credentials that fail to sign in. A fresh unknown address each time: the API rate-limits failed logins
 * per email, so wrong passwords for a demo account would soon lock that account out for later tests.
 */
export function badCredentials() {
  return { email: uniqueEmail('nobody'), password: 'wrong-password' };
}

/** The test provider's good card, as the subscribe page posts it to /api/test-payments/confirm. */
export const testCard = (clientSecret: string) => ({ clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });

/**
 * The subscribe flow over the API, as the subscribe page drives it (create-subscription, the good test card,
 * complete-subscription), for tests that start from a paying member: `request` is then signed in as `account`
 * (email, name, password and any profile fields such as homeCityId).
 */
export async function subscribeByApi(request: APIRequestContext, account: { email: string; name: string; password: string } & Record<string, string>, plan = 'monthly') {
  const created = await (await request.post('/api/create-subscription', { data: { ...account, plan } })).json();
  const paid = await request.post('/api/test-payments/confirm', { data: testCard(created.clientSecret) });
  expect(paid.status(), await paid.text()).toBe(200);
  const done = await request.post('/api/complete-subscription', {
    data: { ...account, paymentIntentId: created.paymentIntentId, customerId: created.customerId, plan },
  });
  expect(done.status(), await done.text()).toBe(200);
}
