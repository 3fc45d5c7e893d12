// Fair waiting in front of the database (issue 41): 10 and then 50 members at once on the demo city, each request
// a member's own (a rotating session cookie per request), a member's usual reads (the deal list, who am I, the
// notifications, the businesses followed). The landed server (local/main.ts) runs in its own process, wrk in another.
// On PGlite (one connection) every request waits its turn (decision 203): fair means the slowest wait is a few turns, not many,
// so p99 stays within 3 x p50 at 50 and the rate at 50 within 90% of the rate at 10. With BENCH_DATABASE_URL the
// same run goes against PostgreSQL (a pool), printed beside it.
// Knobs: BENCH_SECONDS (per row, default 10), BENCH_PORT (default 3180).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, withDatabase, type OpenedDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { DEFAULT_CITY } from '../supabase/functions/_shared/constants.ts';
import { activateMembers } from '../tests/support/membership.ts';
import { cpuMs, formatFigures, startServer, wrk, type LoadFigures } from './support/external-load.ts';

const MEMBERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3180);
const PASSWORD = 'bench-password';
const BENCH_DB = 'paylocal_bench_fairness';

/** The budget of issue 41 on the embedded default. */
export const FAIRNESS_BUDGET = { p99OverP50: 3, rateAt50OverRateAt10: 0.9 } as const;

export async function bench() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = serverUrl ? undefined : mkdtempSync(join(tmpdir(), 'paylocal-bench-fairness-'));
  let database: OpenedDatabase | null = serverUrl ? await freshPostgres(serverUrl) : await openPglite({ dataDir });
  try {
    await prepareDatabase(database.admin, { seed: true, adminEmail: 'admin@bench.local', adminPassword: PASSWORD });
    const cityId = await seedMembers(database);
    if (!serverUrl) { await database.close(); database = null; }
    const server = await startServer({
      PORT: String(PORT), ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: PASSWORD, BCRYPT_ROUNDS: '4',
      OBJECTS_DIR: join(tmpdir(), 'paylocal-bench-objects'),
      ...(serverUrl ? { DATABASE_URL: withDatabase(serverUrl, BENCH_DB) } : { DATA_DIR: dataDir! }),
    });
    try {
      const cookies: string[] = [];
      for (let i = 1; i <= MEMBERS; i++) cookies.push(await login(server.base, `bench-fair-${i}@bench.local`));
      const lua = memberMix(cookies, [`/api/deals?cityId=${cityId}`, '/api/auth/me', '/api/notifications', '/api/user/following']);
      await wrk('warm-up', `${server.base}/`, {}, MEMBERS, 3, { lua });
      const rows: LoadFigures[] = [];
      for (const connections of [10, MEMBERS]) {
        const cpu0 = cpuMs([server.pid]);
        const row = await wrk(`${connections} members at once (wrk, ${connections} connections)`, `${server.base}/`, {}, connections, SECONDS, { lua });
        // The server's CPU per request: what the rates compare, without the shared machine's noise.
        const done = row.requests ?? 0;
        const cpuPerRequest = done > 0 ? (cpuMs([server.pid]) - cpu0) / done : NaN;
        console.log(`${formatFigures(row)}; server CPU ${cpuPerRequest.toFixed(1)} ms a request`);
        rows.push(row);
      }
      const [ten, fifty] = rows;
      const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
      console.log(`${engine}: p99 / p50 at ${MEMBERS}: ${(fifty.p99 / fifty.p50).toFixed(2)}x (budget ${FAIRNESS_BUDGET.p99OverP50}x on PGlite); ` +
        `rate at ${MEMBERS} / at 10: ${((100 * fifty.perSecond) / ten.perSecond).toFixed(0)}% (budget ${100 * FAIRNESS_BUDGET.rateAt50OverRateAt10}%)`);
      const errors = rows.reduce((n, r) => n + r.errors, 0);
      const missed = [
        errors > 0 && `${errors} failed requests`,
        !serverUrl && fifty.p99 > FAIRNESS_BUDGET.p99OverP50 * fifty.p50 && `p99 ${fifty.p99.toFixed(0)} ms > ${FAIRNESS_BUDGET.p99OverP50} x p50 ${fifty.p50.toFixed(0)} ms`,
        !serverUrl && fifty.perSecond < FAIRNESS_BUDGET.rateAt50OverRateAt10 * ten.perSecond && `the rate at ${MEMBERS} is below 90% of the rate at 10`,
      ].filter(Boolean);
      console.log(missed.length ? `budgets missed: ${missed.join('; ')}` : 'budgets met');
      if (missed.length && process.env.BENCH_ENFORCE !== 'false') throw new Error(`budgets missed: ${missed.join('; ')}`);
    } finally {
      await server.stop();
    }
  } finally {
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 50 members of the demo city with a password and an active membership; the city's id. */
async function seedMembers(database: OpenedDatabase): Promise<string> {
  const { admin } = database;
  const [city] = await admin.query<{ id: string }>(`select id from public.cities where name = $1`, [DEFAULT_CITY.name]);
  const [hash] = await admin.query<{ h: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 4)) as h`, [PASSWORD]);
  const members = await admin.query<{ id: string }>(
    `insert into public.profiles (email, name, role, home_city_id)
       select 'bench-fair-' || i || '@bench.local', 'Member ' || i, 'USER', $1 from generate_series(1, ${MEMBERS}) i
     returning id`, [city.id]);
  await admin.query(`insert into private.credentials (user_id, password_hash) select id, $1 from public.profiles where email like 'bench-fair-%'`, [hash.h]);
  await activateMembers(database, members.map((m) => m.id));
  return city.id;
}

/** A wrk script: each request the next member's cookie and the next path of a member's usual reads. */
function memberMix(cookies: string[], paths: string[]): string {
  return `local cookies = {${cookies.map((c) => JSON.stringify(c)).join(',')}}
local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1], { Cookie = cookies[n % #cookies + 1] })
end
`;
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('pl_session='))!.split(';')[0];
}

async function freshPostgres(url: string): Promise<OpenedDatabase> {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await server.unsafe(`create database ${BENCH_DB}`);
  await server.end();
  return openPostgres(withDatabase(url, BENCH_DB), { poolSize: 20 });
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
