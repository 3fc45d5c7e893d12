import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './validate.ts';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('accepts the limit and refuses one more, arrays and objects alike', () => {
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    const objects = '{"a":'.repeat(JSON_MAX_DEPTH + 1) + '1' + '}'.repeat(JSON_MAX_DEPTH + 1);
    expect(jsonNestsDeeperThan(objects)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":'.repeat(JSON_MAX_DEPTH) + '1' + '}'.repeat(JSON_MAX_DEPTH))).toBe(false);
  });

  it('counts siblings once, not in sum', () => {
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[[1]]])))).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ note: '['.repeat(500), quoted: '"[[[[' + '{'.repeat(200) });
    expect(jsonNestsDeeperThan(text)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(['\\', nested(3)]))).toBe(false);
  });

  it('reads a 12 KB body nested 6,000 deep without recursion', () => {
    expect(jsonNestsDeeperThan(nested(6000))).toBe(true);
    expect(jsonNestsDeeperThan(nested(1_000_000))).toBe(true);
  });
});

describe('a request body nested deeper than the limit (issue 41)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  it('is refused with 400 before any walk of it (it was a 500 from a stack overflow), in parallel, and the API goes on', async () => {
    // 12 KB nested 6,000 deep: within the body limit, and deep enough that the recursive storable-text check overflowed.
    const deep = `{"email":${nested(6000)},"password":"secret-pass-1"}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.agent(`198.51.100.${120 + i}`).post('/api/auth/login', deep)),
    );
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: JSON_TOO_DEEP_MESSAGE });
    }
    expect((await t.agent('198.51.100.150').get('/api/cities')).status).toBe(200);
    // The sign-up path reads its body itself: the same rule.
    const signUp = await t.agent('198.51.100.151').post('/api/create-subscription', `{"plan":${nested(100)}}`);
    expect(signUp.status).toBe(400);
    expect(signUp.body).toEqual({ message: JSON_TOO_DEEP_MESSAGE });
  });
});
