// Behind the documented rewrite the browser talks to SITE_URL while the function sees its own host
// (https://<ref>.supabase.co): the Origin check must accept SITE_URL and still refuse foreign origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

const SITE = 'https://paylocal.example';
const FUNCTION_URL = 'https://abcdefgh.supabase.co/api/auth/login';

const login = (t: TestApp, origin: string) =>
  t.app.request(FUNCTION_URL, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify({ email: SEED.member.email, password: SEED.member.password }),
  });

describe('Origin check behind a proxy, SITE_URL set', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ SITE_URL: `${SITE}/`, ALLOWED_ORIGINS: 'https://admin.paylocal.example' }); });
  afterAll(() => t.close());

  it('accepts a POST whose Origin is SITE_URL although it arrives at the function host', async () => {
    expect((await login(t, SITE)).status).toBe(200);
    expect(t.deps.config.siteUrl).toBe(SITE);
  });

  it('accepts an extra origin from ALLOWED_ORIGINS', async () => {
    expect((await login(t, 'https://admin.paylocal.example')).status).toBe(200);
  });

  it('refuses a foreign Origin, and a look-alike of the site', async () => {
    for (const origin of ['https://evil.example', 'https://paylocal.example.evil.example', 'http://paylocal.example']) {
      const res = await login(t, origin);
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
    }
  });
});

describe('Origin check behind a proxy, SITE_URL unset', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  it('refuses the site origin it was not told about (why SITE_URL is required when deployed)', async () => {
    expect((await login(t, SITE)).status).toBe(403);
  });
});
