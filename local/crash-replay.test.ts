// Issue 28, last row: requests in flight at a `kill -9` of the local runner, replayed with the same keys, answered
// 409 "still in progress" forever, about half of them with the write already saved. Now (decision 175): a key's
// hold is a lease that ends (and the PGlite runner ends every lease at start); a replay either gets the stored
// answer, or the work is done now, or (saved, answer lost) it is told so: never twice, never 409 forever.
// Runs the real runner (local/main.ts) on PGlite, or on the PostgreSQL server when TEST_DATABASE_URL is set.
import { personalCodeThroughApi } from '../tests/support/counter-members.ts';
import { PGlite } from '@electric-sql/pglite';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inject, expect, it } from 'vitest';
import { cleanEnv } from '../tests/support/deployed-env.ts';
import { SEED } from '../tests/support/constants.ts';
import { activateMembers } from '../tests/support/membership.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';
import { pgliteExtensions, type OpenedDatabase } from './admin-sql.ts';

const root = join(import.meta.dirname, '..');

interface Runner { child: ChildProcess; base: string; exited: Promise<void> }

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function startRunner(env: Record<string, string | undefined>): Promise<Runner> {
  const port = String(await freePort());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'local', 'main.ts')], {
      cwd: root,
      env: { ...cleanEnv(), NODE_ENV: undefined, PORT: port, BCRYPT_ROUNDS: '4', IDEMPOTENCY_LEASE_SECONDS: '3', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`runner did not start: ${output}`)); }, 45_000);
    const collect = (d: Buffer) => {
      output += d;
      const ready = /Pay Local ready at (http:\/\/localhost:\d+)/.exec(output);
      if (ready) { clearTimeout(timer); resolve({ child, base: ready[1], exited }); }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => { clearTimeout(timer); if (!/Pay Local ready/.test(output)) reject(new Error(`runner exited ${code}: ${output}`)); });
  });
}

/** A client with its own cookie. */
function client(base: string) {
  let cookie = '';
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('pl_session='));
    if (set) cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: Number(res.headers.get('Retry-After') ?? 0) };
  };
}

type Client = ReturnType<typeof client>;
const login = async (call: Client, who: { email: string; password: string }) => {
  const res = await call('POST', '/api/auth/login', { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return res.body.user;
};

const COUNT = 48;
const earnOf = (i: number) => ({ amountCents: 1000 + i });

async function crashAndReplay(database: { env: Record<string, string>; admin: () => Promise<OpenedDatabase['admin'] & { done(): Promise<void> }> }) {
  let runner = await startRunner(database.env);
  let rosa = client(runner.base);
  const member = client(runner.base);
  const memberNumber = (await login(member, SEED.member)).memberNumber;
  await login(rosa, SEED.merchantOwner);
  // The counter takes points only for a member who showed a code there first.
  const deal = (await rosa('POST', '/api/merchant/deals', { title: 'Crash test', description: 'Shown once', discountAmount: 100 })).body;
  expect((await rosa('POST', '/api/merchant/verify-code', { code: deal.currentCode, memberNumber, personalCode: await personalCodeThroughApi((path, body) => member('POST', path, body)) })).status).toBe(201);

  const earn = (call: Client, i: number) => call('POST', '/api/merchant/earn', { memberNumber, ...earnOf(i) },
    { 'Idempotency-Key': `crash-earn-${i}`, 'X-Counter-Device': `crash-tablet-${i % 8}` });
  // Counter writes in flight, 8 at a time, and kill -9 while they run.
  let next = 0;
  const acknowledged = new Set<number>();
  const lanes = Array.from({ length: 8 }, async () => {
    while (next < COUNT) {
      const i = next++;
      const res = await earn(rosa, i).catch(() => null);
      if (res?.status === 201) acknowledged.add(i);
    }
  });
  // Kill once a few are through, so the rest are in flight at every stage.
  for (let waited = 0; acknowledged.size < 10 && waited < 10_000; waited += 5) await new Promise((r) => setTimeout(r, 5));
  runner.child.kill('SIGKILL');
  await Promise.all([runner.exited, ...lanes]);

  // Restart, sign in again (the session survived in the database: same cookie works too) and replay every key.
  runner = await startRunner(database.env);
  rosa = client(runner.base);
  await login(rosa, SEED.merchantOwner);
  const finals = await Promise.all(Array.from({ length: COUNT }, async (_, i) => {
    for (let attempt = 0; ; attempt++) {
      const res = await earn(rosa, i);
      if (res.status !== 409 || attempt >= 5) return res;
      await new Promise((r) => setTimeout(r, res.retryAfter * 1000)); // a lease still running (PostgreSQL runner)
    }
  }));
  runner.child.kill('SIGTERM');
  await runner.exited;

  for (const res of finals) {
    expect([200, 201]).toContain(res.status);
    if (res.status === 200) expect(res.body).toMatchObject({ applied: true, answerLost: true });
  }
  const admin = await database.admin();
  const rows = await admin.query<{ amount: number; n: number }>(
    `select purchase_amount_cents as amount, count(*)::int as n from public.point_ledger
      where purchase_amount_cents between 1000 and ${1000 + COUNT - 1} group by 1`);
  await admin.done();
  // Every key's earn is saved exactly once: done before the crash, or by its replay, never both.
  expect(rows).toHaveLength(COUNT);
  for (const row of rows) expect(row.n, `amount ${row.amount}`).toBe(1);
  // The kill came while writes were in flight (not before the first or after the last).
  expect(acknowledged.size).toBeGreaterThanOrEqual(10);
  expect(acknowledged.size).toBeLessThan(COUNT);
  const inProgressAtCrash = COUNT - acknowledged.size;
  console.log(`crash test: ${acknowledged.size} acknowledged before kill -9, ${inProgressAtCrash} replayed after it, ${finals.filter((f) => f.status === 200).length} saved-but-unanswered`);
}

it('kill -9 during counter writes, then every key replayed: answered, each write saved once', async () => {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'paylocal-crash-')), 'pglite');
    const pg = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(template.file)]), extensions: pgliteExtensions });
    await activateMembers({ admin: { query: async (sql: string, params?: unknown[]) => (await pg.query(sql, params)).rows } } as never, [SEED.member.id]);
    await pg.close();
    await crashAndReplay({
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined } as never,
      admin: async () => {
        const again = await PGlite.create({ dataDir, extensions: pgliteExtensions });
        return { exec: async () => {}, query: async (sql: string) => (await again.query(sql)).rows as never, close: () => again.close(), done: () => again.close() };
      },
    });
  } else {
    const database = await openTestDatabase();
    try {
      await activateMembers(database, [SEED.member.id]);
      await crashAndReplay({
        env: { DATABASE_URL: database.url!, DATA_DIR: undefined } as never,
        admin: async () => ({ ...database.admin, done: async () => {} }),
      });
    } finally {
      await database.close();
    }
  }
}, 120_000);
