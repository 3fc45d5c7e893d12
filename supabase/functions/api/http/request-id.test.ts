// Issue 41 part 3: every answer carries X-Request-Id, and each request leaves one JSON line in the server log with
// that id, the route's pattern, the status and the time taken, and nothing the client sent (http/request-guards.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { stdoutRequestLog, type RequestLogLine } from '../ports/log.ts';

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

let t: TestApp;
let lines: RequestLogLine[] = [];
beforeAll(async () => {
  t = await createTestApp({}, (deps) => ({ ...deps, requestLog: (line) => { lines.push(line); } }));
});
afterAll(() => t.close());

const idOf = (res: { headers: Headers }) => res.headers.get('x-request-id');

describe('X-Request-Id', () => {
  it('is on every answer: a 200, a 404, a 400 from validation, a 401, a 403 from the origin check', async () => {
    const agent = t.agent('198.51.100.60');
    const answers = [
      [await agent.get('/api/cities'), 200],
      [await agent.get('/api/no-such-route'), 404],
      [await agent.post('/api/auth/login', { email: 'not an email' }), 400],
      [await agent.get('/api/auth/me'), 401],
      [await agent.request('POST', '/api/auth/login', { email: SEED.member.email, password: SEED.member.password }, { origin: 'https://evil.example' }), 403],
    ] as const;
    for (const [res, status] of answers) {
      expect(res.status).toBe(status);
      expect(idOf(res), String(status)).toMatch(WELL_FORMED);
    }
    expect(new Set(answers.map(([res]) => idOf(res))).size).toBe(answers.length);
  });

  it('differs between two requests', async () => {
    const agent = t.agent('198.51.100.61');
    const [a, b] = [await agent.get('/api/cities'), await agent.get('/api/cities')];
    expect(idOf(a)).toMatch(WELL_FORMED);
    expect(idOf(b)).toMatch(WELL_FORMED);
    expect(idOf(a)).not.toBe(idOf(b));
  });

  it("is our proxy's id behind a trusted proxy when it is plain, else a fresh one", async () => {
    const agent = t.agent('198.51.100.62');
    const send = (id: string) => agent.request('GET', '/api/cities', undefined, { 'x-request-id': id });
    expect(idOf(await send('proxy-id-0123456789abcdef'))).toBe('proxy-id-0123456789abcdef');
    for (const bad of ['short', 'has space in it', 'a'.repeat(129), 'quote"and{json}', 'one-0123456789,two-0123456789']) {
      const id = idOf(await send(bad));
      expect(id, bad).toMatch(WELL_FORMED);
      expect(id, bad).not.toBe(bad);
    }
  });

  it('ignores the incoming id without a trusted proxy (the client wrote it)', async () => {
    const direct = await createTestApp({ TRUSTED_PROXY_HOPS: '0' });
    try {
      const res = await direct.app.request('http://localhost/api/cities', { headers: { 'x-request-id': 'client-chosen-id-0123456789' } });
      expect(res.status).toBe(200);
      expect(idOf(res)).toMatch(WELL_FORMED);
      expect(idOf(res)).not.toBe('client-chosen-id-0123456789');
    } finally {
      await direct.close();
    }
  });
});

describe('the request log line', () => {
  it('is one line per request, with exactly t, id, method, route, status and ms, and the id of the answer', async () => {
    lines = [];
    const res = await t.agent('198.51.100.63').get('/api/cities');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line).sort()).toEqual(['id', 'method', 'ms', 'route', 'status', 't']);
    expect(line).toMatchObject({ id: idOf(res), method: 'GET', route: '/api/cities', status: 200 });
    expect(new Date(line.t).toISOString()).toBe(line.t);
    expect(Number.isInteger(line.ms) && line.ms >= 0).toBe(true);
  });

  it('goes to stdout as one JSON line holding only the line', () => {
    const printed: unknown[][] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => { printed.push(args); });
    try {
      const line: RequestLogLine = { t: new Date(0).toISOString(), id: 'abc-0123456789', method: 'GET', route: '/api/cities', status: 200, ms: 3 };
      stdoutRequestLog(line);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toHaveLength(1);
      expect(String(printed[0][0])).not.toContain('\n');
      expect(JSON.parse(String(printed[0][0]))).toEqual(line);
    } finally {
      spy.mockRestore();
    }
  });

  it('never holds a password, a session token, a cookie, a query string, a path value or a body', async () => {
    lines = [];
    const agent = t.agent('198.51.100.64');
    const login = await agent.post('/api/auth/login', { email: SEED.member.email, password: SEED.member.password });
    expect(login.status).toBe(200);
    const sessionCookie = login.headers.getSetCookie().map((c) => c.split(';')[0].split('=')[1]).find((v) => v && v.length >= 16)!;
    expect(sessionCookie).toBeTruthy();
    const me = await agent.get('/api/auth/me?token=query-secret-4711&email=query.person%40example.com');
    expect(me.status).toBe(200);
    const verify = await agent.post('/api/auth/verify-email', { token: 'body-secret-token-4712' });
    const missing = await agent.get('/api/deals/public-path-secret-4713/nothing-here');
    const refused = await agent.request('POST', '/api/auth/login', { email: 'body.person@example.com', password: 'body-password-4714' }, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);

    expect(lines.map((l) => l.id)).toEqual([login, me, verify, missing, refused].map(idOf));
    expect(lines.map((l) => l.route)).toContain('/api/auth/me');
    const everything = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const secret of [
      SEED.member.password, SEED.member.email, sessionCookie, 'query-secret-4711', 'query.person', '?', 'body-secret-token-4712',
      'public-path-secret-4713', 'body.person', 'body-password-4714', '198.51.100.64', 'evil.example',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
  });
});
