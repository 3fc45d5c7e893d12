// Counter journeys' own businesses: each test registers one (approved by the admin) so the demo business's deal
// lists stay as other journeys expect them.
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, uniqueEmail } from './support';

const BOULDER = 'c0000000-0000-4000-8000-000000000003';

/**
 * A business of this test's own (registered, approved by the admin), in a city no other journey looks at: the
 * demo business's deal lists stay as other journeys expect them. Its API session and its password.
 */
export async function ownMerchant(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string) {
  const business = `Counter Scan Cafe ${Math.random().toString(36).slice(2, 8)}`;
  const account = { email: uniqueEmail('scan-cafe'), password: 'secret1234' };
  const api = await playwright.request.newContext({ baseURL });
  const reg = await api.post('/api/auth/register', {
    data: {
      role: 'MERCHANT', name: `Owner of ${business}`, ...account,
      merchantData: { businessName: business, businessAddress: '1 Pearl St, Boulder, CO', businessType: 'food', isWomenOwned: false, cityId: BOULDER },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const pending = (await (await admin.get('/api/admin/merchants')).json()).pending as { id: string; name: string }[];
  expect((await admin.post(`/api/admin/merchants/${pending.find((m) => m.name === business)!.id}/approve`)).status()).toBe(200);
  await admin.dispose();
  expect((await api.post('/api/auth/login', { data: account })).status()).toBe(200);
  return { api, account };
}

/** A live deal, once per member per rolling day. */
export async function createDeal(api: APIRequestContext, title: string) {
  const res = await api.post('/api/merchant/deals', {
    data: { title, description: 'One coffee, any size, once a day.', discountPercent: 10, perMemberLimit: 'day' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

