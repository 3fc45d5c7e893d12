// Issue 28: a flood of account requests (sign-ins, resets) from many addresses waits at a gate holding nothing,
// past its queue 503 with Retry-After, while other routes never wait on it (decision 175).
import { Hono } from 'hono';
import { expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { ACCOUNT_GATE_BUSY_MESSAGE, accountGate } from './request-guards.ts';
import { onError } from './errors.ts';

it('runs one account request at a time, queues a bounded number, refuses the rest; other routes pass', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  let running = 0;
  let most = 0;
  const app = new Hono<AppEnv>().basePath('/api');
  app.use('*', accountGate({ concurrency: 1, maxQueue: 2, minIntervalMs: 0 }));
  app.post('/auth/reset-password', async (c) => {
    running++;
    most = Math.max(most, running);
    await held;
    running--;
    return c.json({ ok: true });
  });
  app.get('/deals', (c) => c.json([]));
  app.onError(onError);
  const post = () => app.request('http://localhost/api/auth/reset-password', { method: 'POST' });
  const first = post();
  const queued = [post(), post()];
  const refused = await post();
  expect(refused.status).toBe(503);
  expect(refused.headers.get('Retry-After')).toBe('2');
  expect(await refused.json()).toEqual({ message: ACCOUNT_GATE_BUSY_MESSAGE, retryAfterSeconds: 2 });
  expect((await app.request('http://localhost/api/deals')).status).toBe(200); // not gated, not waiting
  release();
  expect((await Promise.all([first, ...queued])).map((r) => r.status)).toEqual([200, 200, 200]);
  expect(most).toBe(1);
});

it('spaces the starts of account requests (at most one per minIntervalMs)', async () => {
  const app = new Hono<AppEnv>().basePath('/api');
  app.use('*', accountGate({ minIntervalMs: 30 }));
  const starts: number[] = [];
  app.post('/auth/login', (c) => { starts.push(performance.now()); return c.json({}); });
  await Promise.all(Array.from({ length: 5 }, () => app.request('http://localhost/api/auth/login', { method: 'POST' })));
  for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(25);
});
