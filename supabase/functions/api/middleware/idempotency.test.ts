import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { AppEnv } from '../context.ts';
import { onError } from './errors.ts';
import { idempotency } from './idempotency.ts';
import { badRequest } from '../lib/http-error.ts';

let t: TestApp;
let app: Hono<AppEnv>;
let applied = 0;

beforeAll(async () => {
  t = await createTestApp();
  app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', t.deps);
    c.set('user', { id: SEED.member.id, email: SEED.member.email, role: 'USER', sessionTokenHash: 'x' });
    await next();
  });
  app.use('*', idempotency);
  app.post('/act', (c) => { applied++; return c.json({ applied }, 201); });
  app.post('/fail', () => { throw badRequest('Nope'); });
  app.onError(onError);
});
afterAll(() => t.close());

const send = (path: string, key?: string) =>
  app.request(`http://localhost${path}`, { method: 'POST', headers: key ? { 'Idempotency-Key': key } : {} });

it('applies a keyed mutation once and replays the stored answer', async () => {
  const first = await send('/act', 'outbox-1');
  const second = await send('/act', 'outbox-1');
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(await second.json()).toEqual({ applied: 1 });
  expect(second.headers.get('Idempotent-Replayed')).toBe('true');
  expect(applied).toBe(1);
  await send('/act', 'outbox-2');
  expect(applied).toBe(2);
});

it('runs unkeyed mutations every time', async () => {
  const before = applied;
  await send('/act');
  await send('/act');
  expect(applied).toBe(before + 2);
});

it('replays a refusal as the same refusal, with its reason', async () => {
  const first = await send('/fail', 'outbox-fail');
  const again = await send('/fail', 'outbox-fail');
  expect(first.status).toBe(400);
  expect(again.status).toBe(400);
  expect(await again.json()).toEqual({ message: 'Nope' });
});

it('refuses a key reused for another request', async () => {
  await send('/act', 'outbox-3');
  const res = await send('/fail', 'outbox-3');
  expect(res.status).toBe(409);
});

it('stores keys per user in the private schema only', async () => {
  const rows = await asService(t.database, (q) => q(`select key from private.idempotency_keys where user_id = $1`, [SEED.member.id]));
  expect(rows.length).toBeGreaterThanOrEqual(3);
});
