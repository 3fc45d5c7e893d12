import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

it('lists active cities publicly, Lyons, Colorado among them, and hides inactive ones', async () => {
  await asService(t.database, (q) => q(`update public.cities set active = false where id = $1`, [SEED.longmontId]));
  const res = await t.agent().get('/api/cities');
  expect(res.status).toBe(200);
  expect(res.body).toContainEqual({ id: SEED.lyonsId, name: 'Lyons', state: 'Colorado' });
  expect(res.body.map((c: { id: string }) => c.id)).not.toContain(SEED.longmontId);
});

it('lists the charities of one city, its default first', async () => {
  const res = await t.agent().get(`/api/charities?cityId=${SEED.lyonsId}`);
  expect(res.status).toBe(200);
  expect(res.body.length).toBeGreaterThanOrEqual(2);
  expect(res.body.every((c: { cityId: string }) => c.cityId === SEED.lyonsId)).toBe(true);
  expect(res.body[0].name).toBe('Lyons Community Foundation');
});

it('answers 400 for a malformed city id', async () => {
  const res = await t.agent().get('/api/charities?cityId=nope');
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('The city must be a valid id');
});
