import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe-support';
import { DEMO, expectToast, fillAccountFields, postBusinessUpdate, signIn, uniqueEmail } from './support';

// St. Vrain Market: approved, in Lyons, with live deals; the demo member does not follow it in the seed.
const MARKET = { name: 'St. Vrain Market', owner: { email: 'market@paylocal.local', password: 'merchant12345' }, deal: '15% Off Fishing Gear' };
const TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/;
const DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

// Both journeys change the demo member's notifications: one at a time.
test.describe.configure({ mode: 'serial' });

async function openMemberNotifications(page: Page) {
  await page.getByRole('link', { name: /Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications & Following', level: 1 })).toBeVisible();
}

test('a member follows a business, sees its new deal arrive without a reload, marks it read and unfollows', async ({ browser }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const dealTitle = `Fly Tying Night ${suffix}`;

  // ---- the member follows St. Vrain Market from its deal card -------------------------------
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, DEMO.member);
  await expect(member).toHaveURL(/\/app$/);
  const card = member.getByRole('article', { name: MARKET.deal });
  await card.getByRole('button', { name: `Follow ${MARKET.name}` }).click();
  await expectToast(member, 'Following!');
  await expect(card.getByRole('button', { name: `Following ${MARKET.name}` })).toHaveAttribute('aria-pressed', 'true');

  // ---- and keeps the Notifications screen open -----------------------------------------------
  await openMemberNotifications(member);
  await member.getByRole('tab', { name: 'Following' }).click();
  await expect(member.getByRole('heading', { name: 'Businesses You Follow' })).toBeVisible();
  const followed = member.getByRole('article', { name: MARKET.name });
  await expect(followed).toContainText('Retail & Shopping · Lyons, Colorado');
  await expect(followed.locator('time')).toHaveText(DATE);
  await member.getByRole('tab', { name: 'Notifications' }).click();
  await expect(member.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();

  // ---- in another browser, the merchant creates a deal ----------------------------------------
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  await signIn(merchant, MARKET.owner);
  await expect(merchant).toHaveURL(/\/merchant$/);
  await merchant.getByRole('tab', { name: 'Create Deal' }).click();
  await merchant.getByLabel('Deal title').fill(dealTitle);
  await merchant.getByLabel('Description').fill('Tie three flies with our staff, hooks and feathers included.');
  await merchant.getByLabel('Discount (%)').fill('20');
  await merchant.getByLabel('Category').selectOption({ label: 'Retail & Shopping' });
  await merchant.getByRole('button', { name: 'Create Deal' }).click();
  await expectToast(merchant, 'Deal Created');

  // ---- the member's open screen shows it, no reload ------------------------------------------
  const notification = member.getByRole('article', { name: `New deal from ${MARKET.name}, unread` }).filter({ hasText: dealTitle });
  await expect(notification).toBeVisible({ timeout: 15_000 });
  await expect(notification).toContainText(`New Deal: ${dealTitle}`);
  await expect(notification).toContainText('Tie three flies with our staff');
  await expect(notification.getByText('New', { exact: true })).toBeVisible();
  await expect(notification.locator('time')).toHaveText(TIME);
  await expect(notification.getByRole('link', { name: 'View Deal' })).toHaveAttribute('href', /\/deals\/[0-9a-f-]{36}$/);

  // ---- mark as read ---------------------------------------------------------------------------
  await notification.getByRole('button', { name: 'Mark as read' }).click();
  const read = member.getByRole('article', { name: `New deal from ${MARKET.name}` }).filter({ hasText: dealTitle });
  await expect(read.getByText('New', { exact: true })).toHaveCount(0);
  await expect(read.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await member.reload();
  await expect(member.getByRole('article', { name: `New deal from ${MARKET.name}` }).filter({ hasText: dealTitle })).toBeVisible();
  await expect(member.getByRole('article', { name: `New deal from ${MARKET.name}, unread` }).filter({ hasText: dealTitle })).toHaveCount(0);

  // ---- unfollow from the Following tab --------------------------------------------------------
  await member.getByRole('tab', { name: 'Following' }).click();
  await member.getByRole('article', { name: MARKET.name }).getByRole('button', { name: `Unfollow ${MARKET.name}` }).click();
  await expectToast(member, 'Unfollowed');
  await expect(member.getByRole('article', { name: MARKET.name })).toHaveCount(0);
  await expect(member.getByRole('article', { name: "Rosa's River Cafe" })).toBeVisible();

  await merchantContext.close();
  await memberContext.close();
});

test('a business update from the dashboard raises the unread count in the open member home', async ({ browser }) => {
  test.setTimeout(60_000);
  const update = `Cinnamon rolls fresh at 7 tomorrow ${Date.now().toString(36)}`;
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, DEMO.member);
  await expect(member).toHaveURL(/\/app$/);
  const badge = member.getByRole('link', { name: /Notifications/ }).getByTestId('unread-count');
  await expect(badge).toBeVisible(); // the seed leaves some unread
  const before = Number((await badge.textContent())?.replace(/\D/g, ''));

  await postBusinessUpdate(browser, DEMO.merchant, update);

  await expect.poll(async () => Number((await badge.textContent())?.replace(/\D/g, '')), { timeout: 15_000 }).toBeGreaterThan(before);
  await openMemberNotifications(member);
  const card = member.getByRole('article', { name: "Business update from Rosa's River Cafe, unread" }).filter({ hasText: update });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Deal' })).toHaveCount(0);

  await memberContext.close();
});

test('an update posted while the member is offline appears once the network returns', async ({ browser }) => {
  test.setTimeout(60_000);
  const update = `Closed for the river cleanup until noon ${Date.now().toString(36)}`;
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, DEMO.member);
  await expect(member).toHaveURL(/\/app$/);
  await openMemberNotifications(member);
  await expect(member.getByRole('article').first()).toBeVisible();

  await memberContext.setOffline(true);
  await postBusinessUpdate(browser, DEMO.merchant, update);
  // Whatever reached the page meanwhile, the list it shows is still there (a failed refetch keeps it).
  await expect(member.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();
  await expect(member.getByRole('article').first()).toBeVisible();

  await memberContext.setOffline(false);
  await expect(member.getByRole('article').filter({ hasText: update })).toBeVisible({ timeout: 15_000 });

  await memberContext.close();
});

test('a new member sees the empty texts, and both tabs pass axe', async ({ page }) => {
  await page.goto('/register');
  await fillAccountFields(page, { name: 'Nia Newcomer', email: uniqueEmail('newcomer'), password: 'secret1234' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/notifications');

  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByText('Follow businesses to get notified about new deals')).toBeVisible();
  await expect(page.getByText('Get notified when businesses you follow post new deals or updates')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByText("You're not following any businesses yet")).toBeVisible();
  await expect(page.getByText('Follow businesses to get notifications when they post new deals')).toBeVisible();
  await expect(page.getByText('Follow your favorite local businesses to get notifications about their latest deals')).toBeVisible();
  await expectNoAxeViolations(page);
});
