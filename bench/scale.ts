// `npm run bench -- scale` (decision 181): the platform at a million members, on PostgreSQL 15 only
// (BENCH_DATABASE_URL; database <its name>_scale). Seeds, set-based: 1,000,000 paying members, 200 cities,
// 20,000 businesses, 100,000 deals, one business with 100,000 followers (each with 5 older notifications of it).
// Measures, with the landed server (local/main.ts) in its own process:
//  - the merchant's create-deal request (POST /api/merchant/deals), sequentially: p50/p99 for a business with
//    0, 1 and 100,000 followers (goal: 100,000 the same as 1 within 20%);
//  - the time until the 100,000th follower's notification list (GET /api/notifications) shows that deal;
//  - the member deal list, near me, notification list, following list, business search and counter verify, each with wrk at 50
//    connections, beside pgbench at 50 clients running a fixed reference written once here (decision 206): for the
//    reads a plain indexed SELECT of the rows that screen needs, for counter verify (a write) a plain INSERT of one
//    redemption row into a table of deal_redemptions' shape; never the API's own statements, so a slow statement in
//    the API shows as a low ratio; ratio and p50/p99 of both;
//  - the floors under those ratios (GET /api/health; the session lookup alone through pgbench), each as a share of
//    every reference.
// Knobs: BENCH_SECONDS (per wrk/pgbench row, default 10), BENCH_CONCURRENCY (50), BENCH_PORT (3170),
// BENCH_SCALE (a fraction of every size, for a quick try; default 1), BENCH_POSTS (posts per business, 30),
// BENCH_KEEP_DATABASE (keep the seeded database; with BENCH_REUSE=1 a later run skips the seed), BENCH_ONLY (a comma list
// of the paths' keys, deals,near,notifications,following,search,verify: only those rows, without the posting part, for a
// quicker run of one path at full size).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import postgres from 'postgres';
import { openPostgres, type OpenedDatabase } from '../local/admin-sql.ts';
import { prepareDatabase } from '../local/migrate.ts';
import { codeStepAt, dealCodeAt, stepEndsAt } from '../supabase/functions/_shared/deal-code.ts';
import { hexToBytes } from '../supabase/functions/_shared/encoding.ts';
import { personalCodeOfStep, personalCodeStepAt } from '../supabase/functions/_shared/personal-code.ts';
import { sha256Hex } from '../supabase/functions/_shared/tokens.ts';
import { inlineParams } from '../supabase/functions/api/db/database.ts';
import { sessionClaimsSql } from '../supabase/functions/api/sessions/sessions.ts';
import { formatFigures, pgbench, startServer, wrk, type LoadFigures } from './support/external-load.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SIZES = {
  members: Math.round(1_000_000 * SCALE),
  cities: Math.max(2, Math.round(200 * SCALE)),
  businesses: Math.max(30, Math.round(20_000 * SCALE)),
  deals: Math.max(150, Math.round(100_000 * SCALE)),
  followers: Math.round(100_000 * SCALE),
};
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3170);
const POSTS = Number(process.env.BENCH_POSTS ?? 30);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((k) => k.trim())) : null;
const PASSWORD = 'bench-password';
const ORIGIN = `http://127.0.0.1:${PORT}`;

export async function bench() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('scale: needs BENCH_DATABASE_URL (a PostgreSQL 15 server); PGlite is one connection and no scale figure. Skipped.');
    return;
  }
  const dbName = `${benchDbBase(serverUrl)}_scale`;
  const url = withDatabase(serverUrl, dbName);
  const reuse = process.env.BENCH_REUSE === '1' && await databaseExists(serverUrl, dbName);
  if (!reuse) await recreateDatabase(serverUrl, dbName);
  const database = openPostgres(url, { poolSize: 4 });
  try {
    if (!reuse) {
      const t0 = performance.now();
      await prepareDatabase(database.admin, { seed: false, adminEmail: 'admin@bench.local', adminPassword: PASSWORD });
      await seed(database);
      console.log(`seeded ${SIZES.members} members, ${SIZES.cities} cities, ${SIZES.businesses} businesses, ${SIZES.deals} deals, ` +
        `${SIZES.followers} followers of one business in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    } else {
      console.log(`reusing the seeded database ${dbName}`);
    }
    await printSizes(database);
    if (process.env.BENCH_SEED_ONLY) return;
    await measure(database, url);
  } finally {
    await database.close();
    if (!process.env.BENCH_KEEP_DATABASE) await dropDatabase(serverUrl, dbName);
  }
}

async function measure(database: OpenedDatabase, url: string) {
  const server = await startServer({
    PORT: String(PORT), ADMIN_EMAIL: 'admin@bench.local', ADMIN_PASSWORD: PASSWORD, BCRYPT_ROUNDS: '4',
    OBJECTS_DIR: join(tmpdir(), 'paylocal-bench-objects'), DATABASE_URL: url, SITE_URL: ORIGIN,
  });
  const references: { label: string; sql: LoadFigures }[] = []; // the reads' and the write's references, for the floors
  const summary: string[] = [];
  try {
    const member = await login(server.base, 'scale-member-1@bench.local');
    const lastFollower = await login(server.base, `scale-member-${SIZES.followers}@bench.local`);
    const bigOwner = await login(server.base, 'scale-owner-1@bench.local');
    const quietOwner = await login(server.base, 'scale-owner-2@bench.local');
    // Scale Shop 23 has exactly one follower (member 2): a post records its event, its one live message and its push
    // job, as for the popular business; only the number of followers differs.
    await database.admin.query(`insert into public.follows (user_id, merchant_id)
      select p.id, m.id from public.profiles p, public.merchants m
       where p.email = 'scale-member-2@bench.local' and m.name = 'Scale Shop 23' on conflict do nothing`);
    await database.admin.query(`insert into private.credentials (user_id, password_hash)
      select p.id, c.password_hash from public.profiles p, private.credentials c join public.profiles o on o.id = c.user_id
       where p.email = 'scale-owner-23@bench.local' and o.email = 'scale-owner-2@bench.local' on conflict do nothing`);
    const oneOwner = await login(server.base, 'scale-owner-23@bench.local');

    // 1. Posting: the merchant's own request, sequentially, with 0, 1 and SIZES.followers followers.
    if (!ONLY) {
      const quiet = await posts(server.base, quietOwner, 'quiet', POSTS);
      summary.push(`create deal, 0 followers: ${quiet.line}`);
      console.log(`POST /api/merchant/deals, business with 0 followers (${POSTS} posts): ${quiet.line}`);
      const one = await posts(server.base, oneOwner, 'one', POSTS);
      summary.push(`create deal, 1 follower: ${one.line}`);
      console.log(`POST /api/merchant/deals, business with 1 follower (${POSTS} posts): ${one.line}`);
      const big = await posts(server.base, bigOwner, 'popular', POSTS, async (dealId, startedAt) => {
        const seen = await firstSeen(server.base, lastFollower, dealId, startedAt);
        console.log(`  the ${SIZES.followers.toLocaleString('en-US')}th follower's notification list shows it ${seen.toFixed(0)} ms after the post began`);
        return seen;
      });
      summary.push(`create deal, ${SIZES.followers} followers: ${big.line}`);
      summary.push(`until the ${SIZES.followers}th follower's list shows the deal: p50 ${big.seen.p50.toFixed(0)} ms, max ${big.seen.max.toFixed(0)} ms`);
      console.log(`POST /api/merchant/deals, business with ${SIZES.followers} followers (${POSTS} posts): ${big.line}`);
      console.log(`  p99 with ${SIZES.followers} followers / with 1: ${(big.p99 / one.p99).toFixed(2)}x (goal: within 1.2x); / with 0: ${(big.p99 / quiet.p99).toFixed(2)}x`);
      summary.push(`p99 with ${SIZES.followers} followers / with 1: ${(big.p99 / one.p99).toFixed(2)}x; / with 0 (no event recorded): ${(big.p99 / quiet.p99).toFixed(2)}x`);
    }

    // 2. The busy paths at CONCURRENCY connections, each beside pgbench on its fixed reference.
    const [{ city_id: cityId, member_number: memberNumber }] = await database.admin.query<{ city_id: string; member_number: number }>(
      `select home_city_id as city_id, member_number from public.profiles where email = 'scale-member-1@bench.local'`);
    const ids = await referenceIds(database);
    const counterDeal = await counterDealOf(database, 'scale-owner-2@bench.local');
    const code = await currentCode(counterDeal.secret);
    const paths: { key: string; label: string; path: string; cookie: string; body?: string; reference: string }[] = [
      { key: 'deals', label: `GET /api/deals?cityId= (member deal list)`, path: `/api/deals?cityId=${cityId}`, cookie: member,
        reference: REFERENCES.deals(cityId) },
      { key: 'near', label: 'GET /api/deals?cityId=&latitude=&longitude= (near me)',
        path: `/api/deals?cityId=${cityId}&latitude=${ids.here.latitude}&longitude=${ids.here.longitude}`, cookie: member,
        reference: REFERENCES.nearMe(ids.here) },
      { key: 'notifications', label: 'GET /api/notifications (the last follower)', path: '/api/notifications', cookie: lastFollower,
        reference: REFERENCES.notifications(ids.lastFollowerId) },
      { key: 'following', label: 'GET /api/user/following (member following 21)', path: '/api/user/following', cookie: member,
        reference: REFERENCES.following(ids.memberId) },
      { key: 'search', label: 'GET /api/businesses/search?q=shop (merchant)', path: '/api/businesses/search?q=shop', cookie: quietOwner,
        reference: REFERENCES.search(ids.quietOwnerCityId) },
      { key: 'verify', label: 'POST /api/merchant/verify-code (counter verify, a member each)', path: '/api/merchant/verify-code', cookie: quietOwner,
        body: JSON.stringify({ code, memberNumber }),
        reference: REFERENCES.verify({ dealId: counterDeal.id, merchantId: counterDeal.merchantId, memberId: ids.memberId, ownerId: counterDeal.ownerId }) },
    ];
    for (const p of paths.filter((path) => !ONLY || ONLY.has(path.key))) {
      const headers: Record<string, string> = p.body ? { cookie: p.cookie, origin: server.base } : { cookie: p.cookie };
      if (!p.body) await wrk('warm-up', `${server.base}${p.path}`, headers, CONCURRENCY, 2);
      const http = await wrk(`${p.label} (wrk, ${CONCURRENCY} connections)`, `${server.base}${p.path}`, headers, CONCURRENCY, SECONDS,
        p.key === 'verify' ? { lua: verifyLua(code, await membersWithCodes(database, memberNumber)) } : p.body ? { body: p.body } : undefined);
      console.log(formatFigures(http));
      // The write's reference goes into a table of its own, made here and dropped after its row.
      if (p.key === 'verify') await database.admin.exec(REDEMPTION_TABLE_SQL);
      const what = p.key === 'verify' ? 'a plain INSERT of one redemption row' : 'a plain indexed SELECT';
      const sql = await pgbench(`pgbench: the fixed reference (${what}; ${CONCURRENCY} clients)`, url, `${p.reference};\n`, CONCURRENCY, SECONDS)
        .finally(() => p.key === 'verify' ? database.admin.exec('drop table if exists public.bench_redemptions') : undefined);
      console.log(formatFigures(sql));
      console.log(`  HTTP / reference: ${pct(http.perSecond, sql.perSecond)} of the rate; p50 ${http.p50.toFixed(1)} vs ${sql.p50.toFixed(1)} ms, p99 ${http.p99.toFixed(1)} vs ${sql.p99.toFixed(1)} ms`);
      references.push({ label: p.label, sql });
      summary.push(`${p.label}: HTTP ${http.perSecond.toFixed(0)}/s p50 ${http.p50.toFixed(1)} p99 ${http.p99.toFixed(1)} ms` +
        (http.errors ? ` (${http.errors} non-2xx)` : '') +
        ` | reference ${sql.perSecond.toFixed(0)}/s p50 ${sql.p50.toFixed(1)} p99 ${sql.p99.toFixed(1)} ms | ratio ${pct(http.perSecond, sql.perSecond)}`);
    }
    // 3. The floors under every ratio above, at the same connections on the same machine: the server answering
    // without a session or the database (GET /api/health), and the database part every signed-in request sends
    // first, the session lookup in its transaction, as pgbench runs it in one round trip as the API does. A
    // signed-in read pays both and its own work, so these shares of each reference bound its ratio (decision 214).
    if (references.length) {
      const health = await wrk('warm-up', `${server.base}/api/health`, {}, CONCURRENCY, 2)
        .then(() => wrk(`floor: GET /api/health, no session, no database (wrk, ${CONCURRENCY} connections)`, `${server.base}/api/health`, {}, CONCURRENCY, SECONDS));
      console.log(formatFigures(health));
      const tokenHash = await sha256Hex(member.slice(member.indexOf('=') + 1));
      const session = await pgbench(`floor: the session lookup alone, begin to commit in one round trip (${CONCURRENCY} clients)`, url,
        `begin \\; ${inlineParams(sessionClaimsSql, [tokenHash])} \\; set transaction read only \\; commit;\n`, CONCURRENCY, SECONDS);
      console.log(formatFigures(session));
      // A signed-in request pays both on the same two cores: their costs per request (the inverse rates) add up.
      const both = { ...health, label: 'floor: both, a signed-in request with no work of its own (estimate: the costs added)',
        perSecond: 1 / (1 / health.perSecond + 1 / session.perSecond), p50: NaN, p99: NaN, errors: 0 };
      for (const floor of [health, session, both]) {
        summary.push(`${floor.label.split(' (')[0]}: ${floor.perSecond.toFixed(0)}/s` +
          (Number.isNaN(floor.p50) ? '' : ` p50 ${floor.p50.toFixed(1)} p99 ${floor.p99.toFixed(1)} ms`) +
          (floor.errors ? ` (${floor.errors} failed)` : '') +
          ` | of each reference: ${references.map((r) => `${r.label.split(' (')[0]} ${pct(floor.perSecond, r.sql.perSecond)}`).join(', ')}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log('\nscale figures (summary; figures live in bench output, not in decision records):');
  for (const line of summary) console.log(`  ${line}`);
}

/** Members the verify row serves: more than one run at 50 connections reaches. */
const VERIFY_MEMBERS = 20_000;

/**
 * Paying members from a random start (numbers follow each other in the seed; a rerun on a kept database finds
 * members not yet served), each given a personal-code secret, with the personal code of the pass step now: what a
 * member reads out at the counter beside their number (decision 190).
 */
async function membersWithCodes(database: OpenedDatabase, firstMember: number): Promise<{ memberNumber: number; personalCode: string }[]> {
  const start = firstMember + 1000 + Math.floor(Math.random() * Math.max(1, SIZES.members - VERIFY_MEMBERS - 2000));
  const members = await database.admin.query<{ id: string; member_number: number }>(
    `select id, member_number from public.profiles where member_number between $1 and $2 order by member_number`,
    [start, start + VERIFY_MEMBERS - 1]);
  const secrets = members.map((m) => ({ id: m.id, memberNumber: m.member_number, secret: randomBytes(20) }));
  await database.admin.query(
    `insert into private.member_pass_secrets (member_id, secret)
     select split_part(x, ':', 1)::uuid, split_part(x, ':', 2) from unnest(string_to_array($1::text, ',')) x
     on conflict (member_id) do update set secret = excluded.secret`,
    [secrets.map((m) => `${m.id}:${m.secret.toString('base64url')}`).join(',')]);
  const step = personalCodeStepAt(Date.now());
  return Promise.all(secrets.map(async (m) => ({ memberNumber: m.memberNumber, personalCode: await personalCodeOfStep(m.secret, step) })));
}

/**
 * Counter verify as a counter sees it: the deal's current code, each request for another paying member with their
 * personal code, so each is a redemption written rather than a refusal. Each wrk thread takes its own half.
 */
function verifyLua(code: string, members: { memberNumber: number; personalCode: string }[]): string {
  const list = members.map((m) => `'{"code":"${code}","memberNumber":${m.memberNumber},"personalCode":"${m.personalCode}"}'`).join(',\n');
  return `local bodies = {
${list}
}
local threads = 0
function setup(thread) thread:set("offset", threads * ${Math.floor(members.length / 2)}) threads = threads + 1 end
local counter = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
function request()
  counter = counter + 1
  return wrk.format(nil, nil, nil, bodies[((offset + counter - 1) % #bodies) + 1])
end
`;
}

/** Sequential posts by one business: latencies of the merchant's request; `after` runs once per post (untimed). */
async function posts(base: string, cookie: string, label: string, count: number, after?: (dealId: string, startedAt: number) => Promise<number>) {
  const latencies: number[] = [];
  const seen: number[] = [];
  const failures: number[] = [];
  for (let i = 0; i < count + 1; i++) {
    const startedAt = performance.now();
    const res = await fetch(`${base}/api/merchant/deals`, {
      method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Scale ${label} post ${i}`, description: 'A deal posted by the scale bench.', discountPercent: 10 }),
    });
    const took = performance.now() - startedAt;
    const body = await res.json() as { id?: string; message?: string };
    if (res.status !== 201 || !body.id) {
      // Counted, not fatal: a post that fails (e.g. cut at the 10 s statement limit, decision 175) is a figure.
      console.log(`  post ${i} failed after ${took.toFixed(0)} ms: ${res.status} ${body.message ?? ''}`);
      if (i > 0) failures.push(took);
      continue;
    }
    if (i === 0) continue; // the first one warms the server's and the database's plans
    latencies.push(took);
    if (after) seen.push(await after(body.id, startedAt));
  }
  const a = latencies.length ? stats(latencies) : { p50: NaN, p99: NaN, max: NaN };
  const s = seen.length ? stats(seen) : { p50: NaN, p99: NaN, max: NaN };
  const failed = failures.length ? `; ${failures.length} of ${count} failed (after ${stats(failures).p50.toFixed(0)} ms)` : '';
  return { p99: a.p99, seen: s, line: `p50 ${a.p50.toFixed(0)} ms, p99 ${a.p99.toFixed(0)} ms, max ${a.max.toFixed(0)} ms${failed}` };
}

/** Polls the member's notification list until it holds a notification of the deal: ms since `startedAt`. */
async function firstSeen(base: string, cookie: string, dealId: string, startedAt: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}/api/notifications`, { headers: { cookie } });
    const list = await res.json() as { dealId?: string | null; data?: { dealId?: string } }[];
    if (JSON.stringify(list).includes(dealId)) return performance.now() - startedAt;
    if (performance.now() - startedAt > 30 * 60_000) throw new Error('the deal never reached the last follower\'s notifications');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function stats(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p99: at(99), max: sorted[sorted.length - 1] };
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

// ---- The fixed references (decision 206) -----------------------------------------------------------------
// Each read path beside one plain SELECT of the rows its screen shows, on the indexes the seed's tables already have,
// written here once and never taken from the API: the API's page against the cheapest way to read the same rows.

/** The ids the references need, read from the seed. */
async function referenceIds(database: OpenedDatabase) {
  // The member stands at the middle of their city's placed locations (near me).
  const [here] = await database.admin.query<{ latitude: string; longitude: string }>(`
    select round(avg(l.latitude)::numeric, 5)::text as latitude, round(avg(l.longitude)::numeric, 5)::text as longitude
      from public.business_locations l join public.merchants m on m.id = l.merchant_id
     where m.city_id = (select home_city_id from public.profiles where email = 'scale-member-1@bench.local')`);
  const [row] = await database.admin.query<{ memberId: string; lastFollowerId: string; quietOwnerCityId: string }>(`
    select (select id from public.profiles where email = 'scale-member-1@bench.local') as "memberId",
           (select id from public.profiles where email = 'scale-member-${SIZES.followers}@bench.local') as "lastFollowerId",
           (select m.city_id from public.merchants m join public.profiles p on p.id = m.owner_user_id
             where p.email = 'scale-owner-2@bench.local') as "quietOwnerCityId"`);
  const plan = await database.admin.query<{ 'QUERY PLAN': string }>(`explain ${REFERENCES.nearMe(here!)}`);
  console.log(`near me reads placed locations nearest first from the index:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  return { ...row!, here: here! };
}

const REFERENCES = {
  /** The deal list's first page: 50 newest deals of the city (deals_city_created_id_idx). */
  deals: (cityId: string) => `select d.id, d.merchant_id, d.title, d.description, d.discount_percent, d.discount_amount_cents,
      d.category, d.valid_from, d.valid_to, d.created_at from public.deals d
     where d.city_id = '${cityId}' and d.active order by d.created_at desc, d.id limit 50`,
  /** The notification list: the member's 100 newest (notifications_user_id_created_at_idx). */
  notifications: (userId: string) => `select n.id, n.type, n.merchant_id, n.deal_id, n.data, n.is_read, n.created_at
      from public.notifications n where n.user_id = '${userId}' order by n.created_at desc limit 100`,
  /** The following list: the member's followed businesses with their names (follows_pkey, merchants_pkey). */
  following: (userId: string) => `select m.id, m.name, m.logo_url, m.category, f.created_at from public.follows f
      join public.merchants m on m.id = f.merchant_id where f.user_id = '${userId}' order by f.created_at desc`,
  /** Near me: the 50 placed locations nearest the member (business_locations_pin_idx, KNN). */
  nearMe: (here: { latitude: string; longitude: string }) => `select l.id, l.merchant_id, l.latitude, l.longitude
      from public.business_locations l where l.latitude is not null
     order by point(l.longitude, l.latitude) <-> point(${Number(here.longitude)}, ${Number(here.latitude)}) limit 50`,
  /** Business search's first page: 20 active businesses of the caller's city by name (merchants_city_id_active_idx). */
  search: (cityId: string) => `select m.id, m.name, m.logo_url, m.city_name, m.business_type, m.category, m.active
      from public.merchants m where m.active and m.city_id = '${cityId}' order by m.name, m.id limit 20`,
  /**
   * Counter verify, a write: one redemption row as the counter records it (the member, the code's step, who accepted
   * it) inserted into REDEMPTION_TABLE_SQL's copy of public.deal_redemptions. A random step per row keeps the
   * once-per-step unique index from refusing it, as a new code step would.
   */
  verify: (row: { dealId: string; merchantId: string; memberId: string; ownerId: string }) => `\\set step random(1, 1000000000000000)
insert into public.bench_redemptions (deal_id, merchant_id, member_id, code_step, acted_by)
  values ('${row.dealId}', '${row.merchantId}', '${row.memberId}', :step, '${row.ownerId}')`,
};

/**
 * The verify reference's table: deal_redemptions' shape (columns, defaults, identity, checks and every index, the
 * once-per-step unique ones included) and its foreign keys, so a row costs what the table makes a row cost; none of
 * the API's rules, and the real table keeps only the rows the API wrote.
 */
const REDEMPTION_TABLE_SQL = `
  drop table if exists public.bench_redemptions;
  create table public.bench_redemptions (like public.deal_redemptions including all);
  do $bench$
  declare fk record;
  begin
    for fk in select conname, pg_get_constraintdef(oid) as def from pg_constraint
               where conrelid = 'public.deal_redemptions'::regclass and contype = 'f' loop
      execute format('alter table public.bench_redemptions add constraint %I %s', 'bench_' || fk.conname, fk.def);
    end loop;
  end $bench$;`;

// ---- Seed ------------------------------------------------------------------------------------------------

async function seed(database: OpenedDatabase) {
  const { admin } = database;
  const step = async (label: string, sql: string) => {
    const t0 = performance.now();
    await admin.exec(sql);
    console.log(`  seed: ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  const [hash] = await admin.query<{ h: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', 4)) as h`, [PASSWORD]);
  await step(`${SIZES.cities} cities`, `
    insert into public.cities (name, state) select 'Scale City ' || i, 'Colorado' from generate_series(1, ${SIZES.cities}) i;`);
  await step(`${SIZES.members} members`, `
    create table public.bench_cities as select id, row_number() over (order by name) as n from public.cities;
    insert into public.profiles (email, name, role, home_city_id)
      select 'scale-member-' || i || '@bench.local', 'Member ' || i, 'USER', c.id
        from generate_series(1, ${SIZES.members}) i join public.bench_cities c on c.n = 1 + i % ${SIZES.cities};`);
  await step(`${SIZES.members} paying memberships`, `
    insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                      current_period_start, current_period_end)
      select id, 'monthly', 'active', 'test', 'cus_test_' || id, 'sub_test_' || id, now(), now() + interval '1 month'
        from public.profiles where role = 'USER';`);
  await step(`${SIZES.businesses} businesses`, `
    insert into public.profiles (email, name, role)
      select 'scale-owner-' || i || '@bench.local', 'Owner ' || i, 'MERCHANT' from generate_series(1, ${SIZES.businesses}) i;
    insert into public.merchants (owner_user_id, name, address, business_type, description, city_id, city_name, is_women_owned, active, approved_at)
      select p.id, 'Scale Shop ' || i, i || ' Main St', (array['food','retail','services','entertainment','health-wellness'])[1 + i % 5],
             'A local shop with friendly service, number ' || i || '.', c.id, 'Scale City', i % 3 = 0, true, now()
        from generate_series(1, ${SIZES.businesses}) i
        join public.profiles p on p.email = 'scale-owner-' || i || '@bench.local'
        join public.bench_cities c on c.n = 1 + i % ${SIZES.cities};
    create table public.bench_merchants as
      select m.id, substring(m.name from 12)::int as n from public.merchants m;`);
  await step(`${SIZES.deals} deals`, `
    insert into public.deals (merchant_id, title, description, discount_percent, discount_amount_cents, category)
      select m.id, 'Scale deal ' || i, 'A benchmark deal number ' || i || ' with a description of typical length.',
             case when i % 2 = 0 then 5 + i % 50 end, case when i % 2 = 1 then 100 + i % 900 end,
             (array['food-drink','retail-shopping','services','health-wellness','arts-entertainment'])[1 + i % 5]
        from generate_series(1, ${SIZES.deals}) i join public.bench_merchants m on m.n = 1 + (i - 1) % ${SIZES.businesses};`);
  // Near me (decision 209): each city a point on a grid a quarter degree apart, each business's first location
  // pinned within about 5 km of it, open 07:00–22:00 every day.
  await step(`${SIZES.businesses} placed locations with hours`, `
    update public.business_locations l
       set latitude = 37 + (c.n % 20) * 0.25 + ((b.n * 7919) % 1000) / 10000.0 - 0.05,
           longitude = -108 + (c.n / 20) * 0.25 + ((b.n * 104729) % 1000) / 10000.0 - 0.05
      from public.bench_merchants b join public.merchants m on m.id = b.id join public.bench_cities c on c.id = m.city_id
     where l.merchant_id = b.id;
    insert into public.location_hours (location_id, weekday, opens_at, closes_at)
      select l.id, w, '07:00', '22:00' from public.business_locations l cross join generate_series(1, 7) w;`);
  // Scale Shop 1 is the popular one: members 1..followers follow it, in that order (the last is "the 100,000th").
  // Member 1 also follows 20 other businesses (3..22); Scale Shop 2 has no follower at all.
  await step(`${SIZES.followers} followers of one business, 5 notifications each`, `
    insert into public.follows (user_id, merchant_id, created_at)
      select p.id, (select id from public.bench_merchants where n = 1), now() - interval '30 days' + i * interval '1 second'
        from generate_series(1, ${SIZES.followers}) i join public.profiles p on p.email = 'scale-member-' || i || '@bench.local';
    insert into public.follows (user_id, merchant_id)
      select p.id, m.id from public.profiles p join public.bench_merchants m on m.n between 3 and 22
       where p.email = 'scale-member-1@bench.local';
    insert into public.notifications (user_id, type, merchant_id, deal_id, data, is_read, created_at)
      select f.user_id, 'NEW_DEAL', d.merchant_id, d.id,
             jsonb_build_object('merchantName', 'Scale Shop 1', 'dealTitle', d.title, 'previewText', d.description), true,
             now() - interval '2 days'
        from public.follows f join public.deals d on d.merchant_id = f.merchant_id
       where f.merchant_id = (select id from public.bench_merchants where n = 1);`);
  await admin.query(
    `insert into private.credentials (user_id, password_hash)
       select id, $1 from public.profiles
        where email in ('scale-member-1@bench.local', 'scale-member-${SIZES.followers}@bench.local', 'scale-owner-1@bench.local', 'scale-owner-2@bench.local')`,
    [hash.h],
  );
  await step('analyze', 'drop table public.bench_cities; drop table public.bench_merchants; analyze;');
}

async function printSizes(database: OpenedDatabase) {
  const [row] = await database.admin.query<Record<string, number>>(
    `select (select count(*)::int from public.profiles) as profiles, (select count(*)::int from public.subscriptions) as subscriptions,
            (select count(*)::int from public.merchants) as businesses, (select count(*)::int from public.deals) as deals,
            (select count(*)::int from public.follows) as follows, (select count(*)::int from public.notifications) as notifications,
            pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`database: ${Object.entries(row).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

/** A live deal of the business, its use limit lifted: its secret (hex), its id, its business and the owner. */
async function counterDealOf(database: OpenedDatabase, ownerEmail: string) {
  const [row] = await database.admin.query<{ id: string; merchantId: string; ownerId: string; secret: string }>(
    `select d.id, m.id as "merchantId", p.id as "ownerId", encode(s.secret, 'hex') as secret
       from public.merchants m join public.profiles p on p.id = m.owner_user_id
       join public.deals d on d.merchant_id = m.id join private.deal_secrets s on s.deal_id = d.id
      where p.email = $1 and public.deal_is_live(d.active, d.valid_from, d.valid_to)
      order by d.created_at limit 1`, [ownerEmail]);
  await database.admin.query(`update public.deals set max_uses = null where id = $1`, [row.id]);
  return row;
}

/** The code the deal shows now, waiting for a new step if this one ends before the wrk and pgbench rows are done. */
async function currentCode(secretHex: string): Promise<string> {
  const left = stepEndsAt(codeStepAt(Date.now())).getTime() - Date.now();
  if (left < (2 * SECONDS + 10) * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return (await dealCodeAt(hexToBytes(secretHex), Date.now())).code;
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('pl_session='))!.split(';')[0];
}

function benchDbBase(url: string) {
  const name = new URL(url).pathname.slice(1);
  return !name || name === 'postgres' ? 'paylocal_bench' : name;
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function databaseExists(url: string, name: string) {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await server`select 1 from pg_database where datname = ${name}`).length > 0;
  } finally {
    await server.end();
  }
}

async function recreateDatabase(url: string, name: string) {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${name} with (force)`);
  await server.unsafe(`create database ${name}`);
  await server.end();
}

async function dropDatabase(url: string, name: string) {
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`drop database if exists ${name} with (force)`);
  await server.end();
}
