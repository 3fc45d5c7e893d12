// Fan-out: a merchant with 100,000 followers creates a deal through the API. Since decision 180 the post
// stores one event and sends one message on merchant:<id> (fan-out on read). Reports the create call
// (committed), the time until a follower's notification list shows the deal, the time until a follower's
// open SSE stream (joined to the business's topic) receives the message, and the time until the embedded
// relay has delivered that one message to 100,000 subscribers of the topic (as if every follower were online).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { parseApiEnv } from '../supabase/functions/api/env.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { startRealtimeRelay } from '../local/realtime-relay.ts';
import { realtimeSseRoutes } from '../local/realtime-sse.ts';
import { createLocalServer } from '../local/server.ts';
import { SEED, TEST_ADMIN } from '../tests/support/constants.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** 99,999 generated members plus the seeded member (who keeps an SSE stream open) follow Rosa's. */
async function seedFollowers(query: (sql: string, params?: unknown[]) => Promise<unknown>) {
  await query(
    `with members as (
       insert into public.profiles (email, name, role, home_city_id)
       select 'bench-follower-' || i || '@example.com', 'Follower ' || i, 'USER', $2::uuid
         from generate_series(1, $1::int - 1) i
       returning id
     )
     insert into public.follows (user_id, merchant_id)
     select id, $3::uuid from members union all select $4::uuid, $3::uuid
     on conflict do nothing`,
    [FOLLOWERS, SEED.lyonsId, SEED.activeMerchantId, SEED.member.id],
  );
  await query('analyze public.follows');
  const [{ count }] = (await query(`select count(*)::int as count from public.follows where merchant_id = $1`, [SEED.activeMerchantId])) as { count: number }[];
  if (count !== FOLLOWERS) throw new Error(`expected ${FOLLOWERS} followers, found ${count}`);
}

async function signIn(base: string, who: { email: string; password: string }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login ${who.email}: ${res.status}`);
  return /pl_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

/** A browser-like SSE client: calls `onMessage` with each {topic, event, payload}. */
async function openStream(base: string, cookie: string, topics: string, onMessage: (m: { event: string; payload: { id?: string; type?: string } }) => void) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/realtime/events?topics=${topics}`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`events: ${res.status}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: ready')) ready();
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data && !block.startsWith('event:')) onMessage(JSON.parse(data.slice(6)));
      }
    }
  })();
  await isReady;
  return () => controller.abort();
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

export async function bench() {
  const database = await openBenchDatabase('notifications', 4);
  const relay = await startRealtimeRelay(database.db);
  const api = createApp(depsFromEnv(parseApiEnv({ ADMIN_EMAIL: TEST_ADMIN.email }), database.db));
  const app = createLocalServer({ api, staticDir: '/nonexistent', realtime: realtimeSseRoutes({ db: database.db, relay }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closeStream = () => {};
  try {
    const seedStarted = performance.now();
    await seedFollowers((sql, params) => database.admin.query(sql, params as unknown[]));
    console.log(`${database.label}; ${FOLLOWERS.toLocaleString('en-US')} followers seeded in ${ms(performance.now() - seedStarted)}`);

    const merchantCookie = await signIn(base, SEED.merchantOwner);
    const memberCookie = await signIn(base, SEED.member);

    // The seeded member's real SSE stream, and every follower's topic routed inside the relay.
    let sseAt = 0;
    let expectTitle = '';
    const topic = `merchant:${SEED.activeMerchantId}`;
    closeStream = await openStream(base, memberCookie, topic, (m) => {
      if (m.event === 'notification' && m.payload.type === 'NEW_DEAL' && expectTitle && !sseAt) sseAt = performance.now();
    });
    // Every follower online: FOLLOWERS subscribers of the one topic.
    let routed = 0;
    let allRoutedAt = 0;
    const onRouted = () => {
      if (++routed % FOLLOWERS === 0) allRoutedAt = performance.now();
    };
    // One function each: the relay keeps a set of subscribers per topic.
    const leave = Array.from({ length: FOLLOWERS }, () => relay.subscribe([topic], () => onRouted()));
    const unsubscribe = () => leave.forEach((l) => l());

    for (let run = 1; run <= RUNS; run++) {
      sseAt = 0;
      allRoutedAt = 0;
      expectTitle = `Bench deal ${run}`;
      const started = performance.now();
      const res = await fetch(`${base}/api/merchant/deals`, {
        method: 'POST',
        headers: { cookie: merchantCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ title: expectTitle, description: 'Half off everything for followers.', discountPercent: 50, category: 'food-drink' }),
      });
      const storedAt = performance.now();
      if (res.status !== 201) throw new Error(`create deal: ${res.status} ${await res.text()}`);
      const { id: dealId } = await res.json() as { id: string };
      const [{ count }] = await database.admin.query<{ count: number }>(
        `select count(*)::int as count from public.notification_events where deal_id = $1 and type = 'NEW_DEAL'`, [dealId]);
      if (count !== 1) throw new Error(`expected 1 stored event, found ${count}`);
      const inbox = await fetch(`${base}/api/notifications`, { headers: { cookie: memberCookie } });
      const listed = ((await inbox.json()) as { data: { dealTitle?: string } }[]).some((n) => n.data.dealTitle === expectTitle);
      const listedAt = performance.now();
      if (!listed) throw new Error('the follower\'s notification list does not show the deal');
      while (!sseAt || !allRoutedAt) await new Promise((resolve) => setTimeout(resolve, 5));
      console.log(
        `run ${run}: create call (1 event stored, 1 message sent) ${ms(storedAt - started)}; ` +
          `a follower's list shows it after ${ms(listedAt - started)}; ` +
          `follower's SSE event after ${ms(sseAt - started)}; the message delivered to ${FOLLOWERS.toLocaleString('en-US')} subscribers by the relay after ${ms(allRoutedAt - started)}`,
      );
    }
    unsubscribe();
  } finally {
    closeStream();
    server.close();
    await relay.close();
    await database.close();
  }
}

export default bench;
