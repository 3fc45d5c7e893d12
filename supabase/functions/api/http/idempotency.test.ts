import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPersonalCode } from '../../../../tests/support/counter-members.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import type { AppEnv } from './context.ts';
import { onError } from './errors.ts';
import { ANSWER_LOST_MESSAGE, IDEMPOTENCY_BODY_MISMATCH_MESSAGE, IN_PROGRESS_MESSAGE, idempotency } from './idempotency.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { badRequest } from './http-error.ts';

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
  // Saves its work, then fails (as a process that dies after its commit would): the work must not be redone.
  app.post('/write-then-fail', async (c) => {
    applied++;
    await c.var.deps.db.transaction({ role: 'service_role' }, (q) =>
      q(`select * from private.limiter_take(array['idem-write-then-fail'], array[5], array[60])`));
    throw new Error('boom');
  });
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

it('refuses the same key with a different body (422), and still replays the same body', async () => {
  const post = (body: unknown) => app.request('http://localhost/act', {
    method: 'POST', headers: { 'Idempotency-Key': 'outbox-body', 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const before = applied;
  expect((await post({ amountCents: 500 })).status).toBe(201);
  const other = await post({ amountCents: 99_999 });
  expect(other.status).toBe(422);
  expect(await other.json()).toEqual({ message: IDEMPOTENCY_BODY_MISMATCH_MESSAGE });
  const same = await post({ amountCents: 500 });
  expect(same.status).toBe(201);
  expect(same.headers.get('Idempotent-Replayed')).toBe('true');
  expect(applied).toBe(before + 1);
});

it('through the API: an earn replayed with another amount under the same key is refused, not answered with the first receipt', async () => {
  await activateMembership(t.database, SEED.member.id);
  const member = t.agent('198.51.100.41');
  const memberNumber = (await member.login(SEED.member.email, SEED.member.password)).memberNumber;
  const rosa = t.agent('198.51.100.42');
  await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  // The counter takes points only for a member who showed a code there first.
  const deal = (await rosa.post('/api/merchant/deals', { title: 'Seen', description: 'Shown once', discountAmount: 100 })).body;
  expect((await rosa.post('/api/merchant/verify-code', await withPersonalCode(t.database, { code: deal.currentCode, memberNumber }))).status).toBe(201);
  const earn = (amountCents: number) =>
    rosa.request('POST', '/api/merchant/earn', { memberNumber, amountCents }, { 'Idempotency-Key': 'counter-earn-1' });
  expect((await earn(500)).status).toBe(201);
  const other = await earn(99_999);
  expect(other.status).toBe(422);
  expect(other.body.message).toBe(IDEMPOTENCY_BODY_MISMATCH_MESSAGE);
});

describe('a key left in progress by a crash (decision 175)', () => {
  /** What a request that died leaves: the key in progress, with its lease (seconds from now) and maybe its work saved. */
  const leftBehind = (key: string, leaseSeconds: number, applied: boolean) => asService(t.database, (q) => q(
    `insert into private.idempotency_keys (user_id, key, method, path, request_hash, lease_until, applied_at)
     values ($1, $2, 'POST', '/act', null, now() + make_interval(secs => $3::int), case when $4::boolean then now() end)`,
    [SEED.member.id, key, leaseSeconds, applied]));

  it('answers 409 with Retry-After while the lease runs', async () => {
    await leftBehind('crash-live', 30, false);
    const res = await send('/act', 'crash-live');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: IN_PROGRESS_MESSAGE });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(25);
  });

  it('does the work once when the dead request had not saved it, then replays that answer', async () => {
    await leftBehind('crash-unsaved', -1, false);
    const before = applied;
    const res = await send('/act', 'crash-unsaved');
    expect(res.status).toBe(201);
    expect(applied).toBe(before + 1);
    const again = await send('/act', 'crash-unsaved');
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual({ applied: before + 1 });
    expect(applied).toBe(before + 1);
  });

  it('does not redo work the dead request saved: it says so, and settles the key', async () => {
    await leftBehind('crash-saved', -1, true);
    const before = applied;
    for (let i = 0; i < 2; i++) {
      const res = await send('/act', 'crash-saved');
      expect(res.status).toBe(200);
      expect(res.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await res.json()).toEqual({ applied: true, answerLost: true, message: ANSWER_LOST_MESSAGE });
    }
    expect(applied).toBe(before);
  });

  it('marks a key applied in the transaction that saved the work: a failure after it does not release the key', async () => {
    const before = applied;
    expect((await send('/write-then-fail', 'saved-then-500')).status).toBe(500);
    const again = await send('/write-then-fail', 'saved-then-500');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ answerLost: true });
    expect(applied).toBe(before + 1);
  });
});
