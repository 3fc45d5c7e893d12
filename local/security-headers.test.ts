import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { scriptHash } from '../supabase/functions/api/http/request-guards.ts';
import { createLocalServer } from './server.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const expectCommon = (headers: Headers) => {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toMatch(/camera=\(self\), microphone=\(\)/);
  expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
};

describe('security headers (decision 089)', () => {
  it('on every API answer: success, error and 404, with HSTS only when secure', async () => {
    for (const path of ['/api/health', '/api/auth/me', '/api/no-such-route']) {
      const res = await t.app.request(`http://localhost${path}`);
      expectCommon(res.headers);
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    // Answers made by every layer: the origin guard (403), the body limit (413), validation (400), the
    // session (401), a handler (200) and a thrown error (onError). They are set before the handler now,
    // so an answer that bypassed the context would lose them.
    const origin = { origin: 'http://localhost', 'content-type': 'application/json' };
    const answers = [
      await t.app.request('http://localhost/api/auth/login', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', origin: 'https://evil.example' } }),
      await t.app.request('http://localhost/api/auth/login', { method: 'POST', body: JSON.stringify({ email: 'x'.repeat(20_000) }), headers: origin }),
      await t.app.request('http://localhost/api/auth/login', { method: 'POST', body: JSON.stringify({ email: 'not an email' }), headers: origin }),
      await t.app.request('http://localhost/api/deals?cityId=c0000000-0000-4000-8000-000000000001'),
      await t.app.request('http://localhost/api/cities'),
      await t.app.request('http://localhost/api/deals/public?cityId=not-a-uuid'),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 413, 400, 401, 200, 400]);
    for (const res of answers) {
      expectCommon(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const secure = await t.app.request('https://paylocal.example/api/health');
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const proxied = await t.app.request('http://localhost/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age/);
  });

  it('on the web app from the local runner: a CSP allowing the inline scripts by hash, never unsafe-inline scripts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paylocal-csp-'));
    const inline = 'window.__boot = 1;';
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><script>${inline}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`);
    const server = createLocalServer({ api: t.app, staticDir: dir });
    for (const path of ['/', '/app', '/merchant/counter']) {
      const res = await server.request(`http://localhost${path}`);
      expect(res.status).toBe(200);
      expectCommon(res.headers);
      const csp = res.headers.get('content-security-policy')!;
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
      expect(scriptSrc).toContain(`'${await scriptHash(inline)}'`);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
    }
    // The API keeps its own stricter policy when mounted in the runner.
    const api = await server.request('http://localhost/api/health');
    expect(api.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });
});

describe('errors outside the API', () => {
  it('are logged by kind only, without the SQL parameters, and answered with 500 {message} and the headers', async () => {
    const { vi } = await import('vitest');
    const { Hono } = await import('hono');
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
    try {
      const realtime = new Hono();
      realtime.get('/api/realtime/events', () => {
        throw Object.assign(new Error('connection failure'), { code: '08006', parameters: ['secret-token-hash-123'] });
      });
      const server = createLocalServer({ api: t.app, staticDir: '/nonexistent', realtime });
      const res = await server.request('http://localhost/api/realtime/events');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(logged.join('\n')).toContain('08006');
      expect(logged.join('\n')).not.toContain('secret-token-hash-123');
    } finally {
      spy.mockRestore();
    }
  });
});
