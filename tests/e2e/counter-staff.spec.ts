import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mail';
import { memberPersonalCodes } from './counter-support';
import { DEMO, expectToast, signIn, uniqueEmail } from './support';

// Issue 26, decision 166: staff on the counter. The owner invites a staff member by email; the staff member opens
// the mailed link, sets a password and a PIN and lands on the counter (nothing else); the owner pairs a tablet with
// a one-time code (a second browser, no owner password on it); the staff member switches to it by PIN and verifies
// a deal code with a member number; the owner sees who did it; and every owner route answers the staff member 403.

const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR!);

/** No sideways scroll at this viewport. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Status of an API call made by the page itself (its cookies, its origin). */
const statusFromPage = (page: Page, method: string, path: string) =>
  page.evaluate(async ([m, p]) => (await fetch(p, {
    method: m, credentials: 'include', headers: { 'content-type': 'application/json' }, body: m === 'GET' || m === 'DELETE' ? undefined : '{}',
  })).status, [method, path] as const);

test('the owner invites staff by email; staff set a PIN, switch on a paired tablet, work the counter, and get 403 elsewhere', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const staffName = `Tess Till ${suffix}`;
  const staffEmail = uniqueEmail('staff');

  // ---- the owner invites a staff member from the dashboard -----------------------------------
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.merchant);
  await expect(owner).toHaveURL(/\/merchant$/);
  await owner.locator('#staff-name').fill(staffName);
  await owner.locator('#staff-email').fill(staffEmail);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expectToast(owner, 'Invite sent');
  const staffList = owner.getByRole('list', { name: 'Staff members' });
  await expect(staffList.getByRole('listitem').filter({ hasText: staffName })).toContainText('Invited');

  // ---- the staff member opens the mailed link on their phone, sets a password and a PIN --------
  const mail = await waitForMail(MAIL_DIR, staffEmail, /invited you to their counter/);
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const staff = await staffContext.newPage();
  await staff.goto(linkIn(mail, '/staff/accept'));
  await expect(staff.getByRole('heading', { name: "Join Rosa's River Cafe" })).toBeVisible();
  await expectNoSidewaysScroll(staff);
  await staff.locator('#staff-password').fill('till-password-1');
  await staff.locator('#staff-pin').fill('2580');
  await staff.locator('#staff-pin-again').fill('2580');
  await staff.getByRole('button', { name: 'Accept invite' }).click();
  // Staff land on the counter, and see nothing but the counter.
  await expect(staff).toHaveURL(/\/merchant\/counter$/);
  await expect(staff.getByRole('heading', { name: 'Counter' })).toBeVisible();
  await expect(staff.getByText(`Signed in as ${staffName}`)).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
  await expectNoSidewaysScroll(staff);
  await staff.goto('/merchant/deals');
  await expect(staff).toHaveURL(/\/merchant\/counter$/);
  await staff.goto('/merchant');
  await expect(staff).toHaveURL(/\/merchant\/counter$/);

  // ---- every owner route answers the staff member 403 (API calls from the staff member's page) ----
  const ownerRoutes: [string, string][] = [
    ['POST', '/api/merchant/deals'], ['PATCH', '/api/merchant/deals/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/merchant/deals/00000000-0000-4000-8000-000000000000'], ['PUT', '/api/merchant/logo'],
    ['POST', '/api/merchant/apply'], ['GET', '/api/merchant/insights'], ['GET', '/api/merchant/updates'],
    ['POST', '/api/merchant/updates'], ['GET', '/api/merchant/staff'], ['POST', '/api/merchant/staff'],
    ['DELETE', '/api/merchant/staff/00000000-0000-4000-8000-000000000000'], ['GET', '/api/merchant/counter-devices'],
    ['POST', '/api/merchant/counter-devices'], ['GET', '/api/collabs'], ['POST', '/api/collabs'],
  ];
  for (const [method, path] of ownerRoutes) {
    expect({ method, path, status: await statusFromPage(staff, method, path) }).toEqual({ method, path, status: 403 });
  }
  // ...while the counter's own reads work for them.
  expect(await statusFromPage(staff, 'GET', '/api/merchant/counter/activity')).toBe(200);

  // ---- on their phone they change the PIN (their password proves it is them) ----------------------
  await staff.goto('/merchant/counter');
  await staff.getByRole('button', { name: 'Change PIN' }).click();
  await staff.locator('#pin-password').fill('till-password-1');
  await staff.locator('#pin-new').fill('3690');
  await staff.getByRole('button', { name: 'Save PIN' }).click();
  await expectToast(staff, 'PIN changed');
  await expectNoSidewaysScroll(staff);

  await owner.reload();
  const accepted = owner.getByRole('list', { name: 'Staff members' }).getByRole('listitem').filter({ hasText: staffName });
  await expect(accepted).toContainText('Active');
  await expect(accepted).toContainText('PIN set');

  // ---- the owner pairs a tablet with a one-time code -------------------------------------------
  await owner.getByRole('button', { name: 'Pair a counter tablet' }).click();
  const code = (await owner.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await tablet.goto('/counter/pair');
  await tablet.locator('#pairing-code').fill(code.toLowerCase());
  await tablet.getByRole('button', { name: 'Pair tablet' }).click();
  await expect(tablet).toHaveURL(/\/counter\/switch$/);
  await expect(tablet.getByRole('heading', { name: "Rosa's River Cafe" })).toBeVisible();
  await tablet.setViewportSize({ width: 768, height: 1024 });
  await expectNoSidewaysScroll(tablet);

  // ---- staff switch on the tablet by PIN: a wrong one first --------------------------------------
  const dealTitle = `Staff till deal ${suffix}`;
  const made = await owner.request.post('/api/merchant/deals', {
    data: { title: dealTitle, description: 'Checked by staff', discountPercent: 12, perMemberLimit: 'none' },
  });
  expect(made.status()).toBe(201);
  await tablet.getByRole('button', { name: staffName }).click();
  await tablet.locator('#switch-pin').fill('1111');
  await tablet.getByRole('button', { name: 'Start at the counter' }).click();
  await expect(tablet.getByText('Wrong PIN: 4 tries left before it locks')).toBeVisible();
  await tablet.locator('#switch-pin').fill('3690');
  await tablet.getByRole('button', { name: 'Start at the counter' }).click();
  await expect(tablet).toHaveURL(/\/merchant\/counter$/);
  await expect(tablet.getByText(`Signed in as ${staffName}`)).toBeVisible();
  await tablet.setViewportSize({ width: 1024, height: 768 });
  await expectNoSidewaysScroll(tablet);

  // ---- they verify a deal code with a member number and the member's personal code (decision 190) ----
  const login = await request.post('/api/auth/login', { data: DEMO.member });
  const memberNumber = String((await login.json()).user.memberNumber);
  const liveCode = tablet.getByRole('listitem', { name: dealTitle }).getByTestId('deal-code');
  await expect(liveCode).toHaveText(/^\d{6}$/);
  await tablet.getByLabel('Deal code').fill((await liveCode.textContent())!.trim());
  await tablet.getByRole('textbox', { name: 'Member number' }).first().fill(memberNumber);
  await tablet.getByRole('form', { name: 'Type a code' }).getByLabel('Personal code').fill(await (await memberPersonalCodes(request)).codeAt());
  await tablet.getByRole('button', { name: 'Verify Code' }).click();
  await expect(tablet.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'approved');
  await expect(tablet.getByTestId('scan-result')).toContainText(dealTitle);

  // ---- the owner sees who did it, and the member's first name ------------------------------------
  await owner.goto('/merchant/counter');
  const entry = owner.getByRole('listitem').filter({ hasText: dealTitle }).filter({ hasText: `by ${staffName}` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`#${memberNumber}`);

  // ---- "Switch staff" goes back to the switcher; the tablet stays paired --------------------------
  await tablet.getByRole('button', { name: 'Switch staff' }).click();
  await expect(tablet).toHaveURL(/\/counter\/switch$/);
  await expect(tablet.getByRole('button', { name: staffName })).toBeVisible();

  // ---- so does the header's "Sign out" on a paired tablet (issue 38), not the visitors' landing page ----------
  await tablet.getByRole('button', { name: staffName }).click();
  await tablet.locator('#switch-pin').fill('3690');
  await tablet.getByRole('button', { name: 'Start at the counter' }).click();
  await expect(tablet).toHaveURL(/\/merchant\/counter$/);
  await tablet.getByRole('button', { name: 'Sign out' }).click();
  await expect(tablet).toHaveURL(/\/counter\/switch$/);
  await expect(tablet.getByRole('button', { name: staffName })).toBeVisible();

  // ---- unpairing asks once: Cancel keeps the tablet, Unpair ends it ----------------------------------
  await owner.goto('/merchant');
  const paired = owner.getByRole('list', { name: 'Paired tablets' }).getByRole('listitem');
  await expect(paired).toHaveCount(1);
  await paired.getByRole('button', { name: 'Unpair' }).click();
  const asking = owner.getByRole('dialog', { name: /^Unpair / });
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toHaveCount(0);
  await expect(paired).toHaveCount(1);
  await paired.getByRole('button', { name: 'Unpair' }).click();
  await asking.getByRole('button', { name: 'Unpair' }).click();
  await expect(owner.getByText('No tablet paired yet.')).toBeVisible();

  // The dashboard's Staff section fits a phone too.
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto('/merchant');
  await expect(owner.getByRole('list', { name: 'Staff members' })).toContainText(staffName);
  await expectNoSidewaysScroll(owner);

  await Promise.all([ownerContext.close(), staffContext.close(), tabletContext.close()]);
});
