import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support';
import { DEMO, expectToast, signIn, uniqueEmail } from './support';

// The designated admin in a real browser: approves a pending merchant, deletes a user and sees their
// data gone, adds, edits, deactivates and deletes a city, and the metric cards match the data.

async function openAdmin(page: Page) {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

const metric = (page: Page, name: string) => page.getByTestId(`metric-${name}`);
const dollars = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test('the admin approves a pending merchant from the Review and Approve dialog', async ({ page, playwright, baseURL }) => {
  const business = `Juniper Joinery ${Math.random().toString(36).slice(2, 6)}`;
  const owner = await playwright.request.newContext({ baseURL });
  const reg = await owner.post('/api/auth/register', {
    data: { role: 'MERCHANT', name: 'June Joiner', email: uniqueEmail('joinery'), password: 'secret1234',
      merchantData: { businessName: business, businessAddress: '9 Mill Rd, Lyons, CO', businessType: 'services', isWomenOwned: true } },
  });
  expect(reg.status()).toBe(201);

  await openAdmin(page);
  const before = Number((await metric(page, 'active-merchants').innerText()).replace(/,/g, ''));
  const pending = page.getByRole('table', { name: 'Pending applications' });
  await pending.getByRole('button', { name: `Review ${business}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Review and Approve' });
  await expect(dialog).toContainText('9 Mill Rd, Lyons, CO');
  await expect(dialog).toContainText('June Joiner');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Merchant approved');
  await expect(page.getByRole('table', { name: 'Active merchants' })).toContainText(business);
  await expect(pending).not.toContainText(business);
  await expect(metric(page, 'active-merchants')).toHaveText(String(before + 1));

  // The owner's dashboard is live at once.
  const me = await (await owner.get('/api/merchant/me')).json();
  expect(me.active).toBe(true);
});

test('the admin deletes a user: signed out at once, their business and data gone, admins not deletable', async ({ page, browser, playwright, baseURL }) => {
  const email = uniqueEmail('leaving');
  const business = `Leaving Lanterns ${Math.random().toString(36).slice(2, 6)}`;
  const account = await browser.newContext();
  const victim = await account.newPage();
  const reg = await victim.request.post('/api/auth/register', {
    data: { role: 'MERCHANT', name: 'Lee Leaving', email, password: 'secret1234',
      merchantData: { businessName: business, businessAddress: '3 Elm St', businessType: 'retail', isWomenOwned: false } },
  });
  expect(reg.status()).toBe(201);
  expect((await victim.request.get('/api/auth/me')).status()).toBe(200);

  await openAdmin(page);
  const totalBefore = Number((await metric(page, 'total-users').innerText()).replace(/,/g, ''));
  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row', { name: /Platform Admin/ }).getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = users.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Business owner');
  await expect(row).toContainText('None');
  await row.getByRole('button', { name: 'Delete Lee Leaving' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user?' });
  await expect(confirm).toContainText('remove all their data');
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await expectToast(page, 'User deleted');
  await expect(users).toContainText('No users found');
  await expect(metric(page, 'total-users')).toHaveText(new Intl.NumberFormat('en-US').format(totalBefore - 1));

  // Their session is revoked and their business is gone from the admin's lists.
  expect((await victim.request.get('/api/auth/me')).status()).toBe(401);
  await page.getByRole('tab', { name: 'Merchant Management' }).click();
  await expect(page.getByRole('table', { name: 'Pending applications' })).not.toContainText(business);
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post('/api/auth/login', { data: DEMO.admin });
  const found = await (await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json();
  expect(found).toEqual({ users: [], total: 0 });
  expect((await admin.post('/api/auth/login', { data: { email, password: 'secret1234' } })).status()).toBe(401);
});

test('the admin adds, edits, deactivates and deletes a city', async ({ page, playwright, baseURL }) => {
  const name = `Allenspark ${Math.random().toString(36).slice(2, 6)}`;
  const visitor = await playwright.request.newContext({ baseURL });
  const publicNames = async () => ((await (await visitor.get('/api/cities')).json()) as { name: string }[]).map((c) => c.name);

  await openAdmin(page);
  await page.getByRole('tab', { name: 'City Management' }).click();
  await page.getByRole('button', { name: 'Add City' }).click();
  const add = page.getByRole('dialog', { name: 'Add City' });
  const create = add.getByRole('button', { name: 'Create City' });
  await expect(create).toBeDisabled();
  await add.getByLabel('City name').fill(name);
  await expect(create).toBeDisabled();
  await add.getByLabel('State').fill('Colorado');
  await add.getByLabel('Description').fill('Gateway to Wild Basin');
  await create.click();
  await expectToast(page, 'City created');
  const cities = page.getByRole('table', { name: 'Cities' });
  const row = cities.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Gateway to Wild Basin');
  await expect(row).toContainText('Active');
  expect(await publicNames()).toContain(name);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  let edit = page.getByRole('dialog', { name: 'Edit City' });
  await edit.getByLabel('Description').fill('Quiet mountain village');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'City updated');
  await expect(row).toContainText('Quiet mountain village');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  edit = page.getByRole('dialog', { name: 'Edit City' });
  await edit.getByLabel(/Active/).uncheck();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'City updated');
  await expect(row).toContainText('Inactive');
  expect(await publicNames()).not.toContain(name);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete city?' });
  await expect(confirm).toContainText('Are you sure you want to delete this city? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete City' }).click();
  await expectToast(page, 'City deleted');
  await expect(cities).not.toContainText(name);

  // A city that still has businesses cannot be deleted: the admin is told why.
  await cities.getByRole('row', { name: /Lyons/ }).getByRole('button', { name: 'Delete Lyons' }).click();
  await page.getByRole('dialog', { name: 'Delete city?' }).getByRole('button', { name: 'Delete City' }).click();
  const failed = await expectToast(page, 'Failed to delete city', /still has \d+ business/);
  await expect(failed).toHaveAttribute('data-variant', 'destructive');
});

test('the metric cards match the data', async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post('/api/auth/login', { data: DEMO.admin });
  const before = await (await admin.get('/api/admin/metrics')).json();

  // The seeded merchant records a $42.50 purchase by the member at the counter.
  const merchant = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL });
  await merchant.post('/api/auth/login', { data: DEMO.merchant });
  await member.post('/api/auth/login', { data: DEMO.member });
  const { user } = await (await member.get('/api/auth/me')).json();
  const earn = await merchant.post('/api/merchant/earn', { data: { memberNumber: user.memberNumber, amountCents: 4250 } });
  expect(earn.status()).toBe(201);
  const { points } = await earn.json();
  expect(points).toBeGreaterThan(0);

  await openAdmin(page);
  const users = await (await admin.get('/api/admin/users?limit=1')).json();
  const merchants = await (await admin.get('/api/admin/merchants')).json();
  await expect(metric(page, 'total-users')).toHaveText(new Intl.NumberFormat('en-US').format(users.total));
  await expect(metric(page, 'active-merchants')).toHaveText(String(merchants.active.length));
  await expect(metric(page, 'total-volume')).toHaveText(dollars(before.totalVolume + 4250));
  await expect(metric(page, 'points-outstanding')).toHaveText(dollars(before.pointsOutstanding + points));
});

test('a member never reaches the dashboard (the API tests cover a second ADMIN-role account)', async ({ page }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/admin');
  await expect(page).not.toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('the admin dashboard has no accessibility violations on any tab or dialog', async ({ page }) => {
  await openAdmin(page);
  await expect(page.getByRole('table', { name: 'Active merchants' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'City Management' }).click();
  await expect(page.getByRole('table', { name: 'Cities' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add City' }).click();
  await expect(page.getByRole('dialog', { name: 'Add City' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the System screen tells the admin how the service is doing, a refused webhook included', async ({ page, playwright, baseURL }) => {
  // A webhook call whose signature does not hold (the built-in test payments sign none): 400, and on the screen.
  const stranger = await playwright.request.newContext({ baseURL });
  const hook = await stranger.post('/api/stripe/webhook', { data: { id: 'evt_forged', type: 'invoice.paid' }, headers: { 'stripe-signature': 't=1,v1=forged' } });
  expect(hook.status()).toBe(400);

  await openAdmin(page);
  await page.getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByText(/The last Stripe webhook arrived (just now|.* ago) and was refused: bad signature\./)).toBeVisible();
  await expect(page.getByText(/^Mail: /)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Scheduled jobs' })).toContainText('Sending mail');
  await expect(page.getByRole('table', { name: 'Requests per route' })).toContainText('POST /api/stripe/webhook');
  await expectNoAxeViolations(page);
});
