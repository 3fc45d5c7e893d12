import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Start without the seeded update, so the list and the daily limit are this file's alone.
  await asService(t.database, (q) => q(`delete from public.business_updates`));
});
afterAll(() => t.close());

const signIn = async (who: { email: string; password: string }) => {
  const agent = await t.signIn(who);
  return agent;
};

it('the owner of an approved business posts an update and lists their latest', async () => {
  const owner = await signIn(SEED.merchantOwner);
  const res = await owner.post('/api/merchant/updates', { message: '  Live music Saturday  ' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ id: expect.any(String), message: 'Live music Saturday', createdAt: expect.any(String) });
  expect((await owner.get('/api/merchant/updates')).body).toEqual([res.body]);
});

it('answers 400 naming the field for an empty or too long message', async () => {
  const owner = await signIn(SEED.merchantOwner);
  expect((await owner.post('/api/merchant/updates', { message: '   ' })).body).toEqual({ message: 'The message is required' });
  expect((await owner.post('/api/merchant/updates', { message: 'x'.repeat(281) })).body)
    .toEqual({ message: 'The message must be at most 280 characters' });
  expect((await owner.post('/api/merchant/updates', {})).body).toEqual({ message: 'The message is required' });
});

it('a pending business cannot post (403); members cannot (403); visitors get 401', async () => {
  const pending = await signIn(SEED.pendingOwner);
  const res = await pending.post('/api/merchant/updates', { message: 'Hello' });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: 'Your business must be approved before posting updates' });
  expect((await (await signIn(SEED.member)).post('/api/merchant/updates', { message: 'Hi' })).status).toBe(403);
  expect((await t.agent().post('/api/merchant/updates', { message: 'Hi' })).status).toBe(401);
});

it('the sixth update within a day is refused with 429', async () => {
  const owner = await signIn(SEED.merchantOwner);
  for (let i = 2; i <= 5; i++) expect((await owner.post('/api/merchant/updates', { message: `Update ${i}` })).status).toBe(201);
  const res = await owner.post('/api/merchant/updates', { message: 'One too many' });
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: 'You can post at most 5 updates a day' });
});
