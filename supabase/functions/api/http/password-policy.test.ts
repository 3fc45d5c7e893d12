import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

let n = 0;
const register = (password: string) => t.agent(`198.51.100.${60 + (n % 100)}`).post('/api/auth/register', {
  role: 'USER', name: 'Pat Password', email: `pw-${++n}@example.com`, password,
});
const subscribe = (password: string) => t.agent(`198.51.100.${160 + (n % 50)}`).post('/api/create-subscription', {
  name: 'Pat Password', email: `pw-sub-${++n}@example.com`, password, plan: 'monthly',
});

describe('password rules (decision 088)', () => {
  it.each([
    ['123456', 'The password must be at least 8 characters'],
    ['      ', 'The password must be at least 8 characters'],
    ['        ', 'The password must not be only spaces'],
    ['password1', `The password ${COMMON_PASSWORD_MESSAGE}`],
    ['Qwerty123', `The password ${COMMON_PASSWORD_MESSAGE}`],
    ['é'.repeat(37), 'The password must be at most 72 characters, where an accented letter counts as 2 and an emoji as 4'],
  ])('refuses %j at registration and at subscription with a clear message', async (password, message) => {
    for (const res of [await register(password), await subscribe(password)]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('accepts a long-enough uncommon password, and the demo passwords stay valid', async () => {
    expect((await register('correct horse battery')).status).toBe(201);
    for (const demo of [SEED.member.password, SEED.merchantOwner.password, SEED.pendingOwner.password, TEST_ADMIN.password, 'secret123']) {
      expect(isCommonPassword(demo), demo).toBe(false);
    }
  });

  it('accepts exactly 72 bytes, and a sign-in differing only after byte 72 does not succeed', async () => {
    const password = `${'k'.repeat(71)}9`;
    const agent = t.agent('198.51.100.250');
    const res = await agent.post('/api/auth/register', { role: 'USER', name: 'Long Pass', email: 'long-pass@example.com', password });
    expect(res.status).toBe(201);
    expect((await t.agent('198.51.100.251').post('/api/auth/login', { email: 'long-pass@example.com', password })).status).toBe(200);
    const longer = await t.agent('198.51.100.252').post('/api/auth/login', { email: 'long-pass@example.com', password: `${password}-and-more` });
    expect(longer.status).toBe(401);
  });
});
