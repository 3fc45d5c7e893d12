import { expect, test } from '@playwright/test';
import { memberPersonalCodes, ownMerchant } from './counter-support';
import { serveLocalMapStyle } from './map-support';
import { DEMO, expectToast, signIn } from './support';

// Issue 40, decision 208, on a tablet (1024×768): an owner adds a second location with hours, finds its address
// and drags its pin on the map (a local style); a tablet paired at that location records a redemption there, and the
// counter's activity says so and filters by it.

test('an owner adds a second location; a tablet paired there records its redemption there', async ({ browser, playwright, baseURL, request }) => {
  test.setTimeout(90_000);
  const { api, account } = await ownMerchant(playwright, baseURL!);
  const suffix = Math.random().toString(36).slice(2, 7);
  const place = `Downtown ${suffix}`;

  // ---- the owner adds the second location with hours, its address looked up, the pin dragged on the map ----
  const ownerContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  // A deployment with a map style and a geocoder: the geocoder's answer as the API gives it (its Nominatim
  // adapter is tested with a double in supabase/functions/api/locations/locations.test.ts).
  await serveLocalMapStyle(ownerContext, baseURL!, { addressLookup: true });
  await ownerContext.route('**/api/merchant/locations/geocode?*', (route) => route.fulfill({
    json: [{ label: '1200, Pearl Street, Boulder, Colorado, 80302, United States', latitude: 40.01763124, longitude: -105.27974118 }],
  }));
  const owner = await ownerContext.newPage();
  await signIn(owner, account);
  await owner.getByRole('link', { name: /Locations/ }).click();
  await expect(owner.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Your locations' }).getByRole('listitem')).toHaveCount(1);
  await owner.getByRole('button', { name: 'Add location' }).click();
  const form = owner.getByRole('form', { name: 'New location' });
  await form.getByLabel('Name').fill(place);
  await form.getByLabel('Address').fill('1200 Pearl St, Boulder, CO');
  await form.getByRole('button', { name: 'Find this address' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Found: 1200, Pearl Street, Boulder' })).toBeVisible();
  const latitude = form.getByLabel('Latitude');
  const longitude = form.getByLabel('Longitude');
  await expect(latitude).toHaveValue('40.017631');
  await expect(longitude).toHaveValue('-105.279741');
  await form.getByRole('button', { name: 'Place on the map' }).click();
  const map = form.getByRole('region', { name: 'Map to place this location' });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  // The pin starts at the place found; dragged right and down, it lands east and south of it.
  const pin = map.getByRole('img', { name: /^Pin of this location/ });
  // The whole map in view: a drag that leaves the viewport never ends (no mouseup reaches the page).
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await pin.boundingBox())!;
  await owner.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await owner.mouse.down();
  await owner.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await owner.mouse.up();
  await expect(latitude).not.toHaveValue('40.017631');
  await expect(latitude).toHaveValue(/^40\.\d{1,6}$/);
  await expect(longitude).toHaveValue(/^-105\.\d{1,6}$/);
  const placed = { latitude: await latitude.inputValue(), longitude: await longitude.inputValue() };
  expect(Number(placed.latitude)).toBeLessThan(40.017631);
  expect(Number(placed.longitude)).toBeGreaterThan(-105.279741);
  await form.getByRole('button', { name: 'Add hours' }).click();
  await form.getByLabel('Day').selectOption('Friday');
  await form.getByLabel('Opens').fill('18:00');
  await form.getByLabel('Closes').fill('02:00');
  await form.getByRole('button', { name: 'Add location' }).click();
  await expectToast(owner, 'Location added');
  const added = owner.getByRole('list', { name: 'Your locations' }).getByRole('listitem').filter({ hasText: place });
  await expect(added).toContainText(`Pin: ${placed.latitude}, ${placed.longitude}`);
  await expect(added).toContainText('18:00–02:00 (next day)');
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // ---- a deal limited to the new location; a tablet paired there -----------------------------------
  const locations = (await (await api.get('/api/merchant/locations')).json()) as { id: string; name: string | null }[];
  const downtown = locations.find((l) => l.name === place)!;
  const dealTitle = `Downtown latte ${suffix}`;
  const made = await api.post('/api/merchant/deals', {
    data: { title: dealTitle, description: 'Only downtown', discountPercent: 10, perMemberLimit: 'none', locationIds: [downtown.id] },
  });
  expect(made.status(), await made.text()).toBe(201);

  await owner.goto('/merchant');
  await owner.getByLabel('Location of the new tablet').selectOption({ label: place });
  await owner.getByRole('button', { name: 'Pair a counter tablet' }).click();
  const code = (await owner.getByTestId('pairing-code').textContent())!.trim();
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await tablet.goto('/counter/pair');
  await tablet.locator('#pairing-code').fill(code);
  await tablet.getByRole('button', { name: 'Pair tablet' }).click();
  await expect(tablet).toHaveURL(/\/counter\/switch$/);
  // The owner works this tablet's counter themself.
  await signIn(tablet, account);
  // Signed in once the app has left the sign-in page: navigating earlier would cancel the sign-in request.
  await expect(tablet).not.toHaveURL(/\/login$/);
  await tablet.goto('/merchant/counter');

  // ---- the tablet records a redemption at its location ---------------------------------------------
  const login = await request.post('/api/auth/login', { data: DEMO.member });
  const memberNumber = String((await login.json()).user.memberNumber);
  const liveCode = tablet.getByRole('listitem', { name: dealTitle }).getByTestId('deal-code');
  await expect(liveCode).toHaveText(/^\d{6}$/);
  await tablet.getByLabel('Deal code').fill((await liveCode.textContent())!.trim());
  await tablet.getByRole('textbox', { name: 'Member number' }).first().fill(memberNumber);
  await tablet.getByRole('form', { name: 'Type a code' }).getByLabel('Personal code').fill(await (await memberPersonalCodes(request)).codeAt());
  await tablet.getByRole('button', { name: 'Verify Code' }).click();
  await expect(tablet.getByTestId('scan-result')).toHaveAttribute('data-outcome', 'approved');

  // ---- the activity says where, and shows that location alone -------------------------------------
  const activity = () => tablet.getByTestId('counter-tools').getByRole('listitem').filter({ hasText: dealTitle });
  await expect(activity()).toContainText(`at ${place}`);
  await tablet.getByLabel('Show activity of').selectOption({ label: place });
  await expect(activity()).toContainText(`at ${place}`);
  // The business's first location has had no redemption.
  await tablet.getByLabel('Show activity of').selectOption({ index: 1 });
  await expect(activity()).toHaveCount(0);
  expect(await tablet.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await Promise.all([ownerContext.close(), tabletContext.close(), api.dispose()]);
});
