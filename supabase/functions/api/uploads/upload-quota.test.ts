import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { uploadQuotaMessage } from './router.ts';
import { cleanupUnattachedUploads } from './upload-cleanup.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
let t: TestApp;
let dir: string;
let member: Agent;
let rosa: Agent;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paylocal-quota-'));
  t = await createTestApp({ OBJECTS_DIR: dir, OBJECT_UPLOAD_SECRET: 'quota-secret' });
  member = await t.signIn(SEED.member, '198.51.100.71');
  rosa = await t.signIn(SEED.merchantOwner, '198.51.100.72');
});
afterAll(async () => { await t.close(); rmSync(dir, { recursive: true, force: true }); });

async function upload(agent: Agent) {
  const res = await agent.post('/api/objects/upload');
  expect(res.status).toBe(200);
  const url = res.body.uploadURL as string;
  const put = await t.app.request(`http://localhost${url}`, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return { url, key: url.slice('/api/objects/upload/'.length).split('?')[0], objectPath: (await put.json()).objectPath as string };
}

const age = (key: string, hours: number) => asService(t.database, (q) =>
  q(`update private.uploads set created_at = now() - make_interval(hours => $2::int) where key = $1`, [key, hours]));

describe('upload quota and cleanup (decision 089)', () => {
  it('refuses a user more than 20 upload addresses a day (429); others are not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await member.post('/api/objects/upload')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const refused = await member.post('/api/objects/upload');
    expect(refused.body).toEqual({ message: uploadQuotaMessage(20) });
    expect((await rosa.post('/api/objects/upload')).status).toBe(200);
  });

  it('deletes uploads never attached after a day, keeps attached and recent ones', async () => {
    const abandoned = await upload(rosa);
    const logo = await upload(rosa);
    const recent = await upload(rosa);
    expect((await rosa.put('/api/merchant/logo', { logoUrl: logo.objectPath })).status).toBe(200);
    await age(abandoned.key, 25);
    await age(logo.key, 25);
    await age(recent.key, 2);
    expect(await cleanupUnattachedUploads(t.database.db, t.deps.objects)).toBe(1);
    expect(await t.deps.objects.exists(abandoned.key)).toBe(false);
    expect(await t.deps.objects.exists(logo.key)).toBe(true);
    expect(await t.deps.objects.exists(recent.key)).toBe(true);
  });

  it('runs from a scheduled call with the secret only', async () => {
    const abandoned = await upload(rosa);
    await age(abandoned.key, 30);
    const call = (authorization?: string) => t.app.request('http://localhost/api/objects/cleanup', {
      method: 'POST', headers: authorization ? { authorization } : {},
    });
    expect((await call()).status).toBe(401);
    expect((await call('Bearer wrong')).status).toBe(401);
    const ok = await call('Bearer quota-secret');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ deleted: 1 });
    expect(await t.deps.objects.exists(abandoned.key)).toBe(false);
  });
});
