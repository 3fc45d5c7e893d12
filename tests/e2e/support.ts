import { expect, type Page } from '@playwright/test';

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
