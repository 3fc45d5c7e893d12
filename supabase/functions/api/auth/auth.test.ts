import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const customer = (email: string, extra: Record<string, unknown> = {}) => ({
  role: 'USER', name: 'Casey Customer', email, password: 'secret123', ...extra,
});

describe('register', () => {
  it('creates a customer with city and charity, signs them in and answers the session user', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/auth/register', customer('Casey@Example.com', {
      homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
    }));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      name: 'Casey Customer', email: 'casey@example.com', role: 'USER', subscriptionStatus: 'none',
      homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
    });
    expect(res.body.user.memberNumber).toEqual(expect.any(Number));
    expect(String(res.body.user.memberNumber)).toMatch(/^\d{6}$/);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/pl_session=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('casey@example.com');
  });

  it('stores only a hash of the session token', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/auth/register', customer('hash-check@example.com'));
    const token = /pl_session=([^;]+)/.exec(res.headers.get('set-cookie')!)![1];
    const rows = await asService(t.database, (q) => q<{ token_hash: string }>(
      `select token_hash from private.sessions s join public.profiles p on p.id = s.user_id where p.email = 'hash-check@example.com'`));
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates a pending merchant for a merchant registration', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/auth/register', {
      role: 'MERCHANT', name: 'Mo Merchant', email: 'mo@example.com', password: 'secret123',
      merchantData: { businessName: 'Mo’s Bikes', businessAddress: '1 High St', businessType: 'retail', cityId: SEED.lyonsId, isWomenOwned: false },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('MERCHANT');
    const [m] = await asService(t.database, (q) => q<{ active: boolean; city_name: string; reward_rate_bps: number }>(
      `select active, city_name, reward_rate_bps from public.merchants where owner_user_id = $1`, [res.body.user.id]));
    expect(m).toMatchObject({ active: false, city_name: 'Lyons, Colorado', reward_rate_bps: 500 });
  });

  it('answers 409 "User already exists" for an existing email, whatever its case', async () => {
    const res = await t.agent().post('/api/auth/register', customer('MEMBER@paylocal.local'));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('User already exists');
  });

  it('refuses ADMIN self-registration and names bad fields', async () => {
    const admin = await t.agent().post('/api/auth/register', customer('root@example.com', { role: 'ADMIN' }));
    expect(admin.status).toBe(400);
    expect(admin.body.message).toMatch(/role/);
    const noEmail = await t.agent().post('/api/auth/register', { role: 'USER', name: 'X', password: 'secret123' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('The email is required');
    const badEmail = await t.agent().post('/api/auth/register', customer('not-an-email'));
    expect(badEmail.body.message).toBe('The email must be a valid email address');
    const noBusiness = await t.agent().post('/api/auth/register', {
      role: 'MERCHANT', name: 'N', email: 'n@example.com', password: 'secret123', merchantData: { businessAddress: 'x' },
    });
    expect(noBusiness.status).toBe(400);
    expect(noBusiness.body.message).toBe('The business name is required');
  });

  it('refuses a charity that is not in the chosen city', async () => {
    const res = await t.agent().post('/api/auth/register', customer('wrong-charity@example.com', {
      homeCityId: SEED.lyonsId, preferredCharityId: SEED.longmontCharityId,
    }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The preferred charity /);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.agent().request('POST', '/api/auth/register', '{oops', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });
});

describe('login, me and logout', () => {
  it('signs in with the right password and out again, revoking the session server-side', async () => {
    const agent = t.agent();
    const user = await agent.login(SEED.member.email, SEED.member.password);
    expect(user).toMatchObject({ email: SEED.member.email, role: 'USER' });
    const cookieBefore = await asService(t.database, (q) => q(`select 1 from private.sessions where user_id = $1`, [SEED.member.id]));
    expect(cookieBefore.length).toBeGreaterThan(0);
    const out = await agent.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('a stolen cookie stops working after logout', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/auth/login', { email: SEED.member.email, password: SEED.member.password });
    const token = /pl_session=([^;]+)/.exec(res.headers.get('set-cookie')!)![1];
    await agent.post('/api/auth/logout');
    const replay = await t.app.request('http://localhost/api/auth/me', { headers: { cookie: `pl_session=${token}` } });
    expect(replay.status).toBe(401);
  });

  it('gives one generic 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.agent('198.51.100.1').post('/api/auth/login', { email: SEED.member.email, password: 'nope-nope' });
    const unknown = await t.agent('198.51.100.1').post('/api/auth/login', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('answers 429 after five failed sign-ins for one email from one address, to that address only', async () => {
    const email = 'merchant@paylocal.local';
    for (let i = 0; i < 5; i++) {
      const res = await t.agent('192.0.2.1').post('/api/auth/login', { email, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await t.agent('192.0.2.1').post('/api/auth/login', { email, password: SEED.merchantOwner.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    const owner = await t.agent('192.0.2.99').post('/api/auth/login', { email, password: SEED.merchantOwner.password });
    expect(owner.status).toBe(200);
  });

  it('answers 401 from me when signed out, and 401 for a made-up cookie', async () => {
    expect((await t.agent().get('/api/auth/me')).status).toBe(401);
    const res = await t.app.request('http://localhost/api/auth/me', { headers: { cookie: 'pl_session=made-up' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });
});

describe('profile', () => {
  it('reads and renames the signed-in user, trimming the name', async () => {
    const agent = await t.signIn(SEED.pendingOwner);
    const before = await agent.get('/api/auth/profile');
    expect(before.body).toEqual({ name: 'Pete Pending', email: SEED.pendingOwner.email, profilePicture: null, emailVerified: false });
    const res = await agent.put('/api/auth/profile', { name: '  Peter P.  ' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Peter P.');
    const empty = await agent.put('/api/auth/profile', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The name is required');
  });

  it('needs a session', async () => {
    expect((await t.agent().get('/api/auth/profile')).status).toBe(401);
    expect((await t.agent().put('/api/auth/profile', { name: 'x' })).status).toBe(401);
  });
});

describe('guards', () => {
  it('refuses a state-changing call from a foreign Origin with 403', async () => {
    const res = await t.agent().request('POST', '/api/auth/login', { email: SEED.member.email, password: SEED.member.password }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const same = await t.agent().request('POST', '/api/auth/login', { email: SEED.member.email, password: SEED.member.password }, { origin: 'http://localhost' });
    expect(same.status).toBe(200);
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.agent().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No such API route/);
  });
});
