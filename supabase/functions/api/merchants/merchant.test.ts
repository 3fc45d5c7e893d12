import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { insertAccount } from '../../../../tests/support/accounts.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { DEALS_SEED } from '../../../../tests/support/deals-seed.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let objectsDir: string;
beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 'paylocal-logo-'));
  t = await createTestApp({ OBJECTS_DIR: objectsDir, OBJECT_UPLOAD_SECRET: 'logo-test-secret' });
});
afterAll(async () => {
  await t.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** The browser's upload flow: ask for a signed address, PUT the bytes there. */
async function upload(agent: Agent, bytes = PNG) {
  const { body } = await agent.post('/api/objects/upload');
  const res = await t.app.request(`http://localhost${body.uploadURL}`, {
    method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'image/png' },
  });
  return { uploadURL: body.uploadURL as string, status: res.status };
}

const registerMerchant = async (email: string) => {
  const agent = t.agent();
  const res = await agent.post('/api/auth/register', {
    role: 'MERCHANT', name: 'Nina Newshop', email, password: 'secret123',
    merchantData: { businessName: 'Nina’s Nursery', businessAddress: '9 Garden Rd', businessType: 'retail', cityId: SEED.lyonsId, isWomenOwned: true },
  });
  expect(res.status).toBe(201);
  return { agent, userId: res.body.user.id as string };
};

describe('GET /api/merchant/me', () => {
  it('answers the active merchant profile of docs/spec.md section 3', async () => {
    const agent = await t.signIn(SEED.merchantOwner);
    const res = await agent.get('/api/merchant/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: SEED.activeMerchantId, name: "Rosa's River Cafe", address: '401 Main St, Lyons, CO 80540', businessType: 'food',
      active: true, rewardRateBps: 500, ownerUserId: SEED.merchantOwner.id, category: 'food-dining', logoUrl: null,
    });
  });

  it('carries the time zone of the business\'s city, in which the counter writes times', async () => {
    const agent = await t.signIn(SEED.merchantOwner);
    expect((await agent.get('/api/merchant/me')).body.timeZone).toBe('America/Denver');
    await asService(t.database, (q) => q(`update public.cities set time_zone = 'America/Chicago'
      where id = (select city_id from public.merchants where id = $1)`, [SEED.activeMerchantId]));
    expect((await agent.get('/api/merchant/me')).body.timeZone).toBe('America/Chicago');
  });

  it('answers 404 for a merchant account without a business, 403 for members, 401 signed out', async () => {
    const agent = await t.signIn(await insertAccount(t, { email: 'nobiz@example.com', name: 'No Biz', role: 'MERCHANT' }));
    const res = await agent.get('/api/merchant/me');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No merchant profile/);

    const member = await t.signIn(SEED.member);
    expect((await member.get('/api/merchant/me')).status).toBe(403);
    expect((await t.agent().get('/api/merchant/me')).status).toBe(401);
  });
});

describe('POST /api/merchant/apply', () => {
  it('lets a merchant account without a business apply once; the application starts pending', async () => {
    const owner = await insertAccount(t, { email: 'applies@example.com', name: 'Ada Applies', role: 'MERCHANT' });
    const agent = await t.signIn(owner);

    const missing = await agent.post('/api/merchant/apply', { businessAddress: '1 Main' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The business name is required');

    const res = await agent.post('/api/merchant/apply', {
      businessName: '  Ada’s Apothecary ', businessAddress: '12 Elm St', businessType: 'health-wellness', cityId: SEED.longmontId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ada’s Apothecary', active: false, cityName: 'Longmont, Colorado', category: 'health-wellness', ownerUserId: owner.id,
    });
    expect((await agent.get('/api/merchant/me')).body.active).toBe(false);
    const again = await agent.post('/api/merchant/apply', { businessName: 'X', businessAddress: 'Y' });
    expect(again.status).toBe(409);
  });

  it('is for merchant accounts only', async () => {
    const member = await t.signIn(SEED.member);
    expect((await member.post('/api/merchant/apply', { businessName: 'X', businessAddress: 'Y' })).status).toBe(403);
  });
});

describe('admin approval', () => {
  it('lists pending and active merchants and approves a registered merchant', async () => {
    const { agent: merchant } = await registerMerchant('nina@example.com');
    const admin = await t.signIn(TEST_ADMIN);

    const before = await admin.get('/api/admin/merchants');
    expect(before.status).toBe(200);
    const pending = before.body.pending.find((m: { name: string }) => m.name === 'Nina’s Nursery');
    expect(pending).toMatchObject({ active: false, ownerEmail: 'nina@example.com', ownerName: 'Nina Newshop', rewardRateBps: 500 });
    expect(before.body.active.map((m: { id: string }) => m.id)).toContain(SEED.activeMerchantId);
    expect(before.body.pending.map((m: { id: string }) => m.id)).toContain(SEED.pendingMerchantId);

    // The pending merchant cannot create deals yet.
    const early = await merchant.post('/api/merchant/deals', { title: 'T', description: 'D', discountPercent: 10 });
    expect(early.status).toBe(403);

    const approved = await admin.post(`/api/admin/merchants/${pending.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: pending.id, active: true });
    expect(approved.body.approvedAt).toBeTruthy();
    expect((await merchant.get('/api/merchant/me')).body.active).toBe(true);
    const after = await admin.get('/api/admin/merchants');
    expect(after.body.active.map((m: { id: string }) => m.id)).toContain(pending.id);
  });

  it('is refused to everyone but the designated admin, and 404s unknown ids', async () => {
    const otherAdmin = await t.signIn(await insertAccount(t, { email: 'other-admin@example.com', name: 'Other Admin', role: 'ADMIN' }));
    expect((await otherAdmin.get('/api/admin/merchants')).status).toBe(403);
    expect((await otherAdmin.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`)).status).toBe(403);
    const merchant = await t.signIn(SEED.merchantOwner);
    expect((await merchant.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`)).status).toBe(403);
    expect((await t.agent().get('/api/admin/merchants')).status).toBe(401);

    const admin = await t.signIn(TEST_ADMIN);
    expect((await admin.post('/api/admin/merchants/b0000000-0000-4000-8000-00000000ffff/approve')).status).toBe(404);
    expect((await admin.post('/api/admin/merchants/not-a-uuid/approve')).status).toBe(404);
  });
});

describe('PUT /api/merchant/logo', () => {
  it('stores the merchant’s own uploaded image and deletes the one it replaces', async () => {
    const agent = await t.signIn(SEED.merchantOwner);
    const first = await upload(agent);
    expect(first.status).toBe(200);
    const res = await agent.put('/api/merchant/logo', { logoUrl: first.uploadURL });
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(new RegExp(`^/objects/uploads/${SEED.merchantOwner.id}/[0-9a-f-]{36}$`));
    expect((await agent.get('/api/merchant/me')).body.logoUrl).toBe(res.body.logoUrl);
    const firstKey = res.body.logoUrl.slice('/objects/'.length);
    expect(await t.deps.objects.exists(firstKey)).toBe(true);

    const second = await upload(agent);
    const replaced = await agent.put('/api/merchant/logo', { logoUrl: second.uploadURL });
    expect(replaced.status).toBe(200);
    expect(await t.deps.objects.exists(firstKey)).toBe(false);
  });

  it('refuses other people’s uploads, missing objects, non-images and foreign addresses', async () => {
    const rosa = await t.signIn(SEED.merchantOwner);
    const other = await t.signIn(DEALS_SEED.otherMerchant);
    const theirs = await upload(other);
    const stolen = await rosa.put('/api/merchant/logo', { logoUrl: theirs.uploadURL });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('The logo must be an address from your own upload');

    const { body: unused } = await rosa.post('/api/objects/upload');
    const missing = await rosa.put('/api/merchant/logo', { logoUrl: unused.uploadURL });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/names no uploaded file/);

    const text = await upload(rosa, new TextEncoder().encode('not an image at all, really'));
    expect(text.status).toBe(415);
    for (const logoUrl of ['https://evil.example/x.png', '']) {
      expect((await rosa.put('/api/merchant/logo', { logoUrl })).status).toBe(400);
    }
    const member = await t.signIn(SEED.member);
    expect((await member.put('/api/merchant/logo', { logoUrl: theirs.uploadURL })).status).toBe(403);
  });
});
