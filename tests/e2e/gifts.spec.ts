// Gift memberships (issue 39 item 3, decision 201), lean: a visitor buys a gift at /gift with the test card; the
// scheduled job (called as Supabase Cron calls it) sends it on its date; a new person opens the mail's link, creates
// an account there and starts; their personal code then passes the counter's check. The business is an API fixture.
import { resolve } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { E2E_DRAIN_SECRET } from '../support/constants';
import { linkIn, waitForMail } from '../support/mail';
import { memberPersonalCodes, ownMerchant } from './counter-support';
import { uniqueEmail } from './support';

const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR!);

test('a gift bought → sent on its date by the job → redeemed by a new person → their pass checked at a counter', async ({ browser, page, baseURL, playwright }) => {
  test.setTimeout(90_000);
  const recipient = uniqueEmail('gift-recipient');
  const buyer = uniqueEmail('gift-buyer');

  // A visitor buys a 1-month gift for today.
  await page.goto('/gift');
  await page.getByRole('radio', { name: /^1 month/ }).check();
  await page.getByLabel("Recipient's email").fill(recipient);
  await page.getByLabel('Message (optional)').fill('Enjoy the town!');
  await page.getByLabel('Your name').fill('Gabe Giver');
  await page.getByLabel('Your email (for the receipt)').fill(buyer);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: your gift is paid' })).toBeVisible();
  await waitForMail(MAIL_DIR, buyer, /Your receipt: a 1-month Pay Local gift/);

  // The scheduled job sends it (hosted: Supabase Cron calls the same route).
  const cron = await request.newContext({ baseURL });
  expect((await cron.post('/api/internal/gift-deliveries', { headers: { 'x-drain-secret': E2E_DRAIN_SECRET } })).status()).toBe(200);
  const mail = await waitForMail(MAIL_DIR, recipient, /Gabe Giver gave you a month of Pay Local/);

  // The recipient, new to Pay Local, on a phone: creates an account on the gift's page and starts.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const gifted = await phone.newPage();
  await gifted.goto(linkIn(mail, '/gift/'));
  await expect(gifted.getByRole('heading', { name: 'Gabe Giver gave you a month of Pay Local' })).toBeVisible();
  await expect(gifted.getByText('“Enjoy the town!”')).toBeVisible();
  await gifted.getByLabel('Your name').fill('Gia Gifted');
  await expect(gifted.getByLabel('Email')).toHaveValue(recipient);
  await gifted.getByLabel('Password').fill('secret1234');
  await gifted.getByRole('button', { name: 'Create account and start' }).click();
  await expect(gifted.getByRole('status')).toHaveText('Your gift membership is active.');
  await gifted.getByRole('link', { name: 'See your deals' }).click();
  await expect(gifted).toHaveURL(/\/app$/);
  await expect(gifted.getByRole('article').first()).toBeVisible();

  // At a counter: the member's personal code and the deal's code pass the check.
  const { api: merchant } = await ownMerchant(playwright, baseURL!);
  const created = await merchant.post('/api/merchant/deals', { data: { title: `Gift scone ${Date.now()}`, description: 'Once.', discountPercent: 10 } });
  expect(created.status(), await created.text()).toBe(201);
  const deal = (await created.json()) as { currentCode: string };
  const memberApi = await request.newContext({ baseURL });
  expect((await memberApi.post('/api/auth/login', { data: { email: recipient, password: 'secret1234' } })).status()).toBe(200);
  const { memberNumber } = ((await (await memberApi.get('/api/auth/me')).json()) as { user: { memberNumber: number } }).user;
  const personal = await memberPersonalCodes(memberApi);
  const checked = await merchant.post('/api/merchant/verify-code', {
    data: { code: deal.currentCode, memberNumber, personalCode: await personal.codeAt() }, headers: { 'X-Counter-Device': `e2e-gift-${Date.now()}` },
  });
  expect(checked.status(), await checked.text()).toBe(201);
  await Promise.all([cron.dispose(), memberApi.dispose(), merchant.dispose(), phone.close()]);
});
