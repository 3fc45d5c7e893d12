import { expect, type APIRequestContext, type Browser, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support';
import { DEMO, expectToast, signIn, uniqueEmail } from './support';

// Two merchants in two browser contexts: one finds the other by a misspelled name and proposes a
// collaboration, the other accepts it, both see it under Active Collabs; a third merchant sees nothing.

interface Merchant {
  email: string;
  password: string;
  business: string;
}

/** Registers a merchant through the API and has the admin approve it (so it is searchable). */
async function approvedMerchant(request: APIRequestContext, business: string): Promise<Merchant> {
  const account = { email: uniqueEmail('collab'), password: 'secret1234', business };
  const reg = await request.post('/api/auth/register', {
    data: {
      role: 'MERCHANT', name: `Owner of ${business}`, email: account.email, password: account.password,
      merchantData: { businessName: business, businessAddress: '1 Main St, Lyons, CO', businessType: 'food', isWomenOwned: false },
    },
  });
  expect(reg.status()).toBe(201);
  return account;
}

async function approve(admin: APIRequestContext, business: string) {
  const list = await (await admin.get('/api/admin/merchants')).json();
  const merchant = list.pending.find((m: { name: string }) => m.name === business);
  expect(merchant, business).toBeTruthy();
  expect((await admin.post(`/api/admin/merchants/${merchant.id}/approve`)).status()).toBe(200);
}

async function openCollabs(browser: Browser, merchant: Merchant): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  // From the dashboard tile, as a merchant would.
  await page.getByRole('link', { name: /Local Collabs/ }).click();
  await expect(page.getByRole('heading', { name: 'Local Collabs', level: 1 })).toBeVisible();
  return page;
}

test('a merchant finds another by a misspelled name, proposes a collab, the other accepts; a third sees nothing', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const api = () => playwright.request.newContext({ baseURL });
  const requesterName = `Quillfeather Bakery ${tag}`;
  const recipientName = `Thistledown Tea House ${tag}`;
  const outsiderName = `Marigold Outfitters ${tag}`;
  const [requester, recipient, outsider] = await Promise.all([
    api().then((r) => approvedMerchant(r, requesterName)),
    api().then((r) => approvedMerchant(r, recipientName)),
    api().then((r) => approvedMerchant(r, outsiderName)),
  ]);
  const admin = await api();
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  for (const name of [requesterName, recipientName, outsiderName]) await approve(admin, name);

  // Requester: Browse Businesses is the default tab; a misspelled name still finds the business.
  const a = await openCollabs(browser, requester);
  await expect(a.getByRole('tab', { name: 'Browse Businesses', selected: true })).toBeVisible();
  await a.getByPlaceholder('Search businesses...').fill(`thistledwn tea hous ${tag}`);
  const card = a.getByRole('button', { name: new RegExp(recipientName) });
  await expect(card).toBeVisible();
  await card.click();
  const form = a.getByRole('heading', { name: `Create Collaboration with ${recipientName}` });
  await expect(form).toBeInViewport();
  await expect(a.getByText('Propose a mutual discount collaboration')).toBeVisible();

  // Nothing is sent while a required field is missing.
  await a.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(a, 'Please fill in all required fields');

  await a.getByLabel('Your Discount Offer').fill('15% off all pastries');
  await a.getByLabel('Requested Discount').fill('10% off loose-leaf tea');
  await a.getByLabel('Start Date').fill('2026-12-01');
  await a.getByLabel('End Date').fill('2027-02-28');
  await a.getByLabel('Message').fill('Neighbours helping neighbours!');
  await a.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(a, 'Collaboration request sent successfully!');
  await expect(form).toHaveCount(0);

  // Recipient: the request waits under Requests; accepting moves it to Active Collabs.
  const b = await openCollabs(browser, recipient);
  await b.getByRole('tab', { name: 'Requests' }).click();
  await expect(b.getByRole('heading', { name: 'Pending Requests' })).toBeVisible();
  const request = b.getByRole('listitem', { name: `Request from ${requesterName}` });
  await expect(request).toContainText('Wants to collaborate with you');
  await expect(request).toContainText('Pending');
  await expect(request).toContainText('15% off all pastries');
  await expect(request).toContainText('10% off loose-leaf tea');
  await expect(request).toContainText('Neighbours helping neighbours!');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expectToast(b, 'Collaboration accepted!');
  await expect(b.getByText('No pending requests')).toBeVisible();

  await b.getByRole('tab', { name: 'Active Collabs' }).click();
  const bActive = b.getByRole('listitem', { name: `Partnership with ${requesterName}` });
  await expect(bActive).toContainText('Your offer10% off loose-leaf tea');
  await expect(bActive).toContainText('Their offer15% off all pastries');
  await expect(bActive).toContainText('Dec 1, 2026 – Feb 28, 2027');
  await expect(bActive.getByRole('link', { name: 'Message Partner' })).toHaveAttribute('href', new RegExp(`^mailto:${requester.email}`));

  // Requester sees it too once the tab opens.
  await a.getByRole('tab', { name: 'Active Collabs' }).click();
  const aActive = a.getByRole('listitem', { name: `Partnership with ${recipientName}` });
  await expect(aActive).toContainText(/Active since \w{3} \d{1,2}, \d{4}/);
  await expect(aActive.getByRole('link', { name: 'Message Partner' })).toHaveAttribute('href', new RegExp(`^mailto:${recipient.email}`));

  // A third merchant sees neither the request nor the partnership.
  const c = await openCollabs(browser, outsider);
  await c.getByRole('tab', { name: 'Requests' }).click();
  await expect(c.getByText('No pending requests')).toBeVisible();
  await c.getByRole('tab', { name: 'Active Collabs' }).click();
  await expect(c.getByText('No active collaborations yet. Browse businesses to start collaborating!')).toBeVisible();
  expect(await (await c.request.get('/api/collabs')).json()).toEqual([]);
});

test('the sender sees a pending request under Requests → Sent and withdraws it; a failed search says so, with a retry (issue 31)', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const senderName = `Larkspur Letterpress ${tag}`;
  const recipientName = `Juniper Juice Bar ${tag}`;
  const [sender] = await Promise.all([
    playwright.request.newContext({ baseURL }).then((r) => approvedMerchant(r, senderName)),
    playwright.request.newContext({ baseURL }).then((r) => approvedMerchant(r, recipientName)),
  ]);
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  for (const name of [senderName, recipientName]) await approve(admin, name);

  const a = await openCollabs(browser, sender);
  // A failed search is a failure with a retry, not "No businesses found".
  await a.route('**/api/businesses/search?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Search is unavailable"}' }));
  await a.getByPlaceholder('Search businesses...').fill(`juniper juice ${tag}`);
  await expect(a.getByRole('alert').filter({ hasText: 'The business search failed' })).toBeVisible();
  await expect(a.getByText('No businesses found')).toHaveCount(0);
  await a.unroute('**/api/businesses/search?**');
  await a.getByRole('button', { name: 'Try again' }).click();
  await a.getByRole('button', { name: new RegExp(recipientName) }).click();
  await a.getByLabel('Your Discount Offer').fill('10% off prints');
  await a.getByLabel('Requested Discount').fill('10% off juices');
  await a.getByLabel('Start Date').fill('2026-12-01');
  await a.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(a, 'Collaboration request sent successfully!');

  await a.getByRole('tab', { name: 'Requests' }).click();
  const sent = a.getByRole('list', { name: 'Sent requests' }).getByRole('listitem', { name: `Request to ${recipientName}` });
  await expect(sent).toContainText('10% off prints');
  await expect(sent).toContainText('Pending');
  await sent.getByRole('button', { name: `Withdraw the request to ${recipientName}` }).click();
  await a.getByRole('dialog', { name: `Withdraw the request to ${recipientName}?` }).getByRole('button', { name: 'Withdraw' }).click();
  await expectToast(a, 'Request withdrawn');
  await expect(a.getByText('No sent requests waiting')).toBeVisible();
  const cancelled = await (await a.request.get('/api/collabs?status=CANCELLED')).json();
  expect(cancelled).toMatchObject([{ status: 'CANCELLED', recipientBusiness: { name: recipientName } }]);
});

test('the browse tab shows the empty texts and the category and city filters', async ({ page }) => {
  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.getByRole('link', { name: /Local Collabs/ }).click();
  await expect(page.getByRole('heading', { name: 'Local Collabs', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' }).locator('option')).toHaveText([
    'All categories', 'Food & Drink', 'Coffee & Tea', 'Retail & Shopping', 'Services', 'Arts & Entertainment', 'Health & Wellness',
    'Sauna & Cold Plunge', 'Dispensaries', 'Liquor Stores', 'Women-Owned', 'Other',
  ]);
  await expect(page.getByRole('combobox', { name: 'City' }).locator('option').first()).toHaveText('All cities');
  await page.getByPlaceholder('Search businesses...').fill('zzqxnothinglikethis');
  await expect(page.getByText('No businesses found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria or category filter')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/merchant$/);
});

test('Local Collabs has no accessibility violations on any tab, nor with the request form open', async ({ page }) => {
  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant$/);
  await page.getByRole('link', { name: /Local Collabs/ }).click();
  await expect(page.getByRole('list').getByRole('button').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('list').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /Create Collaboration with/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Pending Requests' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Active Collabs' }).click();
  await expect(page.getByRole('heading', { name: 'Active Collaborations' })).toBeVisible();
  await expectNoAxeViolations(page);
});
