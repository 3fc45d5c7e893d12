// Issue 28, row 2: bcrypt (~90 ms) ran on the event loop, so 200 sign-ins or resets stalled every other request.
// The local runner now hashes in worker threads with a bounded queue (decision 175).
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { SEED } from '../tests/support/constants.ts';
import { usePasswordHasher } from '../supabase/functions/api/auth/password.ts';
import { ServiceBusy } from '../supabase/functions/api/http/http-error.ts';
import { PASSWORD_QUEUE_FULL_MESSAGE, startPasswordWorkers } from './password-workers.ts';

/** The longest the event loop went without running a timer while `work` ran. */
async function maxLagDuring(work: Promise<unknown>): Promise<number> {
  let max = 0;
  let last = performance.now();
  let done = false;
  const tick = () => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
    if (!done) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  await work;
  done = true;
  return max;
}

describe('password workers', () => {
  it('hash and compare like bcryptjs, off the event loop', async () => {
    const pool = startPasswordWorkers({ size: 1 });
    try {
      const hash = await pool.hash('correct horse', 10);
      expect(bcrypt.compareSync('correct horse', hash)).toBe(true);
      expect(await pool.compare('correct horse', hash)).toBe(true);
      expect(await pool.compare('wrong horse', hash)).toBe(false);
      // Six 10-round hashes (~0.5 s of CPU): the event loop keeps turning meanwhile.
      const lag = await maxLagDuring(Promise.all(Array.from({ length: 6 }, () => pool.hash('x', 10))));
      expect(lag).toBeLessThan(60);
    } finally {
      await pool.close();
    }
  });

  it('refuses past its queue with 503-style ServiceBusy and Retry-After, and still does what it accepted', async () => {
    const pool = startPasswordWorkers({ size: 1, maxQueue: 3, retryAfterSeconds: 2 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => pool.hash('x', 6)));
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4); // one running, three queued
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(ServiceBusy);
        expect(r.reason).toMatchObject({ status: 503, retryAfterSeconds: 2, message: PASSWORD_QUEUE_FULL_MESSAGE });
      }
    } finally {
      await pool.close();
    }
  });
});

describe('through the API', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { usePasswordHasher(null); await t.close(); });

  it('a full queue answers 503 with Retry-After and a reason; sign-in works through the pool', async () => {
    const pool = startPasswordWorkers({ size: 1, maxQueue: 0 });
    usePasswordHasher(pool);
    try {
      expect((await t.agent('198.51.100.61').post('/api/auth/login', { email: SEED.member.email, password: SEED.member.password })).status).toBe(200);
      // The one worker busy (a 13-round hash, ~0.7 s) and no queue: the next sign-in is refused at once.
      const busyWork = pool.hash('x', 13);
      const busy = await t.agent('198.51.100.70').post('/api/auth/login', { email: SEED.member.email, password: 'wrong password 1' });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('Retry-After')).toBe('2');
      expect(busy.body).toEqual({ message: PASSWORD_QUEUE_FULL_MESSAGE, retryAfterSeconds: 2 });
      await busyWork;
    } finally {
      usePasswordHasher(null);
      await pool.close();
    }
  });
});
