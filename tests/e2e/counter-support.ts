// Counter journeys' own businesses: each test registers one (approved by the admin) so the demo business's deal
// lists stay as other journeys expect them.
import { expect, type APIRequestContext } from '@playwright/test';
import { base64UrlToBytes } from '../../supabase/functions/_shared/encoding.ts';
import { generateDeviceKey, publicKeyCoordinates, signPassChallenge } from '../../supabase/functions/_shared/member-pass.ts';
import { personalCodeAt } from '../../supabase/functions/_shared/personal-code.ts';
import { DEMO, uniqueEmail } from './support';

const BOULDER = 'c0000000-0000-4000-8000-000000000003';

/**
 * A business of this test's own (registered, approved by the admin), in a city no other journey looks at: the
 * demo business's deal lists stay as other journeys expect them. Its API session and its password.
 */
export async function ownMerchant(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string, cityId = BOULDER) {
  const business = `Counter Scan Cafe ${Math.random().toString(36).slice(2, 8)}`;
  const account = { email: uniqueEmail('scan-cafe'), password: 'secret1234' };
  const api = await playwright.request.newContext({ baseURL });
  const reg = await api.post('/api/auth/register', {
    data: {
      role: 'MERCHANT', name: `Owner of ${business}`, ...account,
      merchantData: { businessName: business, businessAddress: '1 Pearl St, Boulder, CO', businessType: 'food', isWomenOwned: false, cityId },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  const pending = (await (await admin.get('/api/admin/merchants')).json()).pending as { id: string; name: string }[];
  expect((await admin.post(`/api/admin/merchants/${pending.find((m) => m.name === business)!.id}/approve`)).status()).toBe(200);
  await admin.dispose();
  expect((await api.post('/api/auth/login', { data: account })).status()).toBe(200);
  return { api, account, business };
}

/** A live deal, once per member per rolling day. */
export async function createDeal(api: APIRequestContext, title: string) {
  const res = await api.post('/api/merchant/deals', {
    data: { title, description: 'One coffee, any size, once a day.', discountPercent: 10, perMemberLimit: 'day' },
  });
  expect(res.status(), await res.text()).toBe(201);
}


/** A certificate request's body for a device key, signing a fresh challenge from the API (decision 190). */
export async function passCertificateBody(member: APIRequestContext, keys: CryptoKeyPair) {
  const challenge = await member.post('/api/member/pass-challenge');
  expect(challenge.status(), await challenge.text()).toBe(201);
  const { challenge: text } = (await challenge.json()) as { challenge: string };
  return { ...(await publicKeyCoordinates(keys.publicKey)), challenge: text, signature: await signPassChallenge(text, keys.privateKey) };
}

/**
 * The member's personal code (decision 190) as their pass sheet shows it, for a member signed in on `member`: a
 * device certified through the API hands over the member's current secret.
 */
export async function memberPersonalCodes(member: APIRequestContext) {
  const keys = await generateDeviceKey();
  const res = await member.post('/api/member/pass-certificate', { data: await passCertificateBody(member, keys) });
  expect(res.status(), await res.text()).toBe(201);
  const secret = base64UrlToBytes(((await res.json()) as { personalSecret: string }).personalSecret);
  return { codeAt: (atMs = Date.now()) => personalCodeAt(secret, atMs), keys, certificate: (await res.json()).certificate as string };
}
