import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { realtimeFromEnv } from '../adapters.ts';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('GET /api/realtime/token, embedded stack', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  it('tells a signed-in user to use the SSE stream for their own topic', async () => {
    const agent = t.agent();
    await agent.login(SEED.member.email, SEED.member.password);
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
    const agent = t.agent();
    await agent.login(SEED.member.email, SEED.member.password);
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

  it('falls back to SSE unless URL, key and secret are all set; REALTIME_JWT_SECRET also counts', async () => {
    const user = { id: SEED.member.id, email: SEED.member.email };
    expect((await realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co' }).connectionFor(user)).transport).toBe('sse');
    const hosted = realtimeFromEnv({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'k', REALTIME_JWT_SECRET: 's' });
    expect((await hosted.connectionFor(user)).transport).toBe('supabase');
  });
});
