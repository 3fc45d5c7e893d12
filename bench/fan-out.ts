// Fan-out choices (decision 180), in SQL on the bench database (PostgreSQL 15 with BENCH_DATABASE_URL):
//  - what posting costs the merchant's transaction with 0, 10 and 100,000 followers: today's definition
//    (one event row + one broadcast + one push job) and the former one (one notification row and one
//    realtime.send per follower, re-created here for the comparison);
//  - what a queued, batched fan-out would have to write outside the request (100,000 rows in batches);
//  - what the read costs a member (fan-out on read: their list is computed from their follow periods):
//    a follower of the 100,000-follower business, and a member following 200 busy businesses.
import type { Query } from '../supabase/functions/api/db/database.ts';
import { SEED } from '../tests/support/constants.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const BUSY_BUSINESSES = Number(process.env.BENCH_FOLLOWED_BUSINESSES ?? 200);
const EVENTS_EACH = 150;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

export async function bench() {
  const database = await openBenchDatabase('fan_out', 4);
  const admin = (sql: string, params: unknown[] = []) => database.admin.query(sql, params);
  const asService = <T>(work: (q: Query) => Promise<T>) => database.db.transaction({ role: 'service_role' }, work);
  const asUser = <T>(id: string, work: (q: Query) => Promise<T>) => database.db.transaction({ role: 'authenticated', sub: id }, work);
  try {
    console.log(database.label);
    // ---- data: FOLLOWERS members follow Rosa's; one member follows BUSY_BUSINESSES businesses with EVENTS_EACH events each
    await admin(
      `with members as (
         insert into public.profiles (email, name, role, home_city_id)
         select 'fan-out-' || i || '@example.com', 'Follower ' || i, 'USER', $2::uuid from generate_series(1, $1::int) i
         returning id)
       insert into public.follows (user_id, merchant_id, created_at) select id, $3::uuid, now() - interval '30 days' from members`,
      [FOLLOWERS, SEED.lyonsId, SEED.activeMerchantId],
    );
    const [{ id: busyMember }] = await database.admin.query<{ id: string }>(
      `insert into public.profiles (email, name, role) values ('fan-out-busy@example.com', 'Busy Follower', 'USER') returning id`);
    await admin(
      `with owners as (
         insert into public.profiles (email, name, role) select 'fan-out-owner-' || i || '@example.com', 'Owner ' || i, 'MERCHANT'
           from generate_series(1, $1::int) i returning id),
       businesses as (
         insert into public.merchants (owner_user_id, name, address, active, city_id)
         select id, 'Busy ' || left(id::text, 8), '1 Main', true, $3::uuid from owners returning id),
       followed as (
         insert into public.follows (user_id, merchant_id, created_at) select $2::uuid, id, now() - interval '60 days' from businesses)
       insert into public.notification_events (merchant_id, type, data, created_at)
       select b.id, 'BUSINESS_UPDATE', jsonb_build_object('merchantName', 'Busy', 'previewText', 'Update ' || g),
              now() - interval '50 days' + g * interval '6 hours'
         from businesses b cross join generate_series(1, $4::int) g`,
      [BUSY_BUSINESSES, busyMember, SEED.lyonsId, EVENTS_EACH],
    );
    const [{ id: tenFollowers }] = await database.admin.query<{ id: string }>(
      `select id from public.merchants where active and id <> $1 and id in (select merchant_id from public.follows) limit 1`, [SEED.activeMerchantId]);
    const [{ id: noFollowers }] = await database.admin.query<{ id: string }>(
      `select id from public.merchants where active and not exists (select 1 from public.follows f where f.merchant_id = merchants.id) limit 1`);
    await admin(`analyze`);

    // ---- posting: the merchant's transaction
    const post = (merchantId: string) => asService((q) => q(
      `select private.notify_followers($1, 'BUSINESS_UPDATE', null, '{"merchantName":"Bench","previewText":"Bench post"}'::jsonb)`, [merchantId]));
    const rows: string[] = [];
    for (const [label, merchant] of [['0 followers', noFollowers], ['1 follower', tenFollowers], [`${FOLLOWERS.toLocaleString('en-US')} followers`, SEED.activeMerchantId]] as const) {
      const t = await timed(RUNS, () => post(merchant));
      rows.push(`| post (notify_followers), ${label} | ${ms(t.p50)} | ${ms(t.p99)} |`);
    }
    // The former definition (one row and one realtime.send per follower), for comparison.
    await admin(`create function private.bench_former_notify(p_merchant uuid) returns integer language sql as $$
      with stored as (
        insert into public.notifications (user_id, type, merchant_id, data)
        select f.user_id, 'BUSINESS_UPDATE', p_merchant, '{"merchantName":"Bench","previewText":"Former"}'::jsonb
          from public.follows f where f.merchant_id = p_merchant
        returning id, user_id, type)
      select count(realtime.send(jsonb_build_object('id', s.id, 'type', s.type), 'notification', 'user:' || s.user_id::text, true))::int from stored s $$`);
    const former = await timed(3, () => asService((q) => q(`select private.bench_former_notify($1)`, [SEED.activeMerchantId])));
    rows.push(`| former post (a row + a send per follower), ${FOLLOWERS.toLocaleString('en-US')} followers | ${ms(former.p50)} | ${ms(former.p99)} |`);
    await admin(`delete from public.notifications where data->>'previewText' = 'Former'`);

    // ---- a queued fan-out's work outside the request: the same rows, 5,000 per transaction, keyset over followers
    const queuedStarted = performance.now();
    let cursor = '00000000-0000-0000-0000-000000000000';
    let batches = 0;
    for (;;) {
      const [last] = await asService((q) => q<{ last: string | null }>(
        `with batch as (
           select f.user_id from public.follows f where f.merchant_id = $1 and f.user_id > $2::uuid order by f.user_id limit 5000),
         stored as (
           insert into public.notifications (user_id, type, merchant_id, data)
           select user_id, 'BUSINESS_UPDATE', $1, '{"merchantName":"Bench","previewText":"Queued"}'::jsonb from batch)
         select max(user_id::text) as last from batch`, [SEED.activeMerchantId, cursor]));
      if (!last.last) break;
      cursor = last.last;
      batches++;
    }
    const queued = performance.now() - queuedStarted;
    rows.push(`| queued fan-out: ${FOLLOWERS.toLocaleString('en-US')} rows in ${batches} batches of 5,000 (one worker, outside the request) | ${ms(queued)} total | |`);
    await admin(`delete from public.notifications where data->>'previewText' = 'Queued'`);

    // ---- reading: GET /api/notifications's statement, as the member
    const [{ id: follower }] = await database.admin.query<{ id: string }>(`select id from public.profiles where email = 'fan-out-7@example.com'`);
    const list = (who: string) => asUser(who, (q) => q(`select n.id from private.member_notifications(100) n`));
    const [{ n: seen }] = await asUser(follower, (q) => q<{ n: number }>(`select count(*)::int as n from private.member_notifications(100)`));
    const a = await timed(RUNS, () => list(follower));
    rows.push(`| read: a follower of the ${FOLLOWERS.toLocaleString('en-US')}-follower business (${seen} events) | ${ms(a.p50)} | ${ms(a.p99)} |`);
    const b = await timed(RUNS, () => list(busyMember));
    rows.push(`| read: a member following ${BUSY_BUSINESSES} businesses x ${EVENTS_EACH} events | ${ms(b.p50)} | ${ms(b.p99)} |`);
    const legacy = await timed(RUNS, () => asUser(SEED.member.id, (q) => q(
      `select n.id from public.notifications n order by n.created_at desc, n.id desc limit 100`)));
    rows.push(`| read: former list (own rows only), for reference | ${ms(legacy.p50)} | ${ms(legacy.p99)} |`);

    console.log(`${RUNS} runs each (p99 of ${RUNS} runs is their maximum)\n| what | p50 | p99 |\n|---|---|---|\n${rows.join('\n')}`);
  } finally {
    await database.close();
  }
}
