import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { Database } from './db/database.ts';
import { SESSION_COOKIE } from './http/session.ts';

let t: TestApp;
// A database that fails every call: the probe must answer without one (many offline apps probe at once).
const noDatabase = new Proxy({}, { get: () => () => { throw new Error('the health probe touched the database'); } }) as unknown as Database;
beforeAll(async () => { t = await createTestApp({}, (deps) => ({ ...deps, db: noDatabase })); });
afterAll(() => t.close());

it('answers the reachability probe with 204 and no body, without session or database work', async () => {
  const res = await t.app.request('http://localhost/api/health', { headers: { cookie: `${SESSION_COOKIE}=not-a-real-session` } });
  expect(res.status).toBe(204);
  expect(await res.text()).toBe('');
  expect(res.headers.get('cache-control')).toBe('no-store');
});

it('still answers other paths through the session layer (which needs the database)', async () => {
  const res = await t.app.request('http://localhost/api/auth/me', { headers: { cookie: `${SESSION_COOKIE}=not-a-real-session` } });
  expect(res.status).toBe(500);
});
