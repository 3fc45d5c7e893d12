import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { DEAL_CODE_STEP_SECONDS } from '../../supabase/functions/_shared/constants.ts';
import type { OfflineCodesAnswer } from '../../supabase/functions/_shared/contract/offline-codes.ts';
import { offlineCodeAt } from '../../supabase/functions/_shared/offline-codes.ts';
import { memberPersonalCodes } from './counter-support';
import { DEMO, signIn, uniqueEmail } from './support';

// Merchant insights and the admin's platform picture in a real browser (issue 17, decision 120): the
// figures on screen, the 30/90-day switch, and CSV downloads whose contents match what the API answers.

const today = () => new Date().toISOString().slice(0, 10);

async function csvOf(download: Download): Promise<string[][]> {
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  // The cells checked here hold no line breaks: split rows on CRLF, cells on commas outside quotes.
  return text.trimEnd().split('\r\n').map((line) => {
    const cells: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      const raw = match[1];
      cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
      if (match[2] === '') break;
    }
    return cells;
  });
}

async function download(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

/** A fresh approved business with one deal redeemed three times today and one purchase earning points. */
async function merchantWithRedemptions(api: APIRequestContext, admin: APIRequestContext, title: string) {
  const business = `Insight Cafe ${Date.now().toString(36)}`;
  const account = { email: uniqueEmail('insights'), password: 'secret1234' };
  const reg = await api.post('/api/auth/register', {
    data: {
      role: 'MERCHANT', name: `Owner of ${business}`, ...account,
      merchantData: { businessName: business, businessAddress: '1 Main St, Lyons, CO', businessType: 'food', isWomenOwned: false },
    },
  });
  expect(reg.status()).toBe(201);
  const { pending } = (await (await admin.get('/api/admin/merchants')).json()) as { pending: { id: string; name: string }[] };
  const application = pending.find((m) => m.name === business)!;
  expect((await admin.post(`/api/admin/merchants/${application.id}/approve`)).status()).toBe(200);

  const deal = await api.post('/api/merchant/deals', { data: { title, description: 'Any latte, any size.', discountPercent: 15, perMemberLimit: 'none' } });
  expect(deal.status()).toBe(201);
  const { id: dealId } = (await deal.json()) as { id: string };
  // The admin's context has done its part: it signs in as the demo member (an active member) for their number.
  const member = (await (await admin.post('/api/auth/login', { data: DEMO.member })).json()) as { user: { memberNumber: number } };
  // Three redemptions by the demo member (a deal without a per-member limit): the codes of the last three steps,
  // as a counter that checked them offline would send them (once per member and step; decision 165).
  const cover = (await (await api.get('/api/merchant/deals/offline-codes')).json()) as OfflineCodesAnswer;
  const codes = cover.deals.find((d) => d.dealId === dealId)!;
  const personal = await memberPersonalCodes(admin);
  for (let i = 0; i < 3; i += 1) {
    const at = Date.now() - i * DEAL_CODE_STEP_SECONDS * 1000;
    const { code } = (await offlineCodeAt(codes, at))!;
    const body = { code, memberNumber: member.user.memberNumber, personalCode: await personal.codeAt(at), dealId, ...(i > 0 ? { verifiedAt: new Date(at).toISOString() } : {}) };
    expect((await api.post('/api/merchant/verify-code', { data: body })).status()).toBe(201);
  }
  const earn = await api.post('/api/merchant/earn', { data: { memberNumber: member.user.memberNumber, amountCents: 4000 } });
  expect(earn.status()).toBe(201);
  const { points } = (await earn.json()) as { points: number };
  return { account, points };
}

test('a merchant sees their redemptions, switches 30/90 days and downloads matching CSV', async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const api = await playwright.request.newContext({ baseURL });
  // A title a spreadsheet would run as a formula, with a comma and quotes: the CSV must quote and defuse it.
  const title = `-15% "House" latte, ${Date.now().toString(36)}`;
  const { account, points } = await merchantWithRedemptions(api, admin, title);
  await admin.dispose();
  await api.dispose();

  await signIn(page, account);
  await page.getByRole('link', { name: /Insights/ }).click();
  await expect(page).toHaveURL(/\/merchant\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByTestId('total-redemptions')).toHaveText('3');
  await expect(page.getByTestId('total-points-earned')).toHaveText(String(points));
  await expect(page.getByTestId('best-deals')).toContainText(title);
  await expect(page.getByTestId('best-deals')).toContainText('3 redemptions');
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  // The table beside the chart: one row per day, today's row holding the three codes.
  const redemptions = page.getByTestId('redemptions-chart');
  await expect(redemptions.getByTestId('line-chart').locator('canvas').first()).toBeAttached();
  await redemptions.getByText('Show the figures as a table').click();
  const rows = redemptions.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(30);
  await expect(rows.last()).toHaveText(new RegExp(`^${today()}\\s*3$`));

  const month = await csvOf(await download(page, page.getByRole('button', { name: 'Download CSV' })));
  expect(month[0]).toEqual(['Date (UTC)', `'${title}`, 'Points earned', 'Points redeemed', 'New followers', 'Followers']);
  expect(month).toHaveLength(31);
  expect(month.at(-1)).toEqual([today(), '3', String(points), '0', '0', '0']);
  expect(month.slice(1, -1).every((row) => row.slice(1).every((cell) => cell === '0'))).toBe(true);

  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(90);
  await expect(page.getByText(/over the last 90 days/).first()).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toBe('insights-last-90-days.csv');
  const quarter = await csvOf(file);
  expect(quarter).toHaveLength(91);
  expect(quarter.at(-1)).toEqual([today(), '3', String(points), '0', '0', '0']);
  expect(new Date(`${quarter[1][0]}T00:00:00Z`).getTime()).toBe(Date.parse(`${today()}T00:00:00Z`) - 89 * 86_400_000);
});

test('the admin sees the platform per month and downloads it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  const section = page.getByTestId('platform-insights');
  await expect(section.getByRole('heading', { name: 'Platform over 12 months' })).toBeVisible();
  const money = section.getByTestId('platform-money-chart');
  await expect(money.getByTestId('line-chart').locator('canvas').first()).toBeAttached();
  await money.getByText('Show the figures as a table').click();
  await expect(money.getByRole('table').locator('tbody tr')).toHaveCount(12);

  const figures = (await (await page.request.get('/api/admin/insights')).json()) as {
    months: string[]; signups: number[]; activeMemberships: number[]; paymentVolumeCents: number[]; charityShareCents: number[];
  };
  expect(figures.months.at(-1)).toBe(today().slice(0, 7));
  await expect(money.getByRole('table').locator('tbody tr').last())
    .toContainText(`$${(figures.paymentVolumeCents.at(-1)! / 100).toFixed(2)}`);

  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toBe('platform-last-12-months.csv');
  const csv = await csvOf(file);
  expect(csv[0]).toEqual(['Month (UTC)', 'Signups', 'Active memberships', 'Membership payments (USD)', 'Charity share (USD)']);
  expect(csv.slice(1)).toEqual(figures.months.map((month, i) => [
    month, String(figures.signups[i]), String(figures.activeMemberships[i]),
    (figures.paymentVolumeCents[i] / 100).toFixed(2), (figures.charityShareCents[i] / 100).toFixed(2),
  ]));
});
