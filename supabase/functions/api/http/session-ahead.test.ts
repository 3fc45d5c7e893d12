// The busiest reads send their one statement with the session lookup (decision 130): counted at the
// database port, so these fail if a route goes back to a transaction of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { type Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

const calls: string[] = [];
let t: TestApp;
let member: Agent;
beforeAll(async () => {
  t = await createTestApp({}, (deps) => ({
    ...deps,
    db: {
      ...deps.db,
      open: (first, params, ahead) => { calls.push(ahead ? 'open+ahead' : 'open'); return deps.db.open(first, params, ahead); },
      transaction: (claims, work) => { calls.push('transaction'); return deps.db.transaction(claims, work); },
    },
  }));
  await activateMembership(t.database, SEED.member.id);
  member = t.agent();
  await member.login(SEED.member.email, SEED.member.password);
});
afterAll(() => t.close());

const callsOf = async (request: () => Promise<{ status: number }>) => {
  calls.length = 0;
  const { status } = await request();
  return { status, calls: [...calls] };
};

describe('statements sent ahead with the session lookup', () => {
  it('a member\'s GET /api/deals, /auth/me, /notifications, /user/following and /businesses/search: one opened transaction, nothing else', async () => {
    for (const path of [`/api/deals?cityId=${SEED.lyonsId}`, '/api/auth/me', '/api/notifications', '/api/user/following', '/api/deals/public', '/api/businesses/search?q=rosa']) {
      expect(await callsOf(() => member.get(path))).toEqual({ status: 200, calls: ['open+ahead'] });
    }
  });

  it('a visitor\'s public list runs ahead as anon; a visitor\'s /auth/me touches no database', async () => {
    expect(await callsOf(() => t.agent().get(`/api/deals/public?cityId=${SEED.lyonsId}`))).toEqual({ status: 200, calls: ['open+ahead'] });
    expect(await callsOf(() => t.agent().get('/api/auth/me'))).toEqual({ status: 401, calls: [] });
  });

  it('input it cannot read sends nothing ahead, and the route answers it', async () => {
    expect(await callsOf(() => member.get('/api/deals?cityId=nope'))).toEqual({ status: 400, calls: ['open'] });
    expect(await callsOf(() => member.get('/api/businesses/search?cursor=nope'))).toEqual({ status: 400, calls: ['open'] });
    // Text that cannot be stored (a NUL) is refused by the route, never written into a statement sent ahead.
    expect(await callsOf(() => member.get('/api/businesses/search?q=a%00b'))).toEqual({ status: 400, calls: ['open'] });
  });

  it('business search without a replica: its one statement leaves with the lookup, and the answer is the same list', async () => {
    const sent = await member.get('/api/businesses/search?q=rosa');
    expect(sent.status).toBe(200);
    expect(sent.body.map((b: { name: string }) => b.name)).toEqual(["Rosa's River Cafe"]);
    expect(await callsOf(() => member.get('/api/businesses/search?q=rosa&limit=5'))).toEqual({ status: 200, calls: ['open+ahead'] });
  });
});

describe('business search with a replica (decision 181)', () => {
  const replicaCalls: string[] = [];
  let withReplica: TestApp;
  beforeAll(async () => {
    withReplica = await createTestApp({}, (deps) => ({
      ...deps,
      db: { ...deps.db, open: (first, params, ahead) => { replicaCalls.push(ahead ? 'open+ahead' : 'open'); return deps.db.open(first, params, ahead); } },
      // A stand-in replica: the primary itself, counted.
      readDb: { ...deps.db, read: (claims, work) => { replicaCalls.push('replica'); return deps.db.transaction(claims, work); } },
    }));
  });
  afterAll(() => withReplica?.close());

  it('stays on the replica: the lookup goes alone, the search reads there', async () => {
    const agent = withReplica.agent();
    await agent.login(SEED.member.email, SEED.member.password);
    replicaCalls.length = 0;
    const res = await agent.get('/api/businesses/search?q=rosa');
    expect(res.status).toBe(200);
    expect(res.body.map((b: { name: string }) => b.name)).toEqual(["Rosa's River Cafe"]);
    expect(replicaCalls).toEqual(['open', 'replica']);
  });
});

describe('the answer handed to the route through the request context (decision 179)', () => {
  it('the route takes the answer sent ahead and builds nothing; without one, it builds the statement once and runs it', async () => {
    const { Hono } = await import('hono');
    const { aheadRows } = await import('./context.ts');
    type Env = import('./context.ts').AppEnv;
    let built = 0;
    const build = () => { built += 1; return { text: 'select 1 as n', params: [] }; };
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('deps', t.deps);
      c.set('user', null);
      c.set('requestTx', null);
      c.set('sentAhead', c.req.query('sent') ? { rows: [{ n: 'sent ahead' }] } : null);
      await next();
    });
    app.get('/', async (c) => c.json(await aheadRows(c, build)));
    expect(await (await app.request('/?sent=1')).json()).toEqual([{ n: 'sent ahead' }]);
    expect(built).toBe(0);
    expect(await (await app.request('/')).json()).toEqual([{ n: 1 }]);
    expect(built).toBe(1);
  });
});
