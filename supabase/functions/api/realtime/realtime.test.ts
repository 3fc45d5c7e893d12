import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { createHmac } from 'node:crypto';
import { realtimeFromEnv } from '../adapters.ts';
import { noRealtime } from '../ports/realtime/no-realtime.ts';
import { sseRealtime } from '../ports/realtime/sse-realtime.ts';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('GET /api/realtime/token, embedded stack', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({}, (deps) => ({ ...deps, realtime: sseRealtime() })); });
  afterAll(() => t.close());

  it('tells a signed-in user to use the SSE stream for their own topic', async () => {
    const agent = await t.signIn(SEED.member);
    const res = await agent.get('/api/realtime/token');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transport: 'sse', userTopic: `user:${SEED.member.id}`, eventsUrl: '/api/realtime/events' });
  });

  it('answers 401 to visitors', async () => {
    expect((await t.agent().get('/api/realtime/token')).status).toBe(401);
  });
});

describe('GET /api/realtime/token, Supabase', () => {
  let t: TestApp;
  const env = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon-key', SUPABASE_JWT_SECRET: 'jwt-secret', REALTIME_TOKEN_TTL_SECONDS: '300' };
  beforeAll(async () => { t = await createTestApp(env); });
  afterAll(() => t.close());

  it('mints a short-lived token for this user that Supabase accepts as role authenticated', async () => {
    const agent = await t.signIn(SEED.member);
    const before = Math.floor(Date.now() / 1000);
    const res = await agent.get('/api/realtime/token');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transport: 'supabase', userTopic: `user:${SEED.member.id}`, url: env.SUPABASE_URL, apiKey: 'anon-key' });
    const claims = decode(res.body.token.split('.')[1]);
    expect(claims).toMatchObject({ sub: SEED.member.id, role: 'authenticated', aud: 'authenticated', email: SEED.member.email });
    expect(claims.exp - claims.iat).toBe(300);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(new Date(res.body.expiresAt).getTime()).toBe(claims.exp * 1000);
  });

  it('answers "none" (never SSE) unless URL, key and a signing key are all set, logging one line; REALTIME_JWT_SECRET also counts', async () => {
    const user = { id: SEED.member.id, email: SEED.member.email };
    const logged: string[] = [];
    const none = realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co', REALTIME_TOKEN_TTL_SECONDS: 600 }, noRealtime((line) => logged.push(line)));
    expect(await none.connectionFor(user)).toEqual({ transport: 'none' });
    expect(await none.connectionFor(user)).toEqual({ transport: 'none' });
    expect(logged).toHaveLength(1);
    expect((await realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co', REALTIME_TOKEN_TTL_SECONDS: 600 }).connectionFor(user)).transport).toBe('none');
    const hosted = realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co', REALTIME_TOKEN_TTL_SECONDS: 600, SUPABASE_ANON_KEY: 'k', REALTIME_JWT_SECRET: 's' });
    expect((await hosted.connectionFor(user)).transport).toBe('supabase');
  });

  it('HS256 fallback: the token verifies with the legacy JWT secret', async () => {
    const user = { id: SEED.member.id, email: SEED.member.email };
    const hosted = realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co', REALTIME_TOKEN_TTL_SECONDS: 600, SUPABASE_ANON_KEY: 'k', REALTIME_JWT_SECRET: 'legacy-secret' });
    const connection = await hosted.connectionFor(user);
    if (connection.transport !== 'supabase') throw new Error('expected supabase');
    const [header, payload, signature] = connection.token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(createHmac('sha256', 'legacy-secret').update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  });
});

describe('GET /api/realtime/token, Supabase with an asymmetric signing key', () => {
  let t: TestApp;
  let publicKey: CryptoKey;
  const kid = 'b7d8c0a2-signing-key';
  beforeAll(async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    publicKey = pair.publicKey;
    const jwk = { ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid, alg: 'ES256' };
    // The ES256 key wins over the legacy secret when both are set.
    t = await createTestApp({
      SUPABASE_URL: 'https://abc.supabase.co', REALTIME_PUBLISHABLE_KEY: 'sb_publishable_abc', SUPABASE_ANON_KEY: 'legacy-anon',
      REALTIME_SIGNING_JWK: JSON.stringify(jwk), REALTIME_JWT_SECRET: 'legacy-secret',
    });
  });
  afterAll(() => t.close());

  it('mints an ES256 token with the kid in its header that verifies with the public key', async () => {
    const agent = await t.signIn(SEED.member);
    const res = await agent.get('/api/realtime/token');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transport: 'supabase', apiKey: 'sb_publishable_abc' });
    const [header, payload, signature] = res.body.token.split('.');
    expect(decode(header)).toEqual({ alg: 'ES256', typ: 'JWT', kid });
    expect(decode(payload)).toMatchObject({ sub: SEED.member.id, role: 'authenticated', aud: 'authenticated' });
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' }, publicKey, Buffer.from(signature, 'base64url'), new TextEncoder().encode(`${header}.${payload}`),
    );
    expect(ok).toBe(true);
  });
});
