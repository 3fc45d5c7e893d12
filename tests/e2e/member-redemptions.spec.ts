// Issue 26: the member sees their own redemptions on their profile, and downloads them with the rest of their data; the counter stops after too many wrong codes
// and says when it works again (decision 168). Counter calls are made through the API as fixtures.
import { readFileSync } from 'node:fs';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { memberPersonalCodes } from './counter-support';
import { DEMO, signIn } from './support';

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function apiAs(baseURL: string | undefined, who: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/auth/login', { data: who });
  expect(login.status()).toBe(200);
  return { context, user: (await login.json()).user as { memberNumber: number | null } };
}

async function newDeal(merchant: APIRequestContext, title: string) {
  const res = await merchant.post('/api/merchant/deals', {
    data: { title, description: 'Redemption history journey', discountPercent: 10, perMemberLimit: 'none' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; currentCode: string };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('member redemption history', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a redemption made at a counter appears in the member’s profile, an undone one says so', async ({ page, baseURL }) => {
    const { context: merchant } = await apiAs(baseURL, DEMO.merchant);
    const { context: memberApi, user } = await apiAs(baseURL, DEMO.member);
    const personal = await memberPersonalCodes(memberApi);
    await memberApi.dispose();
    const memberNumber = user.memberNumber!;
    const kept = `History scone ${suffix}`;
    const undone = `History tart ${suffix}`;
    const device = { 'X-Counter-Device': `e2e-history-${suffix}` };
    for (const title of [kept, undone]) {
      const deal = await newDeal(merchant, title);
      const verified = await merchant.post('/api/merchant/verify-code', { data: { code: deal.currentCode, memberNumber, personalCode: await personal.codeAt() }, headers: device });
      expect(verified.status()).toBe(201);
      if (title === undone) {
        const { id } = (await verified.json()) as { id: string };
        expect((await merchant.post(`/api/merchant/redemptions/${id}/undo`)).status()).toBe(200);
      }
    }
    await merchant.dispose();

    await signIn(page, DEMO.member);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your redemptions' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Your redemptions' });
    const keptRow = list.getByTestId('member-redemption').filter({ hasText: kept });
    const undoneRow = list.getByTestId('member-redemption').filter({ hasText: undone });
    await expect(keptRow).toBeVisible();
    await expect(keptRow).not.toContainText('Undone by the business');
    await expect(undoneRow).toContainText('Undone by the business');
    // Newest first: the undone one was redeemed last.
    const titles = await list.getByTestId('member-redemption').allTextContents();
    expect(titles.findIndex((t) => t.includes(undone))).toBeLessThan(titles.findIndex((t) => t.includes(kept)));
    await undoneRow.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    // A tablet, both ways round.
    for (const size of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
      await page.setViewportSize(size);
      await expect(undoneRow).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    // "Download my data" saves the member's own data as a JSON file, these redemptions in it (decision 197).
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^pay-local-data-${memberNumber}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as { profile: { email: string }; redemptions: { deal: string; undone: boolean }[] };
    expect(data.profile.email).toBe(DEMO.member.email);
    expect(data.redemptions).toEqual(expect.arrayContaining([
      expect.objectContaining({ deal: kept, undone: false }), expect.objectContaining({ deal: undone, undone: true }),
    ]));
    await expect(page.getByRole('status').filter({ hasText: 'Saved as pay-local-data-' })).toBeVisible();
  });
});

test('the counter stops after 20 wrong codes from this tablet and says when it works again', async ({ browser, baseURL }) => {
  const device = `e2e-guess-${suffix}`;
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  // This tablet's counter id (the app makes one on first use; here it is known so the fixture can use it).
  await tablet.addInitScript((id) => window.localStorage.setItem('pay-local.counter-device', id), device);
  const page = await tablet.newPage();
  const { context: merchant } = await apiAs(baseURL, DEMO.merchant);
  const { context: memberApi, user: member } = await apiAs(baseURL, DEMO.member);
  await memberApi.dispose();
  // 20 wrong codes from this tablet, through the API.
  for (let i = 0; i < 20; i += 1) {
    const res = await merchant.post('/api/merchant/verify-code', {
      data: { code: '000000', memberNumber: member.memberNumber }, headers: { 'X-Counter-Device': device },
    });
    expect([422, 201]).toContain(res.status());
  }
  await merchant.dispose();

  await signIn(page, DEMO.merchant);
  await expect(page).toHaveURL(/\/merchant/);
  await page.goto('/merchant/counter');
  await expect(page.getByRole('heading', { name: 'Counter' })).toBeVisible();
  const verifyForm = page.locator('form').filter({ has: page.getByLabel('Deal code') });
  await verifyForm.getByLabel('Deal code').fill('000000');
  await verifyForm.getByRole('textbox', { name: 'Member number', exact: true }).fill(String(member.memberNumber));
  await verifyForm.getByLabel('Personal code').fill('000000');
  await verifyForm.getByRole('button', { name: 'Verify Code' }).click();
  const paused = page.getByTestId('counter-paused');
  await expect(paused).toContainText(/Too many wrong codes or member numbers on this tablet\. Checking works again at \d{1,2}:\d{2} [AP]M\./);
  await expect(page.getByTestId('scan-result')).toContainText(/It works again at \d{1,2}:\d{2} [AP]M\./);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(paused).toBeVisible();
  await expectNoSidewaysScroll(page);
  await tablet.close();
});
