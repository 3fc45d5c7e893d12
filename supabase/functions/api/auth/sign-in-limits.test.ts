import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { clearSignInFailures } from '../limits/limiter.ts';

let t: TestApp;
const SLOWDOWN_MS = 700;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: '8', RATE_LIMIT_ACCOUNT_SLOWDOWN_MS: String(SLOWDOWN_MS) });
});
afterAll(() => t.close());

const login = (agent: Agent, email: string, password: string) => agent.post('/api/auth/login', { email, password });

describe('sign-in limits (decision 085, on the one limiter since decision 177)', () => {
  it('a stranger failing on the admin account is refused from their address, and the admin still signs in from theirs', async () => {
    const attacker = t.agent('192.0.2.10');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(attacker, TEST_ADMIN.email, `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The failing address is refused for that account even with the right password...
    expect((await login(attacker, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(429);
    // ...but the admin, from an address that has not been failing, is never refused.
    const admin = t.agent('198.51.100.200');
    const res = await login(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('ADMIN');
  });

  it('refuses an address that fails on many accounts (credential stuffing), on every account', async () => {
    const stuffer = t.agent('192.0.2.20');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(stuffer, `stuffed${i}@example.com`, 'password-from-a-leak')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await login(stuffer, SEED.member.email, SEED.member.password)).status).toBe(429);
    expect((await login(t.agent('198.51.100.201'), SEED.member.email, SEED.member.password)).status).toBe(200);
  });

  it('slows down, never refuses, an account failing from many addresses', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await login(t.agent(`192.0.2.${100 + i}`), SEED.pendingOwner.email, 'wrong-password')).status).toBe(401);
    }
    const started = performance.now();
    const res = await login(t.agent('198.51.100.202'), SEED.pendingOwner.email, SEED.pendingOwner.password);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOWDOWN_MS - 50);
  });

  it('a right password clears only its own address\'s failures for the account; the 429 says when to try again', async () => {
    const email = SEED.merchantOwner.email;
    const here = t.agent('192.0.2.30');
    const there = t.agent('192.0.2.31');
    for (let i = 0; i < 4; i++) {
      expect((await login(here, email, 'wrong')).status).toBe(401);
      expect((await login(there, email, 'wrong')).status).toBe(401);
    }
    expect((await login(here, email, SEED.merchantOwner.password)).status).toBe(200);
    // Here starts again from zero: five more failures before a refusal...
    for (let i = 0; i < 5; i++) expect((await login(here, email, 'wrong')).status).toBe(401);
    // ...there still has its four: one more, then 429 with Retry-After.
    expect((await login(there, email, 'wrong')).status).toBe(401);
    const refused = await login(there, email, 'wrong');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts on the limiter\'s buckets (decision 085\'s own table is gone), keeping no email or address in clear per account', async () => {
    await login(t.agent('192.0.2.40'), 'bucket-check@example.com', 'wrong');
    const rows = await asService(t.database, (q) => q<{ bucket: string; hits: number; pending: number }>(
      `select bucket, hits, pending from private.limiter_hits where bucket like 'login:%192.0.2.40' or bucket like 'login:account:%'`));
    expect(rows.some((r) => r.bucket === 'login:ip:192.0.2.40' && r.hits === 1 && r.pending === 0)).toBe(true);
    expect(rows.every((r) => !r.bucket.includes('bucket-check'))).toBe(true);
    const [table] = await asService(t.database, (q) => q<{ t: string | null }>(`select to_regclass('private.auth_attempts')::text as t`));
    expect(table.t).toBeNull();
  });

  it('a password reset forgets the account\'s failures from every address', async () => {
    const email = SEED.member.email;
    const failing = t.agent('192.0.2.50');
    for (let i = 0; i < 5; i++) expect((await login(failing, email, 'wrong')).status).toBe(401);
    expect((await login(failing, email, SEED.member.password)).status).toBe(429);
    await asService(t.database, (q) => clearSignInFailures(q, email));
    expect((await login(failing, email, SEED.member.password)).status).toBe(200);
  });
});
