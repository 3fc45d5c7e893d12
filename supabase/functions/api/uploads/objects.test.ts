import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../../../../local/server.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { serviceClaims } from '../db/database.ts';
import type { Services } from '../services.ts';
import { resolveUploadedObject } from './uploaded-object.ts';
import { signUploadUrl } from './upload-signing.ts';

let t: TestApp;
let dir: string;
let member: Agent;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const TEXT_AS_PNG = new TextEncoder().encode('just some text pretending to be a picture');
const SIX_MB = (() => { const b = new Uint8Array(6 * 1024 * 1024); b.set(PNG); return b; })();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paylocal-objects-'));
  t = await createTestApp({ OBJECTS_DIR: dir, OBJECT_UPLOAD_SECRET: 'upload-secret' });
  member = await t.signIn(SEED.member);
});
afterAll(async () => { await t.close(); rmSync(dir, { recursive: true, force: true }); });

const put = (url: string, bytes: Uint8Array, type = 'image/png') =>
  t.app.request(`http://localhost${url}`, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': type } });

async function uploadUrl(agent = member) {
  const res = await agent.post('/api/objects/upload');
  expect(res.status).toBe(200);
  return res.body.uploadURL as string;
}

describe('POST /api/objects/upload and the signed PUT', () => {
  it('needs a signed-in user', async () => {
    expect((await t.agent().post('/api/objects/upload')).status).toBe(401);
  });

  it('stores an image once at its single-object address, served by the local runner under /objects/', async () => {
    const url = await uploadUrl();
    expect(url).toMatch(new RegExp(`^/api/objects/upload/uploads/${SEED.member.id}/[0-9a-f-]{36}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const res = await put(url, PNG);
    expect(res.status).toBe(200);
    const { objectPath } = await res.json();
    expect(objectPath).toBe(`/objects/${url.slice('/api/objects/upload/'.length).split('?')[0]}`);
    expect((await put(url, PNG)).status).toBe(409);

    const server = createLocalServer({ api: t.app, staticDir: join(dir, 'no-build'), objects: t.deps.objects });
    const served = await server.request(`http://localhost${objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await server.request('http://localhost/objects/uploads/..%2f..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });

  it('rejects a renamed non-image by its bytes, and a 6 MB file by size, with the spec messages', async () => {
    const renamed = await put(await uploadUrl(), TEXT_AS_PNG, 'image/png');
    expect(renamed.status).toBe(415);
    expect(await renamed.json()).toEqual({ message: 'Please select a valid image file.' });
    const big = await put(await uploadUrl(), SIX_MB);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'File size must be less than 5MB.' });
  });

  it('refuses a tampered or expired address', async () => {
    const url = await uploadUrl();
    const otherKey = url.replace(/uploads\/[^/]+\//, `uploads/${SEED.merchantOwner.id}/`);
    expect((await put(otherKey, PNG)).status).toBe(403);
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    const res = await put(expired, PNG);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Invalid upload signature');

    // A correctly signed address whose expiry has passed (signed with the app's secret).
    const key = url.slice('/api/objects/upload/'.length).split('?')[0];
    const late = await put(await signUploadUrl('upload-secret', key, Math.floor(Date.now() / 1000) - 1), PNG);
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe('Request has expired');
  });

  it('resolves an uploaded address to its /objects/ path only for the uploader (reused by the merchant logo)', async () => {
    const url = await uploadUrl();
    const services: Pick<Services, 'tx' | 'objects'> = {
      objects: t.deps.objects,
      tx: { asCaller: () => Promise.reject(new Error('not used')), asService: (work) => t.deps.db.transaction(serviceClaims, work) },
    };
    await expect(resolveUploadedObject(services, url, SEED.member.id)).rejects.toThrow(/upload the file first/);
    await put(url, JPEG);
    const path = await resolveUploadedObject(services, `https://paylocal.example${url}`, SEED.member.id);
    expect(path).toMatch(/^\/objects\/uploads\//);
    expect(await resolveUploadedObject(services, path, SEED.member.id)).toBe(path);
    await expect(resolveUploadedObject(services, url, SEED.merchantOwner.id)).rejects.toThrow(/your own upload/);
    await expect(resolveUploadedObject(services, 'https://evil.example/x.png', SEED.member.id)).rejects.toThrow();
  });
});

describe('profile picture', () => {
  const form = (bytes: Uint8Array, name = 'me.png', type = 'image/png') => {
    const data = new FormData();
    data.append('profilePicture', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return data;
  };

  it('uploads, replaces (deleting the old object) and removes the picture', async () => {
    const first = await member.post('/api/auth/profile-picture', form(PNG));
    expect(first.status).toBe(200);
    expect(first.body.profilePicture).toMatch(new RegExp(`^/objects/profile-pictures/${SEED.member.id}/`));
    expect((await member.get('/api/auth/profile')).body.profilePicture).toBe(first.body.profilePicture);
    const firstKey = first.body.profilePicture.slice('/objects/'.length);
    expect(await t.deps.objects.exists(firstKey)).toBe(true);

    const second = await member.post('/api/auth/profile-picture', form(JPEG, 'me.jpg', 'image/jpeg'));
    expect(second.status).toBe(200);
    expect(await t.deps.objects.exists(firstKey)).toBe(false);

    const removed = await member.delete('/api/auth/profile-picture');
    expect(removed.body).toEqual({ profilePicture: null });
    expect((await member.get('/api/auth/profile')).body.profilePicture).toBeNull();
    expect(await t.deps.objects.exists(second.body.profilePicture.slice('/objects/'.length))).toBe(false);
  });

  it('rejects a renamed non-image, a 6 MB file, a missing field and visitors', async () => {
    const renamed = await member.post('/api/auth/profile-picture', form(TEXT_AS_PNG));
    expect(renamed.status).toBe(415);
    expect(renamed.body.message).toBe('Please select a valid image file.');
    const big = await member.post('/api/auth/profile-picture', form(SIX_MB));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 5MB.');
    const missing = new FormData();
    missing.append('other', 'x');
    expect((await member.post('/api/auth/profile-picture', missing)).status).toBe(400);
    expect((await t.agent().post('/api/auth/profile-picture', form(PNG))).status).toBe(401);
    expect((await t.agent().delete('/api/auth/profile-picture')).status).toBe(401);
  });
});
