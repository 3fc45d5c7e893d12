import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support';
import { DEMO, expectToast, fillAccountFields, signIn, uniqueEmail } from './support';

// One journey across three people: a merchant registers and is approved, creates a percent and an
// amount deal and sees their codes; the seeded member (active membership) finds them by city,
// search and category and sees the same code; the merchant verifies it at the counter and undoes
// it; earn and redeem move the member's balance.
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const suffix = Math.random().toString(36).slice(2, 7);
const business = `Canyon Kites ${suffix}`;
const percentTitle = `Kite Lessons ${suffix}`;
const amountTitle = `Spool Saver ${suffix}`;

/** A deal card's code and the instant it rotates. */
async function codeOf(card: Locator) {
  const code = (await card.getByTestId('deal-code').textContent())!.trim();
  return code;
}

/** Codes on two screens agree unless a rotation fell between the two reads; then read both again. */
async function expectSameCode(merchantCard: Locator, memberCard: Locator, memberPage: Page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const merchantCode = await codeOf(merchantCard);
    const memberCode = await codeOf(memberCard);
    if (merchantCode === memberCode) return memberCode;
    await memberPage.waitForTimeout(1500); // both screens refetch by themselves at the rotation
  }
  throw new Error('member and merchant codes never agreed');
}

test('deals: register, approve, create, find, verify, undo, earn and redeem', async ({ browser, baseURL }) => {
  // ---- the merchant registers (pending) -------------------------------------------------
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  await merchant.goto('/register?role=merchant');
  await fillAccountFields(merchant, { name: 'Kit Flyer', email: uniqueEmail('kites'), password: 'secret1234' });
  await merchant.getByLabel('Business name').fill(business);
  await merchant.getByLabel('Business type').selectOption({ label: 'Food & Drink' });
  await merchant.getByLabel('Business address').fill('7 Canyon Rd, Lyons, CO');
  await merchant.getByLabel('City', { exact: true }).selectOption({ label: 'Lyons, Colorado' });
  await merchant.getByRole('button', { name: 'Create Account' }).click();
  await expect(merchant.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();

  // ---- the admin approves through the API -------------------------------------------------
  const admin = await request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const { pending } = (await (await admin.get('/api/admin/merchants')).json()) as { pending: { id: string; name: string }[] };
  const application = pending.find((m) => m.name === business)!;
  expect(application).toBeTruthy();
  expect((await admin.post(`/api/admin/merchants/${application.id}/approve`)).status()).toBe(200);
  await admin.dispose();

  // ---- the merchant creates a percent and an amount deal ------------------------------------
  await merchant.reload();
  await expect(merchant.getByRole('heading', { name: `Welcome, ${business}` })).toBeVisible();
  await expect(merchant.getByText('No Active Deals')).toBeVisible();

  await merchant.getByRole('tab', { name: 'Create Deal' }).click();
  await merchant.getByRole('button', { name: 'Create Deal' }).click();
  await expectToast(merchant, 'Missing Information', 'Please fill in the deal title and description.');
  await merchant.getByLabel('Deal title').fill(percentTitle);
  await merchant.getByLabel('Description').fill('A one-hour lesson on the meadow, kite included.');
  await merchant.getByLabel('Discount (%)').fill('15');
  await merchant.getByLabel('Category').selectOption({ label: 'Food & Drink' });
  await merchant.getByRole('button', { name: 'Create Deal' }).click();
  await expectToast(merchant, 'Deal Created', /Current code: \d{6}/);

  await merchant.getByLabel('Deal title').fill(amountTitle);
  await merchant.getByLabel('Description').fill('Two dollars fifty off any spool of line.');
  await merchant.getByText('Amount off').click();
  await merchant.getByLabel('Discount amount ($)').fill('2.50');
  await merchant.getByLabel('Category').selectOption({ label: 'Retail & Shopping' });
  await merchant.getByRole('button', { name: 'Create Deal' }).click();
  await expectToast(merchant, 'Deal Created');

  await merchant.getByRole('tab', { name: 'My Deals' }).click();
  const merchantPercentCard = merchant.getByRole('article', { name: percentTitle });
  const merchantAmountCard = merchant.getByRole('article', { name: amountTitle });
  await expect(merchantPercentCard.getByText('15% OFF')).toBeVisible();
  await expect(merchantAmountCard.getByText('$2.50 OFF')).toBeVisible();
  await expect(merchantPercentCard.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await expect(merchantAmountCard.getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await expect(merchantPercentCard.getByText(/Next code in \d\d:\d\d/)).toBeVisible();

  // ---- the member finds them by city, search and category ----------------------------------
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, DEMO.member);
  await expect(member).toHaveURL(/\/app$/);
  await expect(member.getByText('Active', { exact: true })).toBeVisible();
  await expect(member.getByLabel('City', { exact: true })).toHaveValue(/.+/);
  await expect(member.getByLabel('City', { exact: true }).locator('option:checked')).toHaveText('Lyons, Colorado');
  await expect(member.getByLabel('City', { exact: true }).locator('option').last()).toHaveText('More cities coming soon...');
  await expect(member.getByRole('heading', { name: 'Deals in Lyons, Colorado' })).toBeVisible();
  const memberPercentCard = member.getByRole('article', { name: percentTitle });
  await expect(memberPercentCard).toBeVisible();
  await expect(member.getByRole('article', { name: amountTitle })).toBeVisible();

  await member.getByLabel('Search deals').fill(`spool saver ${suffix}`);
  await expect(member.getByRole('article', { name: amountTitle })).toBeVisible();
  await expect(memberPercentCard).toHaveCount(0);
  await member.getByLabel('Search deals').fill(`no-such-deal-${suffix}`);
  await expect(member.getByText(`No deals found matching "no-such-deal-${suffix}"`)).toBeVisible();
  await member.getByLabel('Search deals').fill('');

  await member.getByRole('button', { name: 'Retail & Shopping', exact: true }).click();
  await expect(member.getByRole('article', { name: amountTitle })).toBeVisible();
  await expect(memberPercentCard).toHaveCount(0);
  await member.getByRole('button', { name: 'Dispensaries' }).click();
  await expect(member.getByText('No deals available in this category')).toBeVisible();
  await member.getByRole('button', { name: 'Food & Drink', exact: true }).click();
  await expect(memberPercentCard).toBeVisible();

  const code = await expectSameCode(merchantPercentCard, memberPercentCard, member);
  const memberNumber = (await member.getByTestId('member-number').textContent())!.trim();
  expect(memberNumber).toMatch(/^\d{6}$/);
  // The personal code under the member's pass (decision 190), read off the phone as staff would hear it.
  const personalCode = async () => {
    await member.getByRole('button', { name: 'Show member pass' }).click();
    const shown = member.getByRole('dialog', { name: 'Member pass' }).getByTestId('member-pass-personal-code');
    await expect(shown).toHaveText(/^\d{3} \d{3}$/);
    const digits = (await shown.textContent())!.replace(/\s/g, '');
    await member.getByRole('dialog', { name: 'Member pass' }).getByRole('button', { name: 'Close' }).click();
    return digits;
  };

  // ---- the merchant verifies it at the counter and undoes it ---------------------------------
  await merchant.goto('/merchant/counter');
  await expect(merchant.getByRole('heading', { name: 'Counter' })).toBeVisible();
  await expect(merchant.getByRole('listitem', { name: percentTitle }).getByTestId('deal-code')).toHaveText(/^\d{6}$/);
  await merchant.getByLabel('Deal code').fill(code);
  await merchant.getByRole('form', { name: 'Type a code' }).getByLabel('Member number').fill(memberNumber);
  await merchant.getByRole('form', { name: 'Type a code' }).getByLabel('Personal code').fill(await personalCode());
  await merchant.getByRole('button', { name: 'Verify Code' }).click();
  const result = merchant.getByTestId('scan-result');
  await expect(result).toHaveAttribute('data-outcome', 'approved');
  await expect(result).toContainText(`${percentTitle} · 15% OFF`);
  await expect(result).toContainText(`Member #${memberNumber} · 1 used. Check it is them`);
  // The same member cannot use the same code twice.
  await merchant.getByLabel('Deal code').fill(code);
  await merchant.getByRole('form', { name: 'Type a code' }).getByLabel('Member number').fill(memberNumber);
  await merchant.getByRole('form', { name: 'Type a code' }).getByLabel('Personal code').fill(await personalCode());
  await merchant.getByRole('button', { name: 'Verify Code' }).click();
  await expect(result).toHaveAttribute('data-outcome', 'refused');
  await expect(result).toContainText(/already used this code/);
  // The first use is still undoable from the recent activity.
  const used = merchant.getByRole('listitem').filter({ hasText: percentTitle }).filter({ has: merchant.getByRole('button', { name: 'Undo' }) });
  await used.getByRole('button', { name: 'Undo' }).click();
  await expectToast(merchant, 'Redemption Undone');
  await expect(used).toHaveCount(0);

  // ---- earn and redeem move the balance ----------------------------------------------------
  await merchant.getByRole('region', { name: 'Points' }).getByLabel('Member number').fill(memberNumber);
  await expect(merchant.getByTestId('counter-member-balance')).toContainText('Balance here: 0 points');
  await merchant.getByLabel('Purchase amount ($)').fill('20.00');
  await expect(merchant.getByText('Earns 100 points')).toBeVisible(); // 5% of $20.00
  await merchant.getByRole('button', { name: 'Record Purchase' }).click();
  await expect(merchant.getByText(`+100 points for member #${memberNumber}`)).toBeVisible();
  await expect(merchant.getByTestId('counter-member-balance')).toContainText('Balance here: 100 points');

  await merchant.getByRole('tab', { name: 'Redeem' }).click();
  await merchant.getByLabel('Points to redeem').fill('40');
  await merchant.getByRole('region', { name: 'Points' }).getByLabel('Personal code').fill(await personalCode());
  await merchant.getByRole('button', { name: 'Redeem Points' }).click();
  await expect(merchant.getByText(`40 points redeemed ($0.40 off) for member #${memberNumber}`)).toBeVisible();
  await expect(merchant.getByText('New balance here: 60 points ($0.60).')).toBeVisible();
  await merchant.getByLabel('Points to redeem').fill('61');
  await merchant.getByRole('region', { name: 'Points' }).getByLabel('Personal code').fill(await personalCode());
  await merchant.getByRole('button', { name: 'Redeem Points' }).click();
  await expectToast(merchant, 'Redeem Failed', `Not enough points: member ${memberNumber} has 60 here`);

  await member.reload();
  await expect(member.getByRole('list', { name: 'Points balances' }).getByRole('listitem').filter({ hasText: business })).toContainText('60 pts ($0.60)');

  await memberContext.close();
  await merchantContext.close();
});

test('deal screens pass automated accessibility checks', async ({ page }) => {

  await page.goto('/browse-deals');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('Subscribe to reveal').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, DEMO.member);
  await expect(page.getByRole('article', { name: '$3 Off Any Latte' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Points balances' })).toContainText("Rosa's River Cafe");
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Community Feed' }).click();
  await expect(page.getByLabel('Share something with your neighbours')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, DEMO.merchant);
  await expect(page.getByRole('heading', { name: "Welcome, Rosa's River Cafe" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Deal Codes' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/merchant/deals');
  await expect(page.getByRole('article', { name: '$3 Off Any Latte' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/merchant/counter');
  await expect(page.getByRole('listitem', { name: '$3 Off Any Latte' })).toBeVisible();
  await expectNoAxeViolations(page);
});
