// GET /api/deals for one city at 50 connections: the landed server (local/main.ts) in its own
// process, wrk in another, and on PostgreSQL pgbench in the same run on (a) the statements the
// handler sends and (b) one plain SELECT of the same rows with their secrets, no RLS (the floor).
// Seeds 50 cities, 500 merchants, 5,000 deals and 50,000 members into a fresh database:
// PostgreSQL when BENCH_DATABASE_URL is set (database <its name>_deals), else PGlite in a temp dir.
// Knobs: BENCH_SECONDS (measured seconds per phase, default 10), BENCH_CONCURRENCY (default 50),
// BENCH_PORT (default 3160).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, type OpenedDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { claimsSetupParams, claimsSetupSql, serviceClaims, type Claims } from '../supabase/functions/api/db/database.ts';
import { sessionLookupSql } from '../supabase/functions/api/middleware/session.ts';
import { codeSecretsSql } from '../supabase/functions/api/routes/deals/deal-codes.ts';
import { filterParams, memberDealsSql, membershipCheckSql } from '../supabase/functions/api/routes/deals/live-deals-sql.ts';
import { activateMembers } from '../tests/support/membership.ts';
import { formatFigures, inlineParams, pgbench, startServer, wrk, type LoadFigures } from './support/external-load.ts';

const SIZES = { cities: 50, merchants: 500, deals: 5_000, members: 50_000 };
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3160);
const BENCH_DB = `${benchDbBase()}_deals`;
const POOL_SIZE = 20;
const PASSWORD = 'bench-password';

export async function bench() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = serverUrl ? undefined : mkdtempSync(join(tmpdir(), 'paylocal-bench-pglite-'));
  let database: OpenedDatabase | null = serverUrl ? await freshPostgres(serverUrl) : await openPglite({ dataDir });
  try {
    const t0 = performance.now();
    await prepareDatabase(database.admin, { seed: false, adminEmail: 'admin@bench.local', adminPassword: PASSWORD });
    const { cityId, dealsInCity, memberIds } = await seed(database);
    console.log(`seeded ${SIZES.merchants} merchants, ${SIZES.deals} deals, ${SIZES.members} members in ${SIZES.cities} cities ` +
      `(${Math.round(performance.now() - t0)} ms); one city has ${dealsInCity} live deals`);
    await printPlan(database, cityId, memberIds[0]);
    if (!serverUrl) { await database.close(); database = null; }

    // The landed server in its own process; the load generator in another.
    const server = await startServer({
      PORT: String(PORT), ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: PASSWORD, BCRYPT_ROUNDS: '4',
      OBJECTS_DIR: join(tmpdir(), 'paylocal-bench-objects'),
      ...(serverUrl ? { DATABASE_URL: withDatabase(serverUrl, BENCH_DB) } : { DATA_DIR: dataDir! }),
    });
    const rows: LoadFigures[] = [];
    try {
      const cookie = await login(server.base, 'bench-member-1@bench.local');
      const path = `/api/deals?cityId=${cityId}`;
      const probe = await fetch(`${server.base}${path}`, { headers: { cookie } });
      const probeBody = (await probe.json()) as unknown[];
      if (probe.status !== 200 || probeBody.length !== dealsInCity) throw new Error(`probe failed: ${probe.status} ${probeBody.length}`);
      await wrk('warm-up', `${server.base}${path}`, { cookie }, CONCURRENCY, 2);
      rows.push(await wrk(`HTTP GET /api/deals?cityId= (wrk, ${CONCURRENCY} connections)`, `${server.base}${path}`, { cookie }, CONCURRENCY, SECONDS));
      console.log(formatFigures(rows[0]));
    } finally {
      await server.stop();
    }

    if (serverUrl && database) {
      const url = withDatabase(serverUrl, BENCH_DB);
      const token = await sessionTokenHashOf(database, memberIds[0]);
      const handler = await pgbench(`pgbench: the handler's statements (${CONCURRENCY} clients)`, url,
        handlerScript({ cityId, memberId: memberIds[0], tokenHash: token, dealIds: await liveDealIds(database, cityId) }),
        CONCURRENCY, SECONDS);
      console.log(formatFigures(handler));
      const plain = await pgbench(`pgbench: plain SELECT of the same rows + secrets, no RLS (${CONCURRENCY} clients)`, url,
        plainScript(cityId), CONCURRENCY, SECONDS);
      console.log(formatFigures(plain));
      const http = rows[0];
      console.log(`ratios: HTTP / plain SELECT = ${pct(http.perSecond, plain.perSecond)}; ` +
        `handler statements / plain SELECT = ${pct(handler.perSecond, plain.perSecond)}; HTTP / handler statements = ${pct(http.perSecond, handler.perSecond)}`);
    }
  } finally {
    await database?.close();
    if (serverUrl) await dropBenchDatabase(serverUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function benchDbBase() {
  const url = process.env.BENCH_DATABASE_URL;
  const name = url ? new URL(url).pathname.slice(1) : '';
  return !name || name === 'postgres' ? 'paylocal_bench' : name;
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

/** The hash of the newest session of a member (the bench logged in as member 1). */
async function sessionTokenHashOf(database: OpenedDatabase, memberId: string): Promise<string> {
  const [row] = await database.admin.query<{ token_hash: string }>(
    `select token_hash from private.sessions where user_id = $1 order by expires_at desc limit 1`, [memberId]);
  return row.token_hash;
}

async function liveDealIds(database: OpenedDatabase, cityId: string): Promise<string[]> {
  const rows = await database.admin.query<{ id: string }>(
    `select d.id from public.deals d join public.merchants m on m.id = d.merchant_id where m.city_id = $1 and d.active and m.active
      order by d.created_at desc, d.id`, [cityId]);
  return rows.map((r) => r.id);
}

/** What GET /api/deals sends the database per request, as a pgbench script (literals inlined). */
function handlerScript({ cityId, memberId, tokenHash, dealIds }: { cityId: string; memberId: string; tokenHash: string; dealIds: string[] }) {
  const claims: Claims = { role: 'authenticated', sub: memberId, email: 'bench-member-1@bench.local' };
  const tx = (statements: string[]) => ['begin;', ...statements.map((s) => `${s.trim()};`), 'commit;'].join('\n');
  return [
    tx([
      inlineParams(claimsSetupSql, claimsSetupParams(serviceClaims)),
      inlineParams(sessionLookupSql, [tokenHash]),
    ]),
    tx([
      inlineParams(claimsSetupSql, claimsSetupParams(claims)),
      membershipCheckSql,
      inlineParams(memberDealsSql, [cityId, ...filterParams('all')]),
      inlineParams(codeSecretsSql, [`{${dealIds.join(',')}}`]),
    ]),
  ].join('\n') + '\n';
}

/** The floor: the same rows and their secrets in one plain SELECT as the superuser (no RLS, no claims). */
function plainScript(cityId: string) {
  return `select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
       d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name, m.category as merchant_category,
       m.is_women_owned, encode(s.secret, 'hex') as secret
  from public.deals d join public.merchants m on m.id = d.merchant_id join private.deal_secrets s on s.deal_id = d.id
 where m.city_id = '${cityId}' and m.active and d.active
   and (d.valid_from is null or d.valid_from <= now()) and (d.valid_to is null or d.valid_to >= now())
 order by d.created_at desc, d.id limit 500;\n`;
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

if (import.meta.url === `file://${process.argv[1]}`) await bench();
