import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { createDeal, ownMerchant } from './counter-support';
import { waitForPersistedQueries, waitForServiceWorker } from './offline-support';
import { DEMO, signIn } from './support';

// The member pass with no network on either side (issue 26, decision 165): the phone signs passes with the key
// its certificate names; each counter tablet checks them with the platform's public keys it kept, refuses a repeat
// it queued itself, and queues the rest. Two tablets cannot see each other offline: both accept the same pass;
// when they sync, the server records both, flags the second, and that tablet reports it. (Passes go in through the
// scanner field here; the camera path is counter-scan.spec.ts.)

// The service worker serves the app without a network: let it run (the config blocks it).
test.use({ serviceWorkers: 'allow' });

async function offlineCounter(browser: Browser, account: { email: string; password: string }, title: string) {
  const context = await browser.newContext({ ...devices['Galaxy Tab S4'], serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(/\/merchant/);
  await page.goto('/merchant/counter');
  await expect(page.getByRole('heading', { name: 'Scan member pass' })).toBeVisible();
  await waitForServiceWorker(page);
  await waitForPersistedQueries(page, ['["/api/merchant/pass-keys"]', '["/api/merchant/deals"]'], 'the pass keys and deals kept for offline');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await page.getByLabel('Deal to redeem').selectOption({ label: `${title} (10% OFF)` });
  return { context, page };
}

async function scan(tablet: Page, pass: string) {
  const field = tablet.getByLabel('Scanner input');
  await field.fill(pass);
  await field.press('Enter');
}

test('offline on both sides: a pass is approved, a repeat refused on the same tablet, and a second tablet\'s use flagged at sync', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const title = `Offline Mocha ${Math.random().toString(36).slice(2, 7)}`;
  const { api, account } = await ownMerchant(playwright, baseURL!);
  await createDeal(api, title);

  // ---- the member's phone: online once (the certificate is kept), then no signal --------------------
  const phoneContext = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  const phone = await phoneContext.newPage();
  await signIn(phone, DEMO.member);
  await expect(phone).toHaveURL(/\/app$/);
  await waitForServiceWorker(phone);
  await waitForPersistedQueries(phone, ['["/api/member/pass-certificate"]'], 'the pass certificate kept for offline');

  const one = await offlineCounter(browser, account, title);
  const two = await offlineCounter(browser, account, title);

  await phoneContext.setOffline(true);
  await phone.reload();
  await phone.getByRole('button', { name: 'Show member pass' }).click();
  const qr = phone.getByTestId('member-pass-qr');
  await expect(qr).toBeVisible();
  const pass = (await qr.getAttribute('data-pass'))!;
  expect(pass).toMatch(/^PL1\./);

  // ---- tablet one approves it offline; the same member again is refused with when it works again ------
  await scan(one.page, pass);
  const result = one.page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result.getByTestId('scan-member-name')).toHaveText('Maya');
  await expect(result).toContainText('Checked offline');
  await expect(one.page.getByRole('button', { name: '1 change waiting to send' })).toBeVisible();
  // The scanner guard lets the same pass through again once it has been out of view for a moment.
  await one.page.waitForTimeout(4500);
  await scan(one.page, pass);
  await expect(result).toHaveAttribute('data-outcome', 'refused');
  await expect(result).toContainText('This member already used this deal');
  await expect(one.page.getByTestId('scan-available-again')).toHaveText(/^Available again (today|\w+day \d{1,2} \w{3}), \d{1,2}:\d\d [AP]M$/);
  await expect(one.page.getByRole('button', { name: '1 change waiting to send' })).toBeVisible();

  // ---- tablet two cannot know: it approves the same pass --------------------------------------------
  await scan(two.page, pass);
  await expect(two.page.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'approved');

  // ---- back online: tablet one's use is recorded; tablet two's is recorded too, flagged, and reported ---
  await one.context.setOffline(false);
  await expect(one.page.getByTestId('status-bar')).toHaveCount(0, { timeout: 20_000 });
  await two.context.setOffline(false);
  const report = two.page.getByRole('alert').filter({ hasText: 'accepted offline broke a rule' });
  await expect(report).toBeVisible({ timeout: 20_000 });
  await expect(report).toContainText(`Maya (member `);
  await expect(report).toContainText(title);
  await expect(report).toContainText('The same pass was already used for this deal');
  await expect(two.page.getByTestId('status-bar')).toHaveCount(0);
  // Never dropped: both are in the activity list, the second flagged; the deal counted one use.
  await two.page.reload();
  await expect(two.page.getByText('Flagged: The same pass was already used for this deal')).toBeVisible();
  const deals = (await (await api.get('/api/merchant/deals')).json()) as { title: string; usedCount: number }[];
  expect(deals.find((deal) => deal.title === title)!.usedCount).toBe(1);

  await one.context.close();
  await two.context.close();
  await phoneContext.close();
  await api.dispose();
});
