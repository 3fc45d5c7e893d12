// The monthly value report (issue 40 item 4, decision 211), lean, on a desktop: a business of its own has four
// visits by the demo member this month (one undone), the owner's report shows the figures counted by hand, and its CSV
// holds the same; the same report reads on a tablet and a phone (no sideways scroll, the figures in view); the
// scheduled job, called twice as Supabase Cron calls it, mails the demo business's owner last month's report once.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { DEAL_CODE_STEP_SECONDS } from '../../supabase/functions/_shared/constants.ts';
import type { OfflineCodesAnswer } from '../../supabase/functions/_shared/contract/offline-codes.ts';
import { offlineCodeAt } from '../../supabase/functions/_shared/offline-codes.ts';
import { E2E_DRAIN_SECRET } from '../support/constants';
import { linkIn, readMailDir, waitForMail } from '../support/mail';
import { memberPersonalCodes, ownMerchant } from './counter-support';
import { DEMO, signIn } from './support';

const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR!);

/** This month in the business's city's time (Boulder: America/Denver), "YYYY-MM". */
const localMonth = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver', year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};

test.use({ viewport: { width: 1440, height: 900 } });

test('the owner\'s monthly report matches the visits counted by hand; the monthly mail arrives once', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const { api, account } = await ownMerchant(playwright, baseURL!);
  const deal = await api.post('/api/merchant/deals', { data: { title: 'Report latte', description: 'Any latte.', discountPercent: 20, perMemberLimit: 'none' } });
  expect(deal.status(), await deal.text()).toBe(201);
  const { id: dealId } = (await deal.json()) as { id: string };
  const member = await request.newContext({ baseURL });
  const { user } = (await (await member.post('/api/auth/login', { data: DEMO.member })).json()) as { user: { memberNumber: number } };
  const personal = await memberPersonalCodes(member);
  const cover = (await (await api.get('/api/merchant/deals/offline-codes')).json()) as OfflineCodesAnswer;
  const codes = cover.deals.find((d) => d.dealId === dealId)!;
  // Four visits at the last four code steps: one of $50.00 (undone at once), then 20% of $20.00, of no amount entered
  // and of $10.00.
  const amounts = [5000, 2000, undefined, 1000];
  const ids: string[] = [];
  for (const [i, amountCents] of amounts.entries()) {
    const at = Date.now() - i * DEAL_CODE_STEP_SECONDS * 1000;
    const { code } = (await offlineCodeAt(codes, at))!;
    const res = await api.post('/api/merchant/verify-code', {
      data: { code, memberNumber: user.memberNumber, personalCode: await personal.codeAt(at), dealId, ...(amountCents ? { amountCents } : {}), ...(i > 0 ? { verifiedAt: new Date(at).toISOString() } : {}) },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  expect((await api.post(`/api/merchant/redemptions/${ids[0]}/undo`)).status()).toBe(200);
  await api.dispose();
  await member.dispose();

  const month = localMonth(new Date());
  await signIn(page, account);
  await page.getByRole('link', { name: /Insights/ }).click();
  await page.getByRole('link', { name: 'Monthly report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly report' })).toBeVisible();
  await page.getByLabel('Month').selectOption(month);
  const figure = (key: string) => page.getByTestId(`figure-${key}`).getByTestId('this-month');
  // Counted by hand: 3 visits (the undone one left out), 1 member, new to the business, 2+ visits; discounts 400 +
  // 200 with one not known; spend $30.00; net $24.00.
  await expect(figure('visits')).toHaveText('3');
  await expect(figure('members')).toHaveText('1');
  await expect(figure('new-members')).toHaveText('1');
  await expect(figure('returning-members')).toHaveText('0');
  await expect(figure('repeat-rate')).toHaveText('100%');
  await expect(figure('discounts')).toHaveText('$6.00 (1 without an amount, not counted)');
  await expect(figure('spend')).toHaveText('$30.00');
  await expect(figure('net')).toHaveText('$24.00');
  await expect(page.getByTestId('figure-visits').getByTestId('previous-month')).toHaveText('0');

  // ---- a tablet and phones: the page does not scroll sideways, nor does the table; the figures show -------
  // 320 px too: the narrowest phone, where three columns did not fit.
  for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }, { width: 320, height: 640 }]) {
    await page.setViewportSize(viewport);
    for (const [key, shown] of [['visits', '3'], ['discounts', '$6.00 (1 without an amount, not counted)'], ['net', '$24.00']] as const) {
      await figure(key).scrollIntoViewIfNeeded();
      await expect(figure(key), `${key} at ${viewport.width}×${viewport.height}`).toBeVisible();
      await expect(figure(key)).toHaveText(shown);
      // Within the screen's width: not cut off, not reached by scrolling the table.
      const box = (await figure(key).boundingBox())!;
      expect(box.x + box.width, `${key} fits at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await page.getByTestId('monthly-figures').evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toBe(`monthly-report-${month}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(csv).toContain('Visits,3,0');
  expect(csv).toContain('Estimated net,24.00,0.00');

  // The scheduled job, run twice: the demo business (approved months ago) gets last month's report once.
  const cron = await request.newContext({ baseURL });
  for (let run = 0; run < 2; run += 1) {
    expect((await cron.post('/api/internal/monthly-reports', { headers: { 'x-drain-secret': E2E_DRAIN_SECRET } })).status()).toBe(200);
  }
  await cron.dispose();
  const mail = await waitForMail(MAIL_DIR, DEMO.merchant.email, /your .* with Pay Local$/);
  // Give the drain (every 200 ms) time to send a second one, were there one.
  await page.waitForTimeout(1000);
  expect(readMailDir(MAIL_DIR).filter((m) => m.to === DEMO.merchant.email && /your .* with Pay Local$/.test(m.subject))).toHaveLength(1);
  expect(mail.text).toMatch(/made \d+ visits? to Rosa's River Cafe/);
  expect(linkIn(mail, '/merchant/insights/monthly?month=')).toMatch(/month=\d{4}-\d{2}$/);
});
