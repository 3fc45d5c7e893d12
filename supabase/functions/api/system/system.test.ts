import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { readMailDir } from '../../../../tests/support/mail.ts';
import { deliverStripeEvent, startStripeTestApp, stripeEvent } from '../../../../tests/support/stripe-account.ts';
import type { StripeDouble } from '../../../../tests/support/stripe-double.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser } from '../../../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { drainOutbox } from '../jobs/mail-drain.ts';
import { enqueueMail } from '../mail/index.ts';
import { emlFileMailer } from '../ports/mail/eml-file-mailer.ts';
import { deepHealth, systemStatus, type SystemStatus } from '../../_shared/contract/system.ts';
import { runSystemCheck } from './alerts.ts';
import { JobRuns } from './job-runs.ts';
import { bucketOf, RequestFigures } from '../http/request-guards.ts';
import { figuresWriter, p95Of } from './request-stats.ts';
import { cronIntervalMs, hasMissedRuns, readJobs } from './system-status.ts';

const MINUTE = 60_000;
const WEBHOOK_SECRET = 'whsec_system_console';

describe('the figures', () => {
  it('puts a request in its latency bucket and reads the 95th percentile as that bucket\'s bound', () => {
    expect([0, 25, 26, 100, 2500, 2501].map(bucketOf)).toEqual([0, 0, 1, 2, 6, 7]);
    expect(p95Of([])).toBeNull();
    expect(p95Of([90, 4, 6, 0, 0, 0, 0, 0])).toBe(100); // 94 within 50 ms, the 95th within 100 ms
    expect(p95Of([95, 5, 0, 0, 0, 0, 0, 0])).toBe(25);
    expect(p95Of([10, 0, 0, 0, 0, 0, 0, 90])).toBeNull(); // slower than the largest bound
  });

  it('reads how often a Cron schedule runs, and when three runs were missed', () => {
    expect(['5 seconds', '* * * * *', '*/5 * * * *', '7 * * * *', '0 3 * * *', '0 */6 * * *', '0 3 * * 1'].map(cronIntervalMs))
      .toEqual([5000, 60_000, 300_000, 3_600_000, 86_400_000, 21_600_000, null]);
    const now = new Date('2026-11-28T10:00:00Z');
    const ended = (minutesAgo: number) => ({ lastStartedAt: null, lastEndedAt: new Date(now.getTime() - minutesAgo * MINUTE).toISOString(), lastOutcome: 'succeeded' });
    // Every minute: three missed after three minutes; every 5 seconds counts a run at most once a minute.
    expect(hasMissedRuns(ended(2), 60_000, now)).toBe(false);
    expect(hasMissedRuns(ended(4), 60_000, now)).toBe(true);
    expect(hasMissedRuns(ended(2), 5000, now)).toBe(false);
    expect(hasMissedRuns(ended(100), 3_600_000, now)).toBe(false);
    expect(hasMissedRuns(ended(200), 3_600_000, now)).toBe(true);
    expect(hasMissedRuns(ended(1000), null, now)).toBe(false);
    // A run that hangs counts from its start.
    const hanging = { lastStartedAt: new Date(now.getTime() - 5 * MINUTE).toISOString(), lastEndedAt: null, lastOutcome: 'running' };
    expect(hasMissedRuns(hanging, 1000, now)).toBe(true);
  });

  it('writes at most once per interval after requests, and puts the figures back when a write fails', async () => {
    let clock = Date.parse('2026-11-28T10:00:30Z');
    const writes: unknown[][] = [];
    let fail = true;
    const db = {
      transaction: async (_claims: unknown, work: (q: (sql: string, params: unknown[]) => Promise<unknown[]>) => Promise<unknown>) =>
        work(async (_sql, params) => {
          if (fail) throw new Error('database down');
          writes.push(params);
          return [];
        }),
    } as unknown as Database;
    const stats = new RequestFigures({ write: figuresWriter(db), autoFlushMs: MINUTE, now: () => clock });
    stats.record({ method: 'GET', route: '/api/deals', status: 200, ms: 30 });
    stats.flushIfDue();
    expect(writes).toHaveLength(0); // not due: no statement for a request
    await expect(stats.flush()).rejects.toThrow('database down');
    stats.record({ method: 'GET', route: '/api/deals', status: 503, ms: 3000 });
    fail = false;
    clock += MINUTE;
    stats.flushIfDue();
    await stats.flush(); // waits for the write flushIfDue started; nothing left to write
    expect(writes).toHaveLength(1);
    const [routes] = JSON.parse(writes[0][0] as string);
    expect(routes).toMatchObject({ method: 'GET', route: '/api/deals', requests: 2, serverErrors: 1, totalMs: 3030, histogram: [0, 1, 0, 0, 0, 0, 0, 1] });
  });
});

describe('GET /api/admin/system', () => {
  let t: TestApp;
  let double: StripeDouble;
  let admin: Agent;
  let member: Agent;
  const system = async () => {
    const res = await admin.get<SystemStatus>('/api/admin/system');
    expect(res.status).toBe(200);
    return systemStatus.parse(res.body); // the answer is the contract's
  };
  beforeAll(async () => {
    ({ t, double } = await startStripeTestApp('system', WEBHOOK_SECRET));
    await queuesJustFilled(t);
    admin = await t.signIn(TEST_ADMIN, '198.51.100.90');
    member = await t.signIn(SEED.member, '198.51.100.91');
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('sums requests in memory (no statement per request) and shows them per route pattern with p95 and errors', async () => {
    const count = async () => (await asService(t.database, (q) => q<{ n: number }>(`select count(*)::int as n from private.request_stats`)))[0].n;
    const before = await count();
    for (let i = 0; i < 5; i++) expect((await member.get('/api/cities')).status).toBe(200);
    expect((await member.get('/api/deals/not-a-deal')).status).toBeGreaterThanOrEqual(400);
    expect(await count()).toBe(before); // nothing written yet
    const body = await system();
    const cities = body.routes.find((r) => r.route === '/api/cities' && r.method === 'GET');
    expect(cities).toMatchObject({ requests: 5, serverErrors: 0, errorRate: 0 });
    expect(cities!.p95Ms).toBeGreaterThan(0);
    // The route's pattern, never the path the client sent.
    expect(body.routes.some((r) => r.route.includes('not-a-deal'))).toBe(false);
    expect(body.totals.requests).toBeGreaterThanOrEqual(6);
    expect(body.databaseBytes).toBeGreaterThan(1_000_000);
    expect(body.queues.map((q) => q.name)).toEqual(['mail', 'push']);
    expect(body.jobSource).toBe('none');
  });

  it('shows a webhook with a bad signature as a failure, and the last good one with its type', async () => {
    const good = await deliverStripeEvent(t, stripeEvent('evt_system_ok', 'customer.created', { id: 'cus_x', object: 'customer' }), WEBHOOK_SECRET);
    expect(good.status).toBe(200);
    const bad = await deliverStripeEvent(t, stripeEvent('evt_system_bad', 'invoice.paid', { id: 'in_x' }), 'whsec_someone_else');
    expect(bad.status).toBe(400);
    const { webhooks } = await system();
    expect(webhooks).toMatchObject({
      received24h: 2, failures24h: 1, lastOutcome: 'bad_signature', lastFailureOutcome: 'bad_signature', lastEventType: 'customer.created',
    });
    expect(Date.now() - Date.parse(webhooks.lastFailureAt!)).toBeLessThan(MINUTE);
  });

  it('is for the designated admin only', async () => {
    expect((await member.get('/api/admin/system')).status).toBe(403);
    expect((await t.agent().get('/api/admin/system')).status).toBe(401);
  });

  it('keeps its tables to the admin (RLS) and its writes to service_role', async () => {
    await system(); // written
    const read = (q: (sql: string) => Promise<unknown[]>) => q(`select * from private.request_stats`);
    expect((await asUser(t.database, TEST_ADMIN.id, read)).length).toBeGreaterThan(0);
    expect(await asUser(t.database, SEED.member.id, read)).toEqual([]);
    expect(await asUser(t.database, SEED.member.id, (q) => q(`select * from private.webhook_stats`))).toEqual([]);
    expect(await asUser(t.database, SEED.member.id, (q) => q(`select * from private.system_alerts`))).toEqual([]);
    await expect(asAnon(t.database, read)).rejects.toThrow(/permission denied/);
    await expect(asUser(t.database, TEST_ADMIN.id, (q) => q(
      `insert into private.request_minutes (minute, requests) values (now(), 1)`))).rejects.toThrow(/permission denied/);
    await expect(asUser(t.database, TEST_ADMIN.id, (q) => q(
      `select private.record_system_stats('[]', '[]', '[]', now())`))).rejects.toThrow(/permission denied/);
    await asService(t.database, (q) => q(`select private.record_system_stats('[]', '[]', '[]', now())`));
  });

  it('prunes what is older than the console keeps', async () => {
    await asService(t.database, (q) => q(`insert into private.request_stats (hour, method, route, requests, histogram)
      values (now() - interval '3 days', 'GET', '/api/old', 1, '{1,0,0,0,0,0,0,0}')`));
    await asService(t.database, (q) => q(`select private.record_system_stats('[]', '[]', '[]', now())`));
    expect(await asService(t.database, (q) => q(`select 1 from private.request_stats where route = '/api/old'`))).toEqual([]);
  });

  it("reads pg_cron's jobs and their last runs where the cron schema exists", async () => {
    // The shape pg_cron gives, made here (PGlite has no pg_cron).
    await t.database.admin.exec(`
      create schema cron;
      create table cron.job (jobid bigint primary key, schedule text, command text, jobname text, active boolean default true);
      create table cron.job_run_details (runid bigint primary key, jobid bigint, status text, return_message text, start_time timestamptz, end_time timestamptz);
      insert into cron.job values (1, '* * * * *', 'select 1', 'drain-outbox', true), (2, '7 * * * *', 'select 1', 'billing-reminders', true);
      insert into cron.job_run_details values
        (1, 1, 'succeeded', '1 row', now() - interval '10 minutes', now() - interval '10 minutes'),
        (2, 1, 'failed', 'connection refused', now() - interval '9 minutes', now() - interval '9 minutes'),
        (3, 2, 'succeeded', '1 row', now() - interval '20 minutes', now() - interval '20 minutes');`);
    try {
      const { jobSource, jobs } = await system();
      expect(jobSource).toBe('cron');
      expect(jobs).toEqual([
        expect.objectContaining({ name: 'billing-reminders', schedule: '7 * * * *', lastOutcome: 'succeeded', missedRuns: false, failures24h: 0 }),
        expect.objectContaining({ name: 'drain-outbox', lastOutcome: 'failed', lastMessage: 'connection refused', missedRuns: true, failures24h: 1 }),
      ]);
    } finally {
      await t.database.admin.exec(`drop schema cron cascade`);
    }
  });

  it('answers GET /api/health?deep=1 to the admin or the token only; the plain probe stays 204', async () => {
    expect((await t.agent().get('/api/health')).status).toBe(204);
    expect((await t.agent().get('/api/health?deep=1')).status).toBe(403);
    expect((await member.get('/api/health?deep=1')).status).toBe(403);
    const deep = await admin.get('/api/health?deep=1');
    expect(deep.status).toBe(200);
    expect(deepHealth.parse(deep.body)).toMatchObject({ ok: true, database: { ok: true }, queues: [{ name: 'mail' }, { name: 'push' }] });
  });
});

/**
 * The demo data's queued mail and pushes date from when the test template was made, at the start of the run: a file
 * reached more than 10 minutes later would find them "stuck" and the deep check would rightly answer 503. These
 * tests are about who may ask, so the queues are made as fresh as a working drain keeps them.
 */
async function queuesJustFilled(app: TestApp) {
  await app.database.admin.query(`update private.push_jobs set created_at = now()`);
  await app.database.admin.query(`update private.mail_outbox set created_at = now() where status in ('pending', 'sending')`);
}

describe('GET /api/health?deep=1 with HEALTH_CHECK_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HEALTH_CHECK_TOKEN: 'uptime-monitor-token-1234' });
    await queuesJustFilled(t);
  });
  afterAll(() => t.close());

  it('takes the token as a Bearer and refuses another', async () => {
    const ask = (token: string) => t.agent().request('GET', '/api/health?deep=1', undefined, { authorization: `Bearer ${token}` });
    expect((await ask('uptime-monitor-token-1234')).status).toBe(200);
    expect((await ask('uptime-monitor-token-9999')).status).toBe(403);
  });
});

describe('a stopped mail drain', () => {
  let t: TestApp;
  let admin: Agent;
  const mailDir = mkdtempSync(join(tmpdir(), 'paylocal-system-mail-'));
  beforeAll(async () => {
    t = await createTestApp({ MAIL_DRAIN_SECRET: 'drain-secret-system', MAIL_DIR: mailDir });
    admin = await t.signIn(TEST_ADMIN, '198.51.100.92');
    // The push queue as its drain leaves it: empty (the demo data queues pushes of its own).
    await asService(t.database, (q) => q(`delete from private.push_jobs`));
  });
  afterAll(() => t.close());

  it('shows the growing queue, mails one alert past 10 minutes and one "resolved" once the drain resumes', async () => {
    const mailer = emlFileMailer(mailDir);
    const from = t.deps.config.emailFrom;
    // Whatever the sign-in queued goes out first; then the drain "stops": nothing below drains until said.
    await drainOutbox(t.database.db, mailer, { from });
    const sentBefore = readMailDir(mailDir).length;
    const enqueue = (n: number) => asService(t.database, (q) => enqueueMail(q, `stuck-${n}@example.com`, { kind: 'test', subject: `Stuck ${n}`, text: 't', html: 'h' }));
    const mailQueue = async () => (await admin.get<SystemStatus>('/api/admin/system')).body.queues.find((q) => q.name === 'mail')!;

    await enqueue(1);
    await enqueue(2);
    expect(await mailQueue()).toMatchObject({ depth: 2 });
    await enqueue(3);
    expect(await mailQueue()).toMatchObject({ depth: 3 });

    const start = Date.now();
    const check = (minutes: number) => runSystemCheck(t.database.db, t.deps.monitor, { to: TEST_ADMIN.email, siteUrl: 'http://localhost:3000' }, new Date(start + minutes * MINUTE));
    // Under 10 minutes old: nothing yet.
    expect((await check(5)).mailed).toEqual([]);
    // Past 10 minutes: one alert, and again a minute later none (at most one per condition per hour).
    expect(await check(11)).toEqual({ firing: ['queue:mail'], mailed: [{ condition: 'queue:mail', kind: 'alert' }] });
    expect((await check(12)).mailed).toEqual([]);
    const firing = (await admin.get<SystemStatus>('/api/admin/system')).body.alerts;
    expect(firing).toEqual([expect.objectContaining({ condition: 'queue:mail', detail: expect.stringContaining('holds 4 messages') })]);

    // The drain resumes: the queue (the alert with it) goes out; the next check mails "resolved".
    await drainOutbox(t.database.db, mailer, { from });
    expect(await check(13)).toEqual({ firing: [], mailed: [{ condition: 'queue:mail', kind: 'resolved' }] });
    expect((await check(14)).mailed).toEqual([]);
    await drainOutbox(t.database.db, mailer, { from });
    const toAdmin = readMailDir(mailDir).filter((m) => m.to === TEST_ADMIN.email && /alert|resolved/.test(m.subject));
    expect(toAdmin.map((m) => m.subject).sort()).toEqual(['Pay Local alert: Mail is not going out', 'Pay Local resolved: Mail is not going out']);
    expect(readMailDir(mailDir).length - sentBefore).toBe(5); // three stuck, one alert, one resolved
    expect((await mailQueue()).depth).toBe(0);
  });

  it("notes the local runner's loops and judges the one that stopped", async () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const jobs = new JobRuns(() => clock);
    await jobs.track('drain-outbox', 1000, async () => 'sent')();
    const fails = jobs.track('flush-live', 1000, async () => { throw new TypeError('boom'); });
    await expect(fails()).rejects.toThrow('boom');
    clock += 30_000;
    await fails().catch(() => {});
    clock += 4 * MINUTE;
    const read = await asService(t.database, (q) => readJobs(q, jobs, new Date(clock)));
    expect(read.source).toBe('runner');
    expect(read.jobs).toEqual([
      expect.objectContaining({ name: 'drain-outbox', schedule: 'every 1 s', lastOutcome: 'succeeded', missedRuns: true }),
      expect.objectContaining({ name: 'flush-live', lastOutcome: 'failed', lastMessage: 'TypeError', failures24h: 2, missedRuns: true }),
    ]);
  });

  it('answers POST /api/internal/system-check only with the drain secret', async () => {
    const call = (secret: string) => t.agent().request('POST', '/api/internal/system-check', undefined, { 'x-drain-secret': secret });
    expect((await call('wrong')).status).toBe(403);
    const res = await call('drain-secret-system');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firing: [], mailed: [] });
  });
});
