import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { resolve } from 'node:path';
import { linkIn, waitForMail } from '../support/mail';
import { expectNoAxeViolations } from './axe-support';
import { DEMO, signIn, subscribeByApi, uniqueEmail } from './support';

// Refunds and disputes on the embedded default (test payments, decision 172): the admin refunds a
// member's plan-switch charge from the users table (issue 39: each payment names its plan, the remainder
// is offered, the dialog says what the refund does and asks once; the membership ends, /impact is net),
// and rehearses a dispute with the test-mode control (opened: access suspended; won: restored; listed).

const LYONS = 'c0000000-0000-4000-8000-000000000001';

/** A member who paid for a monthly membership through the test provider; the context is signed in. */
async function payingMember(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const name = `Refund ${prefix} ${Math.random().toString(36).slice(2, 6)}`;
  await subscribeByApi(request, { email, name, password: 'secret123', homeCityId: LYONS });
  return { email, name };
}

const isActive = async (request: APIRequestContext) => ((await (await request.get('/api/subscription/status')).json()) as { isActive: boolean }).isActive;
const impact = async (request: APIRequestContext) => (await (await request.get('/api/impact')).json()) as { monthCents: number; totalCents: number };
const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function openPayments(page: Page, who: { email: string; name: string }, count = 1) {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(who.email);
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: `Payments of ${who.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Payments of ${who.name}` });
  await expect(dialog.getByTestId('admin-payment')).toHaveCount(count);
  return dialog;
}

test('the admin refunds a member\'s plan-switch charge: the membership ends and /impact shows the net', async ({ page, browser }) => {
  const memberContext = await browser.newContext();
  const who = await payingMember(memberContext.request, 'refunded');
  expect((await memberContext.request.post('/api/subscription/plan-change', { data: { plan: 'yearly' } })).ok()).toBe(true);
  expect(await isActive(memberContext.request)).toBe(true);
  const before = await impact(memberContext.request);

  const dialog = await openPayments(page, who, 2);
  // Newest first: the switch charge pays the yearly period; the first payment stays a monthly one.
  const [payment, monthly] = [dialog.getByTestId('admin-payment').first(), dialog.getByTestId('admin-payment').last()];
  await expect(monthly).toContainText('$9.99 · Monthly');
  await expect(payment).toContainText('· Yearly');
  const share = Math.round(Number(/Lyons Community Foundation, \$(\d+\.\d\d)/.exec((await payment.textContent()) ?? '')![1]) * 100);
  await payment.getByRole('button', { name: 'Refund' }).click();
  // The remainder is offered, and the dialog says what refunding it does.
  const amount = await payment.getByLabel('Amount ($)').inputValue();
  expect(amount).toMatch(/^\d+\.\d\d$/);
  await expect(payment.getByTestId('refund-effect')).toHaveText('Ends the membership now.');
  await payment.getByLabel('Amount ($)').fill('5');
  await expect(payment.getByTestId('refund-effect')).toHaveText('Keeps the membership active.');
  await payment.getByLabel('Amount ($)').fill(amount);
  await payment.getByRole('button', { name: `Refund ${dollars(Math.round(Number(amount) * 100))}` }).click();
  await expect(payment.getByRole('alert')).toHaveText('A reason is required.');
  await expectNoAxeViolations(page);
  await payment.getByLabel('Reason').fill('Charged by mistake');
  await payment.getByRole('button', { name: /^Refund \$/ }).click();
  // A refund cannot be taken back: it asks once, in words.
  const confirm = page.getByRole('dialog', { name: `Refund ${dollars(Math.round(Number(amount) * 100))} (all that is left)?` });
  await expect(confirm).toContainText('Ends the membership now. The refund cannot be taken back.');
  await confirm.getByRole('button', { name: 'Confirm Refund' }).click();
  await expect(payment.getByRole('status')).toHaveText(`Refunded ${dollars(Math.round(Number(amount) * 100))}. The membership has ended.`);
  await expect(payment).toContainText('Refunded in full');
  await expect(payment).toContainText('Charity: Lyons Community Foundation, $0.00');
  await expect(payment.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The membership ended at once; /impact is net of the reversed share.
  expect(await isActive(memberContext.request)).toBe(false);
  const after = await impact(memberContext.request);
  expect(after).toEqual({ ...after, monthCents: before.monthCents - share, totalCents: before.totalCents - share });
  const visitor = await browser.newPage();
  await visitor.goto('/impact');
  await expect(visitor.getByTestId('impact-month-total')).toHaveText(dollars(after.monthCents));

  // The audit log says who, why and what.
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row', { name: /Charged by mistake/ })).toContainText(DEMO.admin.email);
  await expect(log.getByRole('row', { name: /Charged by mistake/ })).toContainText('membership ended');
  // Searched, and the same search as a CSV file (decision 202).
  await page.getByRole('searchbox', { name: 'Search the audit log' }).fill('Charged by mistake');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/audit-log?q=Charged+by+mistake&format=csv');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await memberContext.close();
});

test('a partial refund: the member sees its line, the corrected charity share, its mail and the receipt page', async ({ browser }) => {
  const memberContext = await browser.newContext();
  const who = await payingMember(memberContext.request, 'partial');
  const { user } = (await (await memberContext.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const adminContext = await browser.newContext();
  expect((await adminContext.request.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const { payments } = (await (await adminContext.request.get(`/api/admin/payments?userId=${user.id}`)).json()) as { payments: { id: string }[] };
  const refunded = await adminContext.request.post(`/api/admin/payments/${payments[0].id}/refund`, { data: { amountCents: 250, reason: 'Shop closed for a week' } });
  expect(refunded.status(), await refunded.text()).toBe(200);

  // Stripe.js has no business on the profile with the built-in test provider (issue 39).
  const stripeRequests: string[] = [];
  memberContext.on('request', (request) => { if (request.url().includes('js.stripe.com')) stripeRequests.push(request.url()); });
  const member = await memberContext.newPage();
  await member.goto('/profile');
  const list = member.getByRole('region', { name: 'Payments' });
  await expect(list.locator('[data-kind="refund"]')).toContainText('Refund of your Monthly payment');
  await expect(list.locator('[data-kind="refund"]')).toContainText('-$2.50');
  await expect(list.locator('[data-kind="refund"]')).toContainText('Shop closed for a week');
  await expect(list.locator('[data-kind="charge"]')).toContainText('$0.75 to Lyons Community Foundation after refunds');
  await expect(list.getByTestId('payment-totals')).toContainText('$7.49');
  await expect(member.getByTestId('charity-given')).toContainText('$0.75');
  const card = member.getByRole('region', { name: 'Payment method' });
  await expect(card).toContainText('Visa •••• 4242, expires');
  await card.getByRole('button', { name: 'Update card' }).click();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(stripeRequests).toEqual([]);

  // One mail, linking to the receipt page, which shows the refund and the share after it, and leads back.
  const mail = await waitForMail(resolve(process.env.E2E_MAIL_DIR!), who.email, /\$2\.50 refunded to your card/);
  expect(mail.text).toContain('Reason: Shop closed for a week');
  await member.goto(linkIn(mail, '/receipts/'));
  await expect(member.getByTestId('receipt-refund')).toContainText('Shop closed for a week');
  await expect(member.getByTestId('receipt-charity')).toHaveText('$0.75 of it goes to Lyons Community Foundation ($1.00 before refunds).');
  await expectNoAxeViolations(member);
  await member.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(member).toHaveURL(/\/profile#billing$/);
  await adminContext.close();
  await memberContext.close();
});

test('a dispute opened suspends the member\'s access; won restores it (test-mode control)', async ({ page, browser }) => {
  const memberContext = await browser.newContext();
  const who = await payingMember(memberContext.request, 'disputed');
  const dialog = await openPayments(page, who);
  const controls = dialog.getByTestId('test-mode-controls');
  await expect(controls).toContainText('Test mode');

  await controls.getByRole('button', { name: 'Open dispute' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Dispute open: the membership is suspended and you were mailed.');
  await expect(dialog.getByTestId('admin-payment')).toContainText('Dispute open');
  expect(await isActive(memberContext.request)).toBe(false);
  const member = await memberContext.newPage();
  await member.goto('/profile');
  await expect(member.getByText('On hold', { exact: true })).toBeVisible();
  await expect(member.getByTestId('membership-on-hold')).toContainText('dispute');

  // Admin screens are desktop-first, but the payments dialog must not overflow a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await dialog.evaluate((panel) => {
    const box = panel.querySelector('[data-testid="admin-payment"]')!.closest('ul')!.parentElement!.parentElement!;
    return box.getBoundingClientRect().right <= 390 && [...box.querySelectorAll('*')].every((e) => e.getBoundingClientRect().right <= 390);
  })).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  await controls.getByRole('button', { name: 'Win dispute' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Dispute won: the membership is restored.');
  expect(await isActive(memberContext.request)).toBe(true);
  // The admin's dispute list: the outcome, the evidence deadline, the member, the amount, the membership now.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Disputes' }).click();
  const row = page.getByRole('table', { name: 'Disputes' }).getByRole('row', { name: new RegExp(who.name) });
  await expect(row).toContainText('Won');
  await expect(row).toContainText('$9.99');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await member.reload();
  await expect(member.getByTestId('membership-on-hold')).toHaveCount(0);
  await expect(member.getByText('Active', { exact: true })).toBeVisible();
  await memberContext.close();
});
