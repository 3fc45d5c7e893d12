// Decision 196: a community post with a photo appears live on a second member's phone, is reported there, hidden
// by the admin, and is gone from both phones without a reload. The posting member's membership is an API fixture.
import { expect, request, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { DEMO, expectToast, signIn, subscribeByApi, uniqueEmail } from './support';

const LYONS = 'c0000000-0000-4000-8000-000000000001';
/** A 1×1 PNG: a real image the phone decodes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** A live change crosses the API, the database's notify and the other phone's event stream: room for a busy machine. */
const LIVE = { timeout: 20_000 };

async function openFeed(page: Page) {
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('tab', { name: 'Community Feed' }).click();
  await expect(page.getByLabel('Share something with your neighbours')).toBeVisible();
}

test('a post with a photo appears live on a second phone, is reported, hidden by the admin and gone from both', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const api = await request.newContext({ baseURL });
  const poster = { email: uniqueEmail('poster'), name: 'Paz Poster', password: 'secret1234', homeCityId: LYONS };
  await subscribeByApi(api, poster);
  await api.dispose();

  // Two members of Lyons, each on a phone, both on the feed.
  const first = await browser.newContext(phone);
  const paz = await first.newPage();
  await signIn(paz, poster);
  await openFeed(paz);
  const second = await browser.newContext(phone);
  const maya = await second.newPage();
  await signIn(maya, DEMO.member);
  await openFeed(maya);

  // Paz posts text (markup stays text) with a photo.
  const text = `<i>Swap meet</i> at Bohn Park this Saturday ${suffix}`;
  await paz.getByLabel('Share something with your neighbours').fill(text);
  await paz.getByLabel('Photo file').setInputFiles({ name: 'park.png', mimeType: 'image/png', buffer: PNG });
  await expect(paz.getByTestId('chosen-photo')).toHaveText('park.png');
  await paz.getByRole('button', { name: 'Post', exact: true }).click();
  await expectToast(paz, 'Posted');

  // Maya's phone shows it without a reload: the text as text, the photo decoded.
  const seen = maya.getByTestId('community-post').filter({ hasText: suffix });
  await expect(seen).toContainText(text, LIVE);
  await expect(seen.locator('i')).toHaveCount(0);
  const photo = seen.getByRole('img', { name: 'Photo shared by Paz' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeViolations(maya, { tags: WCAG_22_AA, include: '[role="tabpanel"]' });
  const overflow = await maya.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Maya reports it.
  await seen.getByRole('button', { name: 'Report the post by Paz' }).click();
  await seen.getByLabel('Why should the Pay Local team look at it? (optional)').fill(`Selling things ${suffix}`);
  await seen.getByRole('button', { name: 'Send report' }).click();
  await expect(seen.getByRole('status')).toHaveText('Reported. The Pay Local team will look at it.');

  // The admin hides it from the Reviews & Reports tab; the audit log says what in words.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await desk.newPage();
  await signIn(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.getByRole('tab', { name: 'Reviews & Reports' }).click();
  const queued = admin.getByTestId('community-post').filter({ hasText: suffix });
  await expect(queued).toContainText('Lyons · 1 report, 1 open');
  await expect(queued).toContainText(`Selling things ${suffix}`);
  await queued.getByRole('button', { name: 'Hide' }).click();
  await expectToast(admin, 'Post hidden');
  await expect(queued.getByRole('button', { name: 'Restore' })).toBeVisible();

  // Gone from both phones, live.
  await expect(maya.getByTestId('community-post').filter({ hasText: suffix })).toHaveCount(0, LIVE);
  await expect(paz.getByTestId('community-post').filter({ hasText: suffix })).toHaveCount(0, LIVE);

  await admin.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'Post hidden' }).filter({ hasText: suffix }).first())
    .toContainText('Community post by Paz in Lyons');

  for (const c of [first, second, desk]) await c.close();
});
