// Referrals (issue 39 item 2, decision 200), lean: a member's invite link on the profile → a friend opens it and
// subscribes in the browser → the 7 days pass (the test provider's control moves the friend's first payment back
// and runs the check) → both profiles show the credit, and the friend's next test renewal charges less.
// The friend takes the yearly plan, so the renewal's charge is the year less the credit.
import { expect, request, test } from '@playwright/test';
import { PLANS } from '../../supabase/functions/_shared/constants';
import { formatCents } from '../../supabase/functions/_shared/money';
import { expectToast, fillAccountFields, signIn, subscribeByApi, uniqueEmail } from './support';

test('invite link → a friend subscribes with it → after 7 days both have credit and the next renewal charges less', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const referrerApi = await request.newContext({ baseURL });
  const referrer = { email: uniqueEmail('referrer'), name: 'Remy Referrer', password: 'secret1234' };
  await subscribeByApi(referrerApi, referrer);

  // The referrer's profile: the link, shared (copied where the browser has no share sheet), no friends yet.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const mine = await desk.newPage();
  await signIn(mine, referrer);
  // Signed in once the app has left the sign-in page: navigating earlier would cancel the sign-in request.
  await expect(mine).not.toHaveURL(/\/login$/);
  await mine.goto('/profile');
  const link = await mine.getByLabel('Your invite link').inputValue();
  expect(link).toMatch(/\/subscribe\?ref=[A-Z2-9]{8}$/);
  await expect(mine.getByLabel('Your invitations')).toHaveText('No friend has joined with your link yet.');
  await mine.evaluate(() => { Object.defineProperty(navigator, 'share', { value: undefined }); });
  await mine.getByRole('button', { name: 'Share your invite link' }).click();
  await expectToast(mine, 'Link copied');
  expect(await mine.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The friend, on a phone, opens the link and subscribes; the code rides along to the checkout.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('A friend invited you')).toBeVisible();
  const friend = { name: 'Fern Friend', email: uniqueEmail('friend'), password: 'secret1234' };
  await page.getByText('Yearly', { exact: true }).click();
  await fillAccountFields(page, friend);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/app$/);

  // Not yet: the reward waits for the first payment to stand 7 days.
  await mine.reload();
  await expect(mine.getByLabel('Your invitations')).toContainText('1 friend joined with your link; 0 earned you credit so far.');
  expect((await (await page.request.post('/api/test-payments/referral-week')).json())).toEqual({ rewarded: 1 });

  const credit = formatCents(PLANS.monthly.priceCents);
  await mine.reload();
  await expect(mine.getByLabel('Your invitations')).toContainText(`1 earned you credit so far. You have received ${credit}`);
  await expect(mine.getByTestId('account-credit')).toContainText(credit);

  // The friend's profile: the credit; the next (yearly) renewal charges the year less the credit.
  await page.goto('/profile');
  await expect(page.getByTestId('account-credit')).toContainText(credit);
  await page.getByRole('region', { name: 'Test payments' }).getByRole('button', { name: 'Renewal succeeds' }).click();
  await expectToast(page, 'Test renewal', 'The renewal was paid.');
  await expect(page.getByRole('region', { name: 'Payments', exact: true })).toContainText(formatCents(PLANS.yearly.priceCents - PLANS.monthly.priceCents));
  await expect(page.getByTestId('account-credit')).toHaveCount(0);

  await referrerApi.dispose();
  for (const c of [desk, phone]) await c.close();
});
