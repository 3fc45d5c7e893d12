import { expect, test } from '@playwright/test';
import { memberPersonalCodes, ownMerchant } from './counter-support';
import { DEMO, signIn, subscribeByApi, uniqueEmail } from './support';

// Offer rules (issue 38): a deal's rules and per-member limit as one sentence on the member's deal page (phone 390x844)
// and at the counter (tablet 1024x768); a check outside the window is refused with the local time of the business
// (Boulder: America/Denver); a deal with a minimum spend asks for the purchase amount.

const suffix = Math.random().toString(36).slice(2, 7);

/** "HH:MM" in Denver `minutes` from now. */
const denverTime = (minutes: number) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
  .format(new Date(Date.now() + minutes * 60_000));

test('rules shown before the visit and enforced at the till', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { api, account } = await ownMerchant(playwright, baseURL!);
  const later = `Evening Rules ${suffix}`;
  const spend = `Big Spend ${suffix}`;
  const start = denverTime(120);
  const end = denverTime(180);
  const created = await api.post('/api/merchant/deals', {
    data: { title: later, description: 'Later today only', discountPercent: 10, perMemberLimit: 'week', rules: { startTime: start, endTime: end, note: 'Dine-in only' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: laterId, rulesText: laterSentence } = (await created.json()) as { id: string; rulesText: string };
  expect(laterSentence).toBe(`${start}–${end} · once a week per member · Dine-in only`);
  expect((await api.post('/api/merchant/deals', {
    data: { title: spend, description: 'Spend twenty', discountPercent: 10, perMemberLimit: 'none', rules: { minSpendCents: 2000 } },
  })).status()).toBe(201);
  const codeOf = async (title: string) =>
    ((await (await api.get('/api/merchant/deals')).json()) as { title: string; currentCode: string }[]).find((d) => d.title === title)!.currentCode;

  // ---- the member reads the sentence on the deal card, on a phone ----------------------------------
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await signIn(phone, DEMO.member);
  // The business is in Boulder, not the member's home city: its deal's own page (the member view, with the code).
  await phone.goto(`/deals/${laterId}`);
  await expect(phone.getByRole('heading', { name: later })).toBeVisible();
  await expect(phone.getByTestId('deal-rules')).toHaveText(laterSentence);
  // At the counter, a member of this test's own (their personal code's secret turns over when a 4th device is
  // certified, and the demo member's devices are certified by other journeys running beside this one).
  const login = await playwright.request.newContext({ baseURL });
  const memberAccount = { email: uniqueEmail('rules'), name: 'Rita Rules', password: 'secret123' };
  await subscribeByApi(login, memberAccount);
  const memberNumber = String(((await (await login.post('/api/auth/login', { data: memberAccount })).json()) as { user: { memberNumber: number } }).user.memberNumber);
  // The member's personal code (decision 190), as their pass sheet shows it: typed with the number.
  const personal = await memberPersonalCodes(login);
  await phoneContext.close();

  // ---- the counter shows it, refuses outside the window with the local time, asks for the amount ----
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, account);
  // Signed in once the app has left the sign-in page: navigating earlier would cancel the sign-in request.
  await expect(tablet).not.toHaveURL(/\/login$/);
  await tablet.goto('/merchant/counter');
  await expect(tablet.getByRole('listitem', { name: later }).getByTestId('deal-rules')).toHaveText(laterSentence);
  const typeCard = tablet.getByRole('form', { name: 'Type a code' });
  await typeCard.getByLabel('Deal code').fill(await codeOf(later));
  await typeCard.getByLabel('Member number').fill(memberNumber);
  await typeCard.getByLabel('Personal code').fill(await personal.codeAt());
  await typeCard.getByRole('button', { name: 'Verify Code' }).click();
  await expect(tablet.getByText(new RegExp(`This deal is valid ${start}–${end} only\\. It is now [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]{2}, \\d\\d:\\d\\d here\\.`)).first()).toBeVisible();

  // The minimum spend: the amount field is there; without an amount the check is refused, with one it passes.
  await typeCard.getByLabel('Deal code').fill(await codeOf(spend));
  await typeCard.getByLabel('Member number').fill(memberNumber);
  await typeCard.getByLabel('Personal code').fill(await personal.codeAt());
  await expect(typeCard.getByLabel('Purchase amount ($)')).toBeVisible();
  await typeCard.getByRole('button', { name: 'Verify Code' }).click();
  await expect(tablet.getByText('Enter the purchase amount: this deal needs a spend of $20 or more').first()).toBeVisible();
  await typeCard.getByLabel('Purchase amount ($)').fill('25');
  await typeCard.getByLabel('Personal code').fill(await personal.codeAt());
  await typeCard.getByRole('button', { name: 'Verify Code' }).click();
  const result = tablet.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result).toContainText(`${spend} · 10% OFF`);
  await expect(result).toContainText('Spend $20 or more · no per-member limit');
  await tabletContext.close();
  await login.dispose();
  await api.dispose();
});
