import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { expectNoSidewaysScroll, expectWithinScreenWidth, phoneQr, tabletWithCamera, writeQrVideo } from './camera-support';
import { createDeal, ownMerchant } from './counter-support';
import { DEMO, signIn } from './support';

// The member pass at the counter (issue 26, decisions 165 and 167): the member opens "Show member pass" on a
// phone, the counter tablet's camera reads the QR and the deal is approved with the member's first name; a
// second pass inside the deal's per-member window is refused with the next allowed time. The tablet's camera
// is Chromium's fake capture device playing a frame made from the phone's own QR drawing.
//
// Linux Chromium (here and in CI) has no BarcodeDetector, so these journeys exercise the fallback decoder
// (jsQR); the page says which reader it used (data-reader) and the test checks it is that one.

const suffix = Math.random().toString(36).slice(2, 7);

async function openCounterWithDeal(tablet: Page, title: string) {
  await tablet.goto('/merchant/counter');
  await expect(tablet.getByRole('heading', { name: 'Scan member pass' })).toBeVisible();
  await tablet.getByLabel('Deal to redeem').selectOption({ label: `${title} (10% OFF)` });
}

/** A merchant of the test's own with a 10% deal called `title`, and the demo member's phone showing the member pass. */
async function dealAndMemberPass(browser: Browser, playwright: Parameters<typeof ownMerchant>[0], baseURL: string, title: string) {
  const { api, account } = await ownMerchant(playwright, baseURL);
  await createDeal(api, title);
  const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
  const phone = await phoneContext.newPage();
  await signIn(phone, DEMO.member);
  await phone.getByRole('button', { name: 'Show member pass' }).click();
  return { api, account, phoneContext, phone };
}

test('the tablet camera scans the member pass: approved once, then refused with the next allowed time', async ({ browser, playwright, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const title = `Scan Latte ${suffix}`;
  // ---- the member opens the pass on the phone ----------------------------------------------------
  const { api, account, phoneContext, phone } = await dealAndMemberPass(browser, playwright, baseURL!, title);
  const sheet = phone.getByRole('dialog', { name: 'Member pass' });
  await expect(sheet.getByTestId('member-pass-qr')).toBeVisible();
  await expect(sheet.getByTestId('member-pass-name')).toHaveText('Maya');
  await expect(sheet).toContainText(/Member #\d{6}/);
  await expect(sheet).toContainText(/New code in 00:[0-3]\d/);
  // A clock with seconds: a live screen, not a screenshot.
  const clock = sheet.getByTestId('member-pass-clock');
  const shown = await clock.textContent();
  expect(shown).toMatch(/^\d{1,2}:\d\d:\d\d [AP]M$/);
  await expect(clock).not.toHaveText(shown!);
  // On a 390 px phone the pass fits the screen, with nothing wider than itself inside.
  await phone.setViewportSize({ width: 390, height: 844 });
  await expectWithinScreenWidth(phone, sheet.getByTestId('member-pass-sheet'), 'member pass on a 390 px phone');
  await phone.setViewportSize({ width: 412, height: 915 });

  const first = await phoneQr(phone);
  const firstVideo = testInfo.outputPath('pass-1.y4m');
  await writeQrVideo(firstVideo, first);

  // ---- the tablet scans it ----------------------------------------------------------------------
  const one = await tabletWithCamera(firstVideo, baseURL!);
  await signIn(one.page, account);
  await expect(one.page).toHaveURL(/\/merchant/);
  await openCounterWithDeal(one.page, title);
  const verifyCalls: string[] = [];
  one.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/merchant/verify-pass') verifyCalls.push(request.postData() ?? '');
  });
  await one.page.getByRole('button', { name: 'Start Camera' }).click();
  const result = one.page.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved', { timeout: 20_000 });
  await expect(result).toContainText('Approved');
  await expect(result.getByTestId('scan-member-name')).toHaveText('Maya');
  await expect(result).toContainText(title);
  await expect(one.page.getByTestId('camera-reader')).toHaveAttribute('data-reader', 'jsqr');
  // The redemption joins the counter's last action, with its undo.
  // The panel carries the redemption's undo.
  await expect(result).toContainText(`${title} · 10% OFF`);
  await expect(result.getByRole('button', { name: 'Undo' })).toBeVisible();
  // The camera keeps seeing the same pass several times a second: it was sent once.
  await one.page.waitForTimeout(2000);
  expect(verifyCalls).toHaveLength(1);
  expect(JSON.parse(verifyCalls[0])).toMatchObject({ pass: first.pass });
  const state = await one.context.storageState();
  await one.browser.close();

  // ---- the next pass (30 seconds later), inside the deal's per-member window ------------------------
  await expect.poll(() => phone.getByTestId('member-pass-qr').getAttribute('data-pass'), { timeout: 40_000 }).not.toBe(first.pass);
  const second = await phoneQr(phone);
  const secondVideo = testInfo.outputPath('pass-2.y4m');
  await writeQrVideo(secondVideo, second);
  const two = await tabletWithCamera(secondVideo, baseURL!, state);
  await openCounterWithDeal(two.page, title);
  await two.page.getByRole('button', { name: 'Start Camera' }).click();
  const refused = two.page.getByTestId('scan-result');
  await expect(refused).toHaveAttribute('data-outcome', 'refused', { timeout: 20_000 });
  await expect(refused).toContainText('Not approved');
  await expect(refused).toContainText('This member already used this deal.');
  await expect(refused).toContainText('Maya');
  // A day's window: the deal works again for them tomorrow, at the minute of the first use, in the business's
  // time zone (its city's, America/Denver).
  const tomorrow = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', weekday: 'long', day: 'numeric', month: 'short' })
    .formatToParts(new Date(Date.now() + 24 * 3600_000));
  const part = (type: string) => tomorrow.find((p) => p.type === type)!.value;
  await expect(two.page.getByTestId('scan-available-again'))
    .toHaveText(new RegExp(`^Available again ${part('weekday')} ${part('day')} ${part('month')}, \\d{1,2}:\\d\\d [AP]M$`));
  await two.browser.close();
  await phoneContext.close();
  await api.dispose();
});

test('a keyboard-wedge scanner types the pass and Enter: approved, and a double scan sends once', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const title = `Wedge Scone ${suffix}`;
  const otherTitle = `Wedge Tea ${suffix}`;
  const { api, account } = await ownMerchant(playwright, baseURL!);
  await createDeal(api, title);
  await createDeal(api, otherTitle);
  // Several live deals: the counter cannot choose for the staff.
  await createDeal(api, `Wedge Muffin ${suffix}`);

  const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
  const phone = await phoneContext.newPage();
  await signIn(phone, DEMO.member);
  await phone.getByRole('button', { name: 'Show member pass' }).click();
  const pass = (await phone.getByTestId('member-pass-qr').getAttribute('data-pass'))!;
  expect(pass).toMatch(/^PL1\./);
  await expectNoAxeViolations(phone, { tags: WCAG_22_AA });

  const tabletContext = await browser.newContext({ ...devices['Galaxy Tab S4'] });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, account);
  await expect(tablet).toHaveURL(/\/merchant/);
  await openCounterWithDeal(tablet, title);
  const verifyCalls: string[] = [];
  tablet.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/merchant/verify-pass') verifyCalls.push(request.url());
  });
  const field = tablet.getByLabel('Scanner input');
  // No deal chosen yet (the business has several): the tablet asks for one first.
  await tablet.getByLabel('Deal to redeem').selectOption({ label: 'Choose the deal' });
  await field.fill(pass);
  await field.press('Enter');
  await expect(tablet.getByTestId('scan-result')).toContainText('Choose the deal the member wants first');
  await expect(tablet.getByLabel('Deal to redeem')).toBeFocused();
  await tablet.getByLabel('Deal to redeem').selectOption({ label: `${title} (10% OFF)` });
  // A foreign QR code is refused on the tablet, without asking the server.
  await field.pressSequentially('https://example.com/menu');
  await field.press('Enter');
  await expect(tablet.getByTestId('scan-result')).toContainText('This is not a Pay Local member pass');
  expect(verifyCalls).toHaveLength(0);

  // The scanner types fast and ends with Enter; its trigger pressed twice sends the pass once.
  await field.fill(pass);
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await field.fill(`${pass}\r`);
  await field.press('Enter');
  const result = tablet.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result.getByTestId('scan-member-name')).toHaveText('Maya');
  await tablet.waitForTimeout(1000);
  expect(verifyCalls).toHaveLength(1);
  await expectNoAxeViolations(tablet, { tags: WCAG_22_AA });

  // The same pass is good for every deal of the visit: another deal chosen, the same scan goes through.
  await tablet.getByLabel('Deal to redeem').selectOption({ label: `${otherTitle} (10% OFF)` });
  await field.fill(pass);
  await field.press('Enter');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result).toContainText(otherTitle);
  expect(verifyCalls).toHaveLength(2);

  // The counter fits a tablet both ways round, the scan card included.
  await tablet.setViewportSize({ width: 712, height: 1138 });
  await expectNoSidewaysScroll(tablet, 'counter, tablet portrait');
  await tablet.setViewportSize({ width: 1138, height: 712 });
  await expectNoSidewaysScroll(tablet, 'counter, tablet landscape');
  await tablet.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(tablet, 'counter, 390 px phone');

  await tabletContext.close();
  await phoneContext.close();
  await api.dispose();
});

test('where the browser has BarcodeDetector, the camera reads passes with it', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const title = `Native Bagel ${suffix}`;
  const { api, account, phoneContext, phone } = await dealAndMemberPass(browser, playwright, baseURL!, title);
  const pass = (await phone.getByTestId('member-pass-qr').getAttribute('data-pass'))!;

  // Chrome on Android and ChromeOS have BarcodeDetector; Linux Chromium does not: a stand-in that "sees" the
  // pass, and a camera that is a canvas (this browser has no camera at all).
  const tabletContext = await browser.newContext({ ...devices['Galaxy Tab S4 landscape'] });
  await tabletContext.addInitScript((text) => {
    (window as unknown as { __detected: number }).__detected = 0;
    class StandInDetector {
      static getSupportedFormats() { return Promise.resolve(['qr_code', 'ean_13']); }
      constructor(options: { formats: string[] }) { if (!options.formats.includes('qr_code')) throw new Error('qr_code expected'); }
      detect(source: unknown) {
        if (!(source instanceof HTMLVideoElement)) throw new Error('a video frame expected');
        (window as unknown as { __detected: number }).__detected += 1;
        return Promise.resolve([{ rawValue: text, format: 'qr_code' }]);
      }
    }
    Object.assign(window, { BarcodeDetector: StandInDetector });
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
      const context = canvas.getContext('2d')!;
      setInterval(() => context.fillRect(0, 0, 1 + Math.random() * 10, 1), 50);
      return canvas.captureStream(10);
    };
  }, pass);
  const tablet = await tabletContext.newPage();
  const scripts: string[] = [];
  const verifyCalls: string[] = [];
  tablet.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script') scripts.push(path);
    if (path === '/api/merchant/verify-pass') verifyCalls.push(path);
  });
  await signIn(tablet, account);
  await expect(tablet).toHaveURL(/\/merchant/);
  await openCounterWithDeal(tablet, title);
  await tablet.getByRole('button', { name: 'Start Camera' }).click();
  await expect(tablet.getByTestId('camera-reader')).toHaveAttribute('data-reader', 'native');
  const result = tablet.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result.getByTestId('scan-member-name')).toHaveText('Maya');
  // The detector kept seeing the pass; it was sent once, and jsQR was never downloaded.
  await expect.poll(() => tablet.evaluate(() => (window as unknown as { __detected: number }).__detected)).toBeGreaterThan(5);
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  expect(verifyCalls).toHaveLength(1);
  expect(scripts.filter((path) => /jsQR/i.test(path))).toEqual([]);
  await tabletContext.close();
  await phoneContext.close();
  await api.dispose();
});
