// GET /api/deals for one city at 50 concurrent connections, over real HTTP on 127.0.0.1, beside
// the same SQL run directly in a raw driver loop. Seeds 500 merchants, 5,000 deals and 50,000
// members into a fresh database: PostgreSQL when BENCH_DATABASE_URL is set, else in-memory PGlite.
// Knobs: BENCH_SECONDS (measured seconds per phase, default 10), BENCH_CONCURRENCY (default 50).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { openPglite, openPostgres, type OpenedDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { claimsSetupParams, claimsSetupSql, type Claims } from '../supabase/functions/api/db/database.ts';
import { codeSecretsSql } from '../supabase/functions/api/routes/deals/deal-codes.ts';
import { filterParams, memberDealsSql, membershipCheckSql } from '../supabase/functions/api/routes/deals/live-deals-sql.ts';
import { activateMembers } from '../tests/support/membership.ts';

const SIZES = { cities: 50, merchants: 500, deals: 5_000, members: 50_000 };
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const BENCH_DB = 'paylocal_bench_deals';
const POOL_SIZE = 20;
const PASSWORD = 'bench-password';

interface Figures { requests: number; errors: number; seconds: number; latenciesMs: number[] }

export async function bench() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = serverUrl ? await freshPostgres(serverUrl) : await openPglite();
  try {
    const t0 = performance.now();
    await prepareDatabase(database.admin, { seed: false, adminEmail: 'admin@bench.local', adminPassword: PASSWORD });
    const { cityId, dealsInCity, memberIds } = await seed(database);
    console.log(`seeded ${SIZES.merchants} merchants, ${SIZES.deals} deals, ${SIZES.members} members in ${SIZES.cities} cities ` +
      `(${Math.round(performance.now() - t0)} ms); one city has ${dealsInCity} live deals`);
    await printPlan(database, cityId, memberIds[0]);

    const app = createApp(depsFromEnv({ ADMIN_EMAIL: 'admin@bench.local', BCRYPT_ROUNDS: '4' }, database.db));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const cookies = await Promise.all(memberIds.slice(0, CONCURRENCY).map((_, i) => login(base, `bench-member-${i + 1}@bench.local`)));
      const path = `/api/deals?cityId=${cityId}`;
      const probe = await fetch(`${base}${path}`, { headers: { cookie: cookies[0] } });
      const probeBody = (await probe.json()) as unknown[];
      if (probe.status !== 200 || probeBody.length !== dealsInCity) throw new Error(`probe failed: ${probe.status} ${probeBody.length}`);

      const http = await drive(CONCURRENCY, async (worker) => {
        const res = await fetch(`${base}${path}`, { headers: { cookie: cookies[worker] } });
        await res.arrayBuffer();
        return res.status === 200;
      });
      report(`HTTP GET ${path.replace(cityId, '<city>')} (${CONCURRENCY} connections)`, http);

      // The same SQL the handler runs per request, in one transaction as the member, without HTTP,
      // the session lookup, code derivation and JSON.
      const raw = await drive(CONCURRENCY, async (worker) => {
        await database.db.transaction({ role: 'authenticated', sub: memberIds[worker] }, async (q) => {
          await q(membershipCheckSql);
          const rows = await q<{ id: string }>(memberDealsSql, [cityId, ...filterParams('all')]);
          await q(codeSecretsSql, [`{${rows.map((r) => r.id).join(',')}}`]);
        });
        return true;
      });
      report(`raw driver loop: same 3 statements in a claims transaction (${CONCURRENCY} in flight)`, raw);

      if (serverUrl) {
        const sql = postgres(withDatabase(serverUrl, BENCH_DB), { max: POOL_SIZE, prepare: false, onnotice: () => {} });
        const claims: Claims = { role: 'authenticated', sub: memberIds[0] };
        const listOnly = await drive(CONCURRENCY, async () => {
          await sql.begin(async (tx) => {
            await tx.unsafe(claimsSetupSql, claimsSetupParams(claims));
            await tx.unsafe(memberDealsSql, [cityId, ...filterParams('all')]);
          });
          return true;
        });
        report('raw driver loop: the deals SELECT alone under RLS', listOnly);
        await sql.end({ timeout: 5 });
      }
    } finally {
      server.close();
    }
  } finally {
    await database.close();
    if (serverUrl) await dropBenchDatabase(serverUrl);
  }
}

async function freshPostgres(url: string): Promise<OpenedDatabase> {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await server.unsafe(`create database ${BENCH_DB}`);
  await server.end();
  return openPostgres(withDatabase(url, BENCH_DB), { poolSize: POOL_SIZE });
}

async function dropBenchDatabase(url: string) {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
  await server.end();
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Bulk data with generate_series: cities, members, merchants spread over cities, deals over merchants. */
async function seed(database: OpenedDatabase) {
  const { admin } = database;
  const [hash] = await admin.query<{ h: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 4)) as h`, [PASSWORD]);
  await admin.exec(`
    insert into public.cities (name, state) select 'Bench City ' || i, 'Colorado' from generate_series(1, ${SIZES.cities}) i;
    create temporary table bench_cities as select id, row_number() over (order by name) as n from public.cities;
    insert into public.profiles (email, name, role, home_city_id)
      select 'bench-member-' || i || '@bench.local', 'Member ' || i, 'USER', (select id from bench_cities where n = 1 + i % ${SIZES.cities})
        from generate_series(1, ${SIZES.members}) i;
    insert into public.profiles (email, name, role)
      select 'bench-owner-' || i || '@bench.local', 'Owner ' || i, 'MERCHANT' from generate_series(1, ${SIZES.merchants}) i;
    insert into public.merchants (owner_user_id, name, address, business_type, city_id, city_name, is_women_owned, active, approved_at)
      select p.id, 'Bench Shop ' || i, i || ' Main St', (array['food','retail','services','entertainment','health-wellness'])[1 + i % 5],
             c.id, 'Bench City', i % 3 = 0, true, now()
        from generate_series(1, ${SIZES.merchants}) i
        join public.profiles p on p.email = 'bench-owner-' || i || '@bench.local'
        join bench_cities c on c.n = 1 + i % ${SIZES.cities};
    create temporary table bench_merchants as select id, row_number() over (order by name) as n from public.merchants;
    insert into public.deals (merchant_id, title, description, discount_percent, discount_amount_cents, category, max_uses)
      select m.id, 'Bench deal ' || i, 'A benchmark deal number ' || i || ' with a description of typical length.',
             case when i % 2 = 0 then 5 + i % 50 end, case when i % 2 = 1 then 100 + i % 900 end,
             (array['food-drink','retail-shopping','services','health-wellness','arts-entertainment'])[1 + i % 5],
             case when i % 4 = 0 then 100 end
        from generate_series(1, ${SIZES.deals}) i
        join bench_merchants m on m.n = 1 + i % ${SIZES.merchants};
  `);
  await admin.query(
    `insert into private.credentials (user_id, password_hash) select id, $1 from public.profiles where email like 'bench-member-%'`,
    [hash.h],
  );
  const members = await admin.query<{ id: string }>(
    `select id from public.profiles where email like 'bench-member-%' order by member_number`);
  await activateMembers(database, members.map((m) => m.id));
  await admin.exec('analyze');
  const [city] = await admin.query<{ id: string; deals: number }>(
    `select m.city_id as id, count(*)::int as deals from public.deals d join public.merchants m on m.id = d.merchant_id
      group by m.city_id order by count(*) desc, m.city_id limit 1`);
  return { cityId: city.id, dealsInCity: city.deals, memberIds: members.map((m) => m.id) };
}

async function printPlan(database: OpenedDatabase, cityId: string, memberId: string) {
  const plan = await database.db.transaction({ role: 'authenticated', sub: memberId }, (q) =>
    q<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary on) ${memberDealsSql}`, [cityId, ...filterParams('all')]));
  const lines = plan.map((r) => r['QUERY PLAN']).filter((l) => /Scan|Join|Loop|Execution Time/.test(l));
  console.log('plan of the deals SELECT as a member:\n  ' + lines.map((l) => l.trim()).join('\n  '));
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pl_session='));
  return cookie!.split(';')[0];
}

/** `concurrency` workers call `once` back to back: a warm-up, then SECONDS measured. */
async function drive(concurrency: number, once: (worker: number) => Promise<boolean>): Promise<Figures> {
  const run = async (seconds: number, record: boolean) => {
    const latenciesMs: number[] = [];
    let errors = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until) {
        const start = performance.now();
        const ok = await once(worker).catch(() => false);
        if (!record) continue;
        if (ok) latenciesMs.push(performance.now() - start);
        else errors++;
      }
    }));
    return { latenciesMs, errors };
  };
  await run(WARMUP_SECONDS, false);
  const started = performance.now();
  const { latenciesMs, errors } = await run(SECONDS, true);
  return { requests: latenciesMs.length, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function report(label: string, f: Figures) {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  console.log(
    `${label}: ${(f.requests / f.seconds).toFixed(0)} req/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms (${f.requests} ok, ${f.errors} errors in ${f.seconds.toFixed(1)} s)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
