// Issue 28: links in mail followed the Host header when SITE_URL was unset, and X-Forwarded-Host/Proto were
// read with no trusted proxy (the Origin check accepted `Origin: evil` with `X-Forwarded-Host: evil`; HSTS
// followed the header). Decision 176: links from configuration only; forwarded headers only with TRUSTED_PROXY_HOPS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { linkIn, readMailDir } from '../../../../tests/support/mail.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { localEnv } from '../../../../local/env.ts';
import { forwardedValue } from './request-guards.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';

const loginFrom = (t: TestApp, url: string, headers: Record<string, string>) =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: SEED.member.email, password: SEED.member.password }),
  });

async function resetLink(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email: SEED.member.email }),
  });
  expect(res.status).toBe(202);
  await drainOutbox(t.database.db, t.deps.mail, { from: t.deps.config.emailFrom });
  const mail = readMailDir((t.deps.mail as unknown as { dir: string }).dir).filter((m) => /Reset/.test(m.subject)).at(-1)!;
  return linkIn(mail, '/reset-password');
}

describe('no trusted proxy (TRUSTED_PROXY_HOPS=0), SITE_URL unset', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ TRUSTED_PROXY_HOPS: '0', PORT: '4321' }); });
  afterAll(() => t.close());

  it('refuses Origin: evil although X-Forwarded-Host says evil', async () => {
    const res = await loginFrom(t, 'http://localhost:4321/api/auth/login', {
      origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http',
    });
    expect(res.status).toBe(403);
  });

  it('sends no HSTS because of a client-written X-Forwarded-Proto', async () => {
    const res = await t.app.request('http://localhost:4321/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("builds a reset mail's link from the runner's own origin, never the Host or X-Forwarded-Host", async () => {
    const link = await resetLink(t, 'http://evil.example/api/auth/forgot-password', { 'x-forwarded-host': 'evil2.example' });
    expect(link).toMatch(/^http:\/\/localhost:4321\/reset-password\?token=/);
  });
});

describe('SITE_URL set', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ SITE_URL: 'https://shop.example', TRUSTED_PROXY_HOPS: '0' }); });
  afterAll(() => t.close());

  it('links in mail start with SITE_URL whatever the request says', async () => {
    const link = await resetLink(t, 'https://evil.example/api/auth/forgot-password', { 'x-forwarded-host': 'evil2.example' });
    expect(link).toMatch(/^https:\/\/shop\.example\/reset-password\?token=/);
  });
});

describe('behind one trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ TRUSTED_PROXY_HOPS: '1' }); });
  afterAll(() => t.close());

  it('accepts the host and protocol our proxy forwards, and sends HSTS over its HTTPS', async () => {
    const res = await loginFrom(t, 'http://10.0.0.5:3000/api/auth/login', {
      origin: 'https://shop.example', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.50',
    });
    expect(res.status).toBe(200);
    const health = await t.app.request('http://10.0.0.5:3000/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('reads the value our proxy appended, not what the client put before it', () => {
    expect(forwardedValue('evil.example, shop.example', 1)).toBe('shop.example');
    expect(forwardedValue('shop.example', 1)).toBe('shop.example');
    expect(forwardedValue('shop.example', 0)).toBeUndefined();
  });
});

describe('the local runner in production mode', () => {
  it('refuses to start without SITE_URL', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => localEnv({ NODE_ENV: 'production', ...stripe })).toThrow(/SITE_URL: required when NODE_ENV=production/);
    expect(localEnv({ NODE_ENV: 'production', SITE_URL: 'https://shop.example', ...stripe }).siteUrl).toBe('https://shop.example');
  });
});
