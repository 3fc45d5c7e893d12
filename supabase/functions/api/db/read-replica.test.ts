// Reads that may go to a replica (decision 181): insights, impact, a visitor's browse, business search and the
// admin's figures read on DATABASE_READ_URL; what a caller just wrote is never missing from what they read next.
// The replica part needs a streaming replica beside the primary (scripts/ci-postgres.sh starts one on 15 with
// pg_basebackup -R, and one on 17 from a copy of the data directory; `npm test` passes each as TEST_DATABASE_READ_URL);
// its lag is made with pg_wal_replay_pause().
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { withDatabase } from '../../../../local/admin-sql.ts';
import { Agent, createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { isWalPosition, type Database } from './database.ts';
import { postgresDatabase } from './postgres-js.ts';

const primaryUrl = process.env.TEST_DATABASE_URL;
const replicaUrl = process.env.TEST_DATABASE_READ_URL;
if (!primaryUrl || !replicaUrl) {
  console.warn('Skipping the read replica tests: TEST_DATABASE_URL and TEST_DATABASE_READ_URL (a streaming replica) are needed.');
}

describe('without a replica', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t?.close());

  it('reads run on the primary and a write sets no WAL position cookie', async () => {
    const admin = t.agent();
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const before = (await admin.get('/api/admin/metrics')).body.activeMerchants;
    const approved = await admin.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.headers.getSetCookie().some((c) => c.startsWith('pl_wrote_at='))).toBe(false);
    expect((await admin.get('/api/admin/metrics')).body.activeMerchants).toBe(before + 1);
  });

  it('takes only a WAL position from the cookie', () => {
    expect(isWalPosition('0/3000148')).toBe(true);
    expect(isWalPosition('16/B374D848')).toBe(true);
    for (const bad of [undefined, '', '0/', "0/1'; drop table x; --", '123456789/0', '0/3000148 ']) expect(isWalPosition(bad)).toBe(false);
  });
});

describe.skipIf(!primaryUrl || !replicaUrl)('with a streaming replica (PostgreSQL 15 and 17)', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let readDb: Database;
  let replicaSuper: ReturnType<typeof postgres>;
  let primarySuper: ReturnType<typeof postgres>;
  const agent = () => new Agent(app);

  /** The replica's copy of this file's database, once the replica has replayed its creation. */
  async function replicaOf(name: string) {
    const url = withDatabase(replicaUrl!, name);
    for (let i = 0; ; i++) {
      const probe = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
      try {
        await probe`select 1`;
        return url;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await probe.end();
      }
    }
  }

  async function pauseReplay() {
    await replicaSuper`select pg_wal_replay_pause()`;
    for (let i = 0; i < 100; i++) {
      const [{ state }] = await replicaSuper<{ state: string }[]>`select pg_get_wal_replay_pause_state() as state`;
      if (state === 'paused') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the replica did not pause');
  }

  async function resumeAndCatchUp() {
    await replicaSuper`select pg_wal_replay_resume()`;
    const [{ lsn }] = await primarySuper<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
    for (let i = 0; i < 200; i++) {
      const [{ done }] = await replicaSuper<{ done: boolean }[]>`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`;
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the replica did not catch up');
  }

  beforeAll(async () => {
    t = await createTestApp();
    const [{ name }] = await t.database.admin.query<{ name: string }>('select current_database() as name');
    const url = await replicaOf(name);
    replicaSuper = postgres(url, { max: 1, onnotice: () => {} });
    primarySuper = postgres(withDatabase(primaryUrl!, name), { max: 1, onnotice: () => {} });
    readDb = postgresDatabase(url, { max: 2 });
    app = createApp({ ...t.deps, readDb });
    await activateMembership(t.database, SEED.member.id);
    await resumeAndCatchUp();
  });
  afterAll(async () => {
    if (replicaSuper) await replicaSuper.unsafe('select pg_wal_replay_resume()').catch(() => {});
    await replicaSuper?.end();
    await primarySuper?.end();
    await readDb?.close();
    await t?.close();
  });

  it('the replica answers the admin figures; the caller who wrote reads the primary until the replica has replayed the write', async () => {
    const writer = agent();
    await writer.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const otherDevice = agent(); // the same admin on another device: no write of its own
    await otherDevice.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await resumeAndCatchUp(); // the sign-ins replayed
    const before = (await otherDevice.get('/api/admin/metrics')).body.activeMerchants as number;
    await pauseReplay();
    try {
      const approved = await writer.post(`/api/admin/merchants/${SEED.pendingMerchantId}/approve`);
      expect(approved.status).toBe(200);
      const wroteAt = approved.headers.getSetCookie().find((c) => c.startsWith('pl_wrote_at='));
      expect(wroteAt).toMatch(/^pl_wrote_at=[0-9A-F]+%2F[0-9A-F]+; Max-Age=300; Path=\/api; HttpOnly; SameSite=Lax/);
      // The writer sees the write at once (the replica is behind it: the read went to the primary).
      expect((await writer.get('/api/admin/metrics')).body.activeMerchants).toBe(before + 1);
      // Another device reads the replica, which has not replayed it yet: the lag is visible there, and only there.
      expect((await otherDevice.get('/api/admin/metrics')).body.activeMerchants).toBe(before);
      // A business search by a merchant on the replica does not find the business approved a moment ago either.
      const rosa = agent();
      await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
      expect((await rosa.get('/api/businesses/search?q=hardware')).body).toEqual([]);
    } finally {
      await resumeAndCatchUp();
    }
    expect((await otherDevice.get('/api/admin/metrics')).body.activeMerchants).toBe(before + 1);
    // Caught up: the writer's reads go back to the replica (its cookie is behind the replica now).
    expect((await writer.get('/api/admin/metrics')).body.activeMerchants).toBe(before + 1);
    const rosa = agent();
    await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    expect((await rosa.get('/api/businesses/search?q=hardware')).body.map((b: { id: string }) => b.id)).toEqual([SEED.pendingMerchantId]);
  });

  it('a member who follows a business sees it in their following list at once, whatever the replica\'s lag (the list reads the primary)', async () => {
    const member = agent();
    await member.login(SEED.member.email, SEED.member.password);
    await pauseReplay();
    try {
      expect((await member.post(`/api/businesses/${SEED.activeMerchantId}/follow`)).status).toBeLessThan(300);
      const following = (await member.get('/api/user/following')).body as { id?: string; merchantId?: string }[];
      expect(JSON.stringify(following)).toContain(SEED.activeMerchantId);
      expect((await member.get(`/api/businesses/${SEED.activeMerchantId}/follow-status`)).body).toEqual({ isFollowing: true });
    } finally {
      await resumeAndCatchUp();
    }
  });

  it('a visitor browses on the replica: a deal posted during the lag appears once the replica has replayed it', async () => {
    const rosa = agent();
    await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    await resumeAndCatchUp();
    const visitor = agent();
    const browse = async () => ((await visitor.get(`/api/deals/public?cityId=${SEED.lyonsId}`)).body as { title: string }[]).map((d) => d.title);
    await pauseReplay();
    try {
      const created = await rosa.post('/api/merchant/deals', { title: 'Replica window special', description: 'Posted while the replica lags', discountPercent: 15 });
      expect(created.status).toBe(201);
      expect(await browse()).not.toContain('Replica window special');
    } finally {
      await resumeAndCatchUp();
    }
    expect(await browse()).toContain('Replica window special');
  });

  it('impact and insights answer on the replica as on the primary, and a read sets no cookie', async () => {
    const admin = agent();
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const rosa = agent();
    await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    await resumeAndCatchUp();
    const onPrimary = createApp(t.deps);
    const same = async (path: string, who: Agent) => {
      const viaReplica = await who.get(path);
      expect(viaReplica.status).toBe(200);
      const cookie = viaReplica.headers.get('set-cookie');
      expect(cookie).toBeNull();
      return viaReplica.body;
    };
    const impact = await same('/api/impact', agent());
    expect(impact).toEqual((await new Agent(onPrimary).get('/api/impact')).body);
    expect(await same('/api/merchant/insights?days=30', rosa)).toMatchObject({});
    expect(await same('/api/admin/insights', admin)).toBeTruthy();
  });
});

describe('a replica that cancels a read (recovery conflict, 40001)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t?.close());

  /** A replica double: every read fails as a hot standby fails it when replay conflicts with the query. */
  const cancelling = (code: string): Database => ({
    ...t.deps.db,
    read: async () => { throw Object.assign(new Error('canceling statement due to conflict with recovery'), { code }); },
  });

  it('reads on the primary instead', async () => {
    const app = createApp({ ...t.deps, readDb: cancelling('40001') });
    const res = await new Agent(app).get('/api/impact');
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await new Agent(createApp(t.deps)).get('/api/impact')).body);
  });

  it('any other replica error is the request\'s error', async () => {
    const app = createApp({ ...t.deps, readDb: cancelling('57P01') });
    expect((await new Agent(app).get('/api/impact')).status).toBe(500);
  });
});
