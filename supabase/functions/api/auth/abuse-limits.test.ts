// Issue 28, row 2: reset-password hashed before it looked the token up and had no limit; register hashed first and
// never counted invalid attempts. Now: cheap checks first, and every attempt counts per address and per account
// through the one limiter (decision 175), 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_RESET_LINK_MESSAGE } from '../../_shared/contract/account.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { type PasswordHasher, usePasswordHasher } from './password.ts';
import { TOO_MANY_ACCOUNT_ATTEMPTS_MESSAGE } from '../limits/limiter.ts';
import bcrypt from 'bcryptjs';

let t: TestApp;
let hashes = 0;
const counting: PasswordHasher = {
  hash: (password, rounds) => { hashes++; return bcrypt.hash(password, rounds); },
  compare: (password, hash) => bcrypt.compare(password, hash),
};
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP: '8', RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_ACCOUNT: '3' });
  usePasswordHasher(counting);
});
afterAll(async () => { usePasswordHasher(null); await t.close(); });

const expectThrottled = (res: { status: number; body: any; headers: Headers }) => {
  expect(res.status).toBe(429);
  expect(res.body.message).toBe(TOO_MANY_ACCOUNT_ATTEMPTS_MESSAGE);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
};

describe('reset-password', () => {
  it('looks the token up before any hash, and 40 parallel bad tokens from one address get 429 past the limit', async () => {
    const agent = t.agent('198.51.100.81');
    const before = hashes;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      agent.post('/api/auth/reset-password', { token: `not-a-token-${i}-${'x'.repeat(30)}`, password: 'a fine new password 1' })));
    expect(hashes).toBe(before);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(8);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(32);
    expectThrottled(refused[0]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe(INVALID_RESET_LINK_MESSAGE);
  });
});

describe('register', () => {
  it('checks an existing address before hashing, and counts every attempt per address and per email', async () => {
    const body = { role: 'USER', name: 'Mallory', email: SEED.member.email, password: 'a fine new password 1' };
    const before = hashes;
    const agent = t.agent('198.51.100.82');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await agent.post('/api/auth/register', body));
    expect(hashes).toBe(before);
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([409, 409, 409]);
    expectThrottled(answers[3]); // the email's own bucket (3), from any address
    expectThrottled(await t.agent('198.51.100.83').post('/api/auth/register', body));
  });

  it('counts invalid attempts from one address too', async () => {
    const agent = t.agent('198.51.100.84');
    const before = hashes;
    const statuses = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await agent.post('/api/auth/register', {
        role: 'USER', name: 'Mallory', email: `taken-${i}@example.com`, password: 'a fine new password 1', homeCityId: '00000000-0000-4000-8000-000000000000',
      })).status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect(hashes).toBe(before); // an unknown city is found out before the hash
  });
});

describe('verify-email and forgot-password', () => {
  it('verify-email: bad tokens from one address stop at the limit', async () => {
    const agent = t.agent('198.51.100.85');
    const statuses = [];
    for (let i = 0; i < 9; i++) statuses.push((await agent.post('/api/auth/verify-email', { token: `bad-${i}-${'y'.repeat(30)}` })).status);
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('forgot-password: past the per-address mail limit, 429 says when to try again', async () => {
    const agent = t.agent('198.51.100.86');
    let last;
    for (let i = 0; i < 25; i++) {
      last = await agent.post('/api/auth/forgot-password', { email: `nobody-${i}@example.com` });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
