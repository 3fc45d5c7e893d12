// The backup drill (issue 41, decision 197): the real runner (local/main.ts) on PGlite takes counter writes from 4
// clients without pause; `npm run backup` asks it for a snapshot in the middle of them; `npm run restore` fills empty
// folders from the file (and refuses the live, non-empty ones); the runner starts on the copy and every write
// acknowledged before the backup began is there: its Idempotency-Key replays the stored answer instead of doing the
// work again. The uploaded picture, the mail and the VAPID pair come back byte for byte. PGlite only: on a
// PostgreSQL server the runner keeps nothing of its own (`npm run dump`, scripts/dump.test.ts).
import { personalCodeThroughApi } from '../tests/support/counter-members.ts';
import { PGlite } from '@electric-sql/pglite';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { cleanEnv } from '../tests/support/deployed-env.ts';
import { SEED } from '../tests/support/constants.ts';
import { activateMembers } from '../tests/support/membership.ts';
import { pgliteExtensions } from './admin-sql.ts';
import { readBackup } from './backup.ts';

const root = join(import.meta.dirname, '..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const work = mkdtempSync(join(tmpdir(), 'paylocal-drill-'));
const running = new Set<Runner>();
afterAll(async () => {
  await Promise.all([...running].map(stop));
  rmSync(work, { recursive: true, force: true });
});

const placesIn = (dir: string) => ({
  DATA_DIR: join(dir, 'pglite'), OBJECTS_DIR: join(dir, 'objects'), MAIL_DIR: join(dir, 'mail'),
  VAPID_KEYS_FILE: join(dir, 'vapid-keys.json'), CONTROL_SOCKET: join(dir, 'control.sock'),
});
const runEnv = (dir: string) => ({
  ...cleanEnv(), NODE_ENV: undefined, DATABASE_URL: undefined, BCRYPT_ROUNDS: '4', MAIL_DRAIN_INTERVAL_MS: '100', ...placesIn(dir),
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

interface Runner { child: ChildProcess; base: string; exited: Promise<void> }

async function startRunner(dir: string): Promise<Runner> {
  const port = String(await freePort());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'local', 'main.ts')], {
      cwd: root, env: { ...runEnv(dir), PORT: port }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`runner did not start: ${output}`)); }, 60_000);
    const collect = (d: Buffer) => {
      output += d;
      const ready = /Pay Local ready at (http:\/\/localhost:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        const runner = { child, base: ready[1]!, exited };
        running.add(runner);
        resolve(runner);
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => { clearTimeout(timer); if (!/Pay Local ready/.test(output)) reject(new Error(`runner exited ${code}: ${output}`)); });
  });
}

async function stop(runner: Runner) {
  running.delete(runner);
  runner.child.kill('SIGTERM');
  await runner.exited;
}

/** `npm run backup` / `npm run restore` as an operator runs them (their scripts, with the runner's places). */
function command(script: string, args: string[], dir: string) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), ...args], { cwd: root, env: runEnv(dir) });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d; });
    child.stderr.on('data', (d: Buffer) => { output += d; });
    child.on('exit', (status) => resolve({ status, output }));
  });
}

/** A client with its own cookie. */
function client(base: string) {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method, body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
      headers: { ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('pl_session='));
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, replayed: res.headers.get('Idempotent-Replayed') === 'true' };
  };
  return Object.assign(call, { at: (base2: string) => { base = base2; } });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
// Above the seeded accrual (5000 cents): the drill's writes are told apart by their amount.
const AMOUNT_BASE = 7001;

/** Every file under a folder with its bytes, by relative path. */
function filesOf(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    try { out[name] = readFileSync(path).toString('base64'); } catch { /* a folder */ }
  }
  return out;
}

it.skipIf(onPostgres)('backup under a steady write load, restore into empty folders, the app serves every acknowledged write', async () => {
  const template = inject('databaseTemplate');
  if (template.kind !== 'pglite') throw new Error('the drill needs the PGlite template');
  const original = join(work, 'original');
  const copy = join(work, 'copy');
  const backupFile = join(work, 'backups', 'drill.tar.gz');
  {
    mkdirSync(placesIn(original).DATA_DIR, { recursive: true });
    const pg = await PGlite.create({ dataDir: placesIn(original).DATA_DIR, loadDataDir: new Blob([readFileSync(template.file)]), extensions: pgliteExtensions });
    await activateMembers({ admin: { query: async (sql: string, params?: unknown[]) => (await pg.query(sql, params)).rows } } as never, [SEED.member.id]);
    await pg.close();
  }
  let runner = await startRunner(original);
  const rosa = client(runner.base);
  const member = client(runner.base);
  const memberNumber = (await member('POST', '/api/auth/login', SEED.member)).body.user.memberNumber as number;
  expect((await rosa('POST', '/api/auth/login', SEED.merchantOwner)).status).toBe(200);
  // State beside the database: an uploaded picture and a mail file.
  const form = new FormData();
  form.set('profilePicture', new Blob([PNG], { type: 'image/png' }), 'me.png');
  expect((await member('POST', '/api/auth/profile-picture', form)).status).toBe(200);
  expect((await member('POST', '/api/auth/forgot-password', { email: SEED.member.email })).status).toBe(202);
  const mailed = () => existsSync(placesIn(original).MAIL_DIR) && readdirSync(placesIn(original).MAIL_DIR).some((name) => name.endsWith('.eml'));
  for (let waited = 0; !mailed() && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // The counter takes points only for a member who showed a code there first.
  const deal = (await rosa('POST', '/api/merchant/deals', { title: 'Drill', description: 'Backup drill', discountAmount: 100 })).body;
  expect((await rosa('POST', '/api/merchant/verify-code', { code: deal.currentCode, memberNumber, personalCode: await personalCodeThroughApi((path, body) => member('POST', path, body)) })).status).toBe(201);

  const earn = (i: number) => rosa('POST', '/api/merchant/earn', { memberNumber, amountCents: AMOUNT_BASE + i },
    { 'Idempotency-Key': `drill-earn-${i}`, 'X-Counter-Device': `drill-tablet-${i % 16}` });
  // A steady write load: 4 clients, each sending its next write as soon as the last one is answered.
  let next = 0;
  let loading = true;
  // Each acknowledged write: its answer, and when it arrived (this machine's clock, as the server's).
  const acknowledged = new Map<number, { body: unknown; at: number }>();
  const lanes = Array.from({ length: 4 }, async () => {
    while (loading) {
      const i = next++;
      const res = await earn(i);
      if (res.status === 201) acknowledged.set(i, { body: res.body, at: Date.now() });
    }
  });
  for (let waited = 0; acknowledged.size < 40 && waited < 30_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  const ackedBeforeCommand = acknowledged.size;
  const backup = await command('backup.ts', [backupFile], original);
  const ackedByBackupEnd = acknowledged.size;
  await new Promise((r) => setTimeout(r, 300));
  loading = false;
  await Promise.all(lanes);
  expect(backup.status, backup.output).toBe(0);
  expect(backup.output).toMatch(/made by the running server/);
  // The load ran on while the backup was made: the backup did not stop the server.
  expect(ackedByBackupEnd - ackedBeforeCommand, 'writes acknowledged while the backup ran').toBeGreaterThan(0);
  // The writes whose answer arrived before the server asked PGlite for its copy: each must be in the copy.
  const snapshotAt = Date.parse((await readBackup(backupFile)).manifest.snapshotAt);
  const ackedBeforeSnapshot = new Map([...acknowledged].filter(([, ack]) => ack.at < snapshotAt));
  expect(ackedBeforeSnapshot.size).toBeGreaterThanOrEqual(ackedBeforeCommand);
  await stop(runner);
  const originalFiles = { objects: filesOf(placesIn(original).OBJECTS_DIR), mail: filesOf(placesIn(original).MAIL_DIR) };

  // Restore refuses folders that hold something (here: the original's), before writing anything.
  const refused = await command('restore.ts', [backupFile], original);
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(/DATA_DIR \(.*\) is not empty/);
  const restore = await command('restore.ts', [backupFile], copy);
  expect(restore.status, restore.output).toBe(0);

  // What the copy holds of the drill's writes, read before the app starts on it.
  const restoredAmounts = await (async () => {
    const pg = await PGlite.create({ dataDir: placesIn(copy).DATA_DIR, extensions: pgliteExtensions });
    try {
      return (await pg.query<{ amount: number }>(`select purchase_amount_cents as amount from public.point_ledger where purchase_amount_cents >= $1`, [AMOUNT_BASE]))
        .rows.map((r) => r.amount - AMOUNT_BASE);
    } finally {
      await pg.close();
    }
  })();
  const restored = new Set(restoredAmounts);
  expect(restoredAmounts.length, 'each write once').toBe(restored.size);

  runner = await startRunner(copy);
  try {
    // The app serves on the copy: the session cookie of before the backup still signs Rosa in (sessions are data).
    rosa.at(runner.base);
    member.at(runner.base);
    expect((await rosa('GET', '/api/auth/me')).body?.user?.email).toBe(SEED.merchantOwner.email);
    expect((await member('GET', '/api/member/points')).status).toBe(200);
    // Every write acknowledged before the backup began is there: its key replays the stored answer.
    let lost = 0;
    for (const [i, ack] of ackedBeforeSnapshot) {
      const res = await earn(i);
      if (!(res.status === 201 && res.replayed && JSON.stringify(res.body) === JSON.stringify(ack.body))) lost++;
    }
    expect(lost).toBe(0);
    for (const i of ackedBeforeSnapshot.keys()) expect(restored.has(i)).toBe(true);
    // The picture still shows, the mail and the VAPID pair came back byte for byte.
    const picture = (await member('GET', '/api/auth/profile')).body.profilePicture as string;
    const served = await fetch(`${runner.base}${picture}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(filesOf(placesIn(copy).OBJECTS_DIR)).toEqual(originalFiles.objects);
    expect(filesOf(placesIn(copy).MAIL_DIR)).toEqual(originalFiles.mail);
    expect(Object.keys(originalFiles.mail).some((name) => name.endsWith('.eml'))).toBe(true);
    expect(readFileSync(placesIn(copy).VAPID_KEYS_FILE, 'utf8')).toBe(readFileSync(placesIn(original).VAPID_KEYS_FILE, 'utf8'));
    console.log(`backup drill: ${ackedBeforeSnapshot.size} writes acknowledged before the snapshot (${ackedBeforeCommand} before \`npm run backup\` started), ` +
      `${acknowledged.size} in all under load; restored ${restored.size} (every one acknowledged before the snapshot among them), lost ${lost}`);
  } finally {
    await stop(runner);
  }
  // The backup file is what `tar` reads too.
  const listing = spawnSync('tar', ['tzf', backupFile], { encoding: 'utf8' });
  expect(listing.stdout.split('\n')).toEqual(expect.arrayContaining(['manifest.json', 'database.tar', 'vapid-keys.json']));
}, 240_000);
