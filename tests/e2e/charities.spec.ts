import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { DEMO, expectToast, fillAccountFields, signIn, uniqueEmail } from './support';

// Charity transparency (issue 17, decision 125): the admin manages charities per city, visitors see where the
// 10% shares went on /impact, and the admin downloads a monthly statement per charity.

const suffix = () => Math.random().toString(36).slice(2, 7);

async function openAdminTab(page: Page, tab: string) {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: tab }).click();
}

/** The charities a visitor is offered at registration for a city (read again on every visit). */
async function expectOffered(page: Page, city: string, charities: string[]) {
  await page.goto('/register');
  await page.getByLabel('Home city').selectOption({ label: city });
  const options = page.getByLabel('Preferred charity').locator('option');
  await expect(options).toHaveText([charities.length ? 'Select a charity (optional)' : 'No charities listed for this city yet', ...charities]);
}

test('the admin adds a charity to a new city, edits it and retires it; registration offers it only while active', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const id = suffix();
  const cityName = `Ward ${id}`;
  const city = `${cityName}, Colorado`;
  const name = `Ward Kids ${id}`;
  const renamed = `Ward Youth ${id}`;

  await openAdminTab(page, 'City Management');
  await page.getByRole('button', { name: 'Add City' }).click();
  const cityDialog = page.getByRole('dialog', { name: 'Add City' });
  await cityDialog.getByLabel('City name').fill(cityName);
  await cityDialog.getByLabel('State').fill('Colorado');
  await cityDialog.getByRole('button', { name: 'Create City' }).click();
  await expectToast(page, 'City created');

  await page.getByRole('tab', { name: 'Charity Management' }).click();
  await page.getByRole('button', { name: 'Add Charity' }).click();
  const add = page.getByRole('dialog', { name: 'Add Charity' });
  await add.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
  await add.getByLabel('Charity name').fill(name);
  await add.getByRole('button', { name: 'Create Charity' }).click();
  await expectToast(page, 'Charity created');
  const table = page.getByRole('table', { name: 'Charities' });
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Active');

  // A duplicate name in the same city, whatever the case, is refused with a clear message.
  await page.getByRole('button', { name: 'Add Charity' }).click();
  await add.getByRole('combobox', { name: 'City' }).selectOption({ label: city });
  await add.getByLabel('Charity name').fill(name.toUpperCase());
  await add.getByRole('button', { name: 'Create Charity' }).click();
  await expectToast(page, 'Failed to create charity', `${cityName} already has a charity named ${name.toUpperCase()}`);
  await add.getByRole('button', { name: 'Cancel' }).click();

  const visitor = await browser.newPage();
  await expectOffered(visitor, city, [name]);

  await table.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Charity' });
  await edit.getByLabel('Charity name').fill(renamed);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Charity updated');
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
  await expectOffered(visitor, city, [renamed]);

  await table.getByRole('button', { name: `Retire ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Retire charity?' });
  await expect(confirm).toContainText('Members who chose it keep it');
  await confirm.getByRole('button', { name: 'Retire Charity' }).click();
  await expectToast(page, 'Charity retired');
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toContainText('Retired');
  await expectOffered(visitor, city, []);

  await table.getByRole('button', { name: `Restore ${renamed}` }).click();
  await expectToast(page, 'Charity restored');
  await expectOffered(visitor, city, [renamed]);
  await visitor.close();
});

test.describe.serial('where the money went', () => {
  const id = suffix();
  const cityName = `Jamestown ${id}`;
  const city = `${cityName}, Colorado`;
  const charity = `Jamestown Fire Aid ${id}`;

  test('a member subscribes (monthly, $9.99) choosing a charity of a new city', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
    const cityRes = await admin.post('/api/admin/cities', { data: { name: cityName, state: 'Colorado' } });
    expect(cityRes.status()).toBe(201);
    const created = await admin.post('/api/admin/charities', { data: { cityId: (await cityRes.json()).id, name: charity } });
    expect(created.status()).toBe(201);
    await admin.dispose();

    await page.goto('/subscribe');
    await fillAccountFields(page, { name: 'Gina Giver', email: uniqueEmail('giver'), password: 'secret123' });
    await page.getByLabel('Home city').selectOption({ label: city });
    await page.getByLabel('Preferred charity').selectOption({ label: charity });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('a visitor opens /impact from the landing page and sees the totals of that payment', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'See where the money goes' }).click();
    await expect(page).toHaveURL(/\/impact$/);
    await expect(page.getByRole('heading', { name: 'Our Impact', level: 1 })).toBeVisible();
    const section = page.getByRole('table', { name: new RegExp(`Charities of ${city}`) });
    const row = section.getByRole('row', { name: new RegExp(charity) });
    // 10% of $9.99, rounded half up: $1.00 this month and all time; one member chose it.
    await expect(row.getByRole('cell')).toHaveText(['$1.00', '$1.00', '1 member']);
    // The page's grand totals are the sums of the rows the API returns.
    const impact = await (await page.request.get('/api/impact')).json() as { monthCents: number; totalCents: number; charities: { monthCents: number; totalCents: number }[] };
    expect(impact.totalCents).toBe(impact.charities.reduce((sum, c) => sum + c.totalCents, 0));
    await expect(page.getByTestId('impact-all-time-total')).toHaveText(new RegExp(`^\\$${(impact.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}$`));
    await expect(page.getByText(/@/)).toHaveCount(0);

    // From the About page too.
    await page.goto('/about');
    await page.getByRole('main').getByRole('link', { name: 'See where the money goes' }).click();
    await expect(page).toHaveURL(/\/impact$/);
  });

  test('the admin downloads the month\'s statement of that charity and its rows match the payment', async ({ page }) => {
    await openAdminTab(page, 'Charity Management');
    await page.getByLabel('Show charities of').selectOption({ label: city });
    const table = page.getByRole('table', { name: 'Charities' });
    await expect(table.getByRole('row', { name: new RegExp(charity) })).toContainText('$1.00');
    await table.getByRole('button', { name: `Statement of ${charity}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Monthly Statement' });
    const month = new Date().toISOString().slice(0, 7);
    await expect(dialog.getByLabel('Month')).toHaveValue(month);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`statement-${charity.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${month}.csv`);
    const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('Booked at (UTC),Entry,Payment,Invoice,Plan,Amount,Currency,Share (%),Share,Charity');
    expect(lines).toHaveLength(4); // header, the one payment, the total, and the final line break
    const [paidAt, entry, paymentId, invoice, plan, amount, currency, percent, share, name] = lines[1].split(',');
    expect(entry).toBe('Payment');
    expect(paidAt.slice(0, 7)).toBe(month);
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoice).not.toBe('');
    expect([plan, amount, currency, percent, share, name]).toEqual(['Premium', '9.99', 'USD', '10.00', '1.00', charity]);
    expect(lines[2]).toBe(`Total,,1 payment,,,9.99,,,1.00,${charity}`);
    expect(lines.join('\n')).not.toContain('@');
  });
});

test('the charities tab and its dialogs have no accessibility violations', async ({ page }) => {
  await openAdminTab(page, 'Charity Management');
  const table = page.getByRole('table', { name: 'Charities' });
  await expect(table).toContainText('Lyons Youth Sports');
  await page.getByRole('button', { name: 'Add Charity' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Charity' })).toBeVisible();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: 'Add Charity' });
  await page.getByRole('dialog', { name: 'Add Charity' }).getByRole('button', { name: 'Cancel' }).click();
  await table.getByRole('button', { name: 'Statement of Lyons Youth Sports' }).click();
  await expect(page.getByRole('dialog', { name: 'Monthly Statement' })).toBeVisible();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: 'Monthly Statement' });
  await page.getByRole('dialog', { name: 'Monthly Statement' }).getByRole('button', { name: 'Close' }).click();
  await table.getByRole('button', { name: 'Retire Lyons Youth Sports' }).click();
  await expect(page.getByRole('dialog', { name: 'Retire charity?' })).toBeVisible();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: 'Retire charity?' });
  await page.getByRole('dialog', { name: 'Retire charity?' }).getByRole('button', { name: 'Cancel' }).click();
});
