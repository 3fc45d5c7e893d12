// Issue 31 (decision 183): a member rates a business after a redemption there (a pass scanned at its counter), the
// owner replies, another member reports the review, the admin hides it; "offer not honoured" reaches the owner's
// dashboard and the admin's queue. Counter calls and the first member's subscription are API fixtures.
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { generateDeviceKey, passStepAt, signPass } from '../../supabase/functions/_shared/member-pass';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { createDeal, ownMerchant, passCertificateBody } from './counter-support';
import { DEMO, expectToast, signIn, subscribeByApi, uniqueEmail } from './support';

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A new member with an active membership (test payments), signed in on `api`. */
async function newMember(api: APIRequestContext, name: string) {
  const account = { email: uniqueEmail('reviewer'), name, password: 'secret1234' };
  await subscribeByApi(api, account);
  expect((await api.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
  return account;
}

/** The member's phone shows a pass; the business's counter scans it for the deal: a redemption recorded there. */
async function redeemWithPass(member: APIRequestContext, merchant: APIRequestContext, dealId: string) {
  const keys = await generateDeviceKey();
  const cert = await member.post('/api/member/pass-certificate', { data: await passCertificateBody(member, keys) });
  expect(cert.status(), await cert.text()).toBe(201);
  const pass = await signPass((await cert.json()).certificate, keys.privateKey, passStepAt(Date.now()));
  const verified = await merchant.post('/api/merchant/verify-pass', { data: { pass, dealId }, headers: { 'X-Counter-Device': `e2e-reviews-${suffix}` } });
  expect(verified.status(), await verified.text()).toBe(201);
}

test('rate after a redemption, the owner replies, a member reports, the admin hides; offer not honoured reaches the owner and the admin', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(120_000);
  // A business of this test's own, a deal, and a new member who used it at the counter.
  const { api: merchantApi, account: merchantAccount } = await ownMerchant(playwright, baseURL!);
  const title = `Review flat white ${suffix}`;
  await createDeal(merchantApi, title);
  const deals = (await (await merchantApi.get('/api/merchant/deals')).json()) as { id: string; title: string }[];
  const dealId = deals.find((d) => d.title === title)!.id;
  const { id: merchantId, name: business } = (await (await merchantApi.get('/api/merchant/me')).json()) as { id: string; name: string };
  const raeApi = await request.newContext({ baseURL });
  const rae = await newMember(raeApi, 'Rae Reviewer');
  await redeemWithPass(raeApi, merchantApi, dealId);

  // The member, on a phone: the deal page, Rate, 4 stars and a comment with markup that stays text.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, rae);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto(`/deals/${dealId}`);
  await expect(page.getByTestId('rating-summary')).toHaveText('No reviews yet');
  await page.getByRole('button', { name: `Rate ${business}` }).click();
  const sheet = page.getByRole('dialog', { name: `Rate ${business}` });
  await expect(sheet.getByRole('group', { name: 'Your rating' })).toBeVisible();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, include: '[role="dialog"]' });
  await expectNoSidewaysScroll(page);
  await sheet.locator('label').filter({ hasText: '4 stars: Very good' }).click();
  await expect(sheet.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
  const comment = `<b>Lovely</b> flat white ${suffix}`;
  await sheet.getByLabel('Comment (optional)').fill(comment);
  await sheet.getByRole('button', { name: 'Submit rating' }).click();
  await expectToast(page, 'Thanks for your review');
  await expect(page.getByTestId('rating-summary')).toContainText('4.0');
  await expect(page.getByTestId('rating-summary')).toContainText('(1 review)');
  // Comments: the review as text (no bold element made from the comment).
  await page.getByRole('button', { name: `Comments on ${business}` }).click();
  const comments = page.getByRole('dialog', { name: `Reviews of ${business}` });
  const item = comments.getByTestId('review').filter({ hasText: comment });
  await expect(item).toBeVisible();
  await expect(item.locator('b')).toHaveCount(0);
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, include: '[role="dialog"]' });
  // Offer not honoured, within 24 hours of the visit.
  await comments.getByRole('button', { name: 'Offer not honoured?' }).click();
  await comments.getByLabel('What happened (optional)').fill(`They said the pass was fake ${suffix}`);
  await expectNoAxeViolations(page, { tags: WCAG_22_AA, include: '[role="dialog"]' });
  await comments.getByRole('button', { name: 'Send report' }).click();
  await expectToast(page, 'Report sent');
  await expect(comments.getByRole('button', { name: 'Offer not honoured?' })).toHaveCount(0);
  await comments.getByRole('button', { name: 'Close' }).click();
  // Rating again: the visit is rated; the member may change it this week.
  await page.getByRole('button', { name: `Rate ${business}` }).click();
  await expect(page.getByRole('dialog')).toContainText('You already rated your latest visit');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The owner, on a tablet: the review and the report on the dashboard; one reply.
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const owner = await tablet.newPage();
  await signIn(owner, merchantAccount);
  await expect(owner).toHaveURL(/\/merchant$/);
  await expect(owner.getByTestId('offer-report').filter({ hasText: `They said the pass was fake ${suffix}` })).toBeVisible();
  await expect(owner.getByTestId('review').filter({ hasText: comment })).toBeVisible();
  await owner.getByLabel('Reply to Rae (once)').fill('Thank you, come again!');
  await expectNoAxeViolations(owner, { tags: WCAG_22_AA, include: 'main' });
  await owner.getByRole('button', { name: 'Post reply' }).click();
  await expectToast(owner, 'Reply posted');
  await expect(owner.getByTestId('review').filter({ hasText: 'Thank you, come again!' })).toBeVisible();
  await expect(owner.getByLabel('Reply to Rae (once)')).toHaveCount(0);
  await expect(owner.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
  for (const size of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
    await owner.setViewportSize(size);
    await expectNoSidewaysScroll(owner);
  }

  // Another member (the demo member) sees the review with the reply and reports it.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const maya = await other.newPage();
  await signIn(maya, DEMO.member);
  await expect(maya).toHaveURL(/\/app$/);
  await maya.goto(`/deals/${dealId}`);
  await maya.getByRole('button', { name: `Comments on ${business}` }).click();
  const seen = maya.getByRole('dialog').getByTestId('review').filter({ hasText: comment });
  await expect(seen).toContainText('Thank you, come again!');
  await seen.getByRole('button', { name: 'Report the review by Rae' }).click();
  await expect(seen.getByRole('status')).toHaveText('Reported. The Pay Local team will look at it.');

  // The admin hides it from the queue; the audit log says so; members no longer see it.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await desk.newPage();
  await signIn(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('tab', { name: 'Reviews & Reports' }).click();
  await expect(admin.getByTestId('offer-report').filter({ hasText: `They said the pass was fake ${suffix}` })).toContainText(business);
  const queued = admin.getByTestId('review').filter({ hasText: comment });
  await expect(queued).toContainText('1 report, 1 open');
  await expectNoAxeViolations(admin, { tags: WCAG_22_AA, include: '[role="tabpanel"]' });
  await queued.getByRole('button', { name: 'Hide' }).click();
  await admin.getByRole('dialog', { name: 'Hide this review?' }).getByRole('button', { name: 'Hide' }).click();
  await expectToast(admin, 'Review hidden');
  await expect(queued.getByRole('button', { name: 'Restore' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(admin.getByRole('cell', { name: 'Review hidden' }).first()).toBeVisible();
  const mayaApi = await request.newContext({ baseURL });
  expect((await mayaApi.post('/api/auth/login', { data: DEMO.member })).status()).toBe(200);
  const after = (await (await mayaApi.get(`/api/reviews/business/${merchantId}`)).json()) as { reviews: unknown[]; summary: { count: number } };
  expect(after.reviews).toEqual([]);
  expect(after.summary.count).toBe(0);

  for (const c of [raeApi, mayaApi, merchantApi]) await c.dispose();
  for (const c of [phone, tablet, other, desk]) await c.close();
});
