// Push fan-out (decision 110): a merchant with 100,000 followers, each with one device, creates a deal through
// the API. Reports how long the create call takes (it only enqueues one push job), then the wall time until
// the drainer has handed every push request to the push service (the local double, in this process), and the
// rate. The double checks every VAPID JWT and decrypts 1 in 100 bodies (BENCH_PUSH_DECRYPT_EVERY) so its own
// CPU stays out of the figure; the sender encrypts every message (a fresh ECDH key pair each, RFC 8291).
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { parseApiEnv } from '../supabase/functions/api/env.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { drainPush } from '../supabase/functions/api/jobs/push-drain.ts';
import { generateVapidKeys } from '../supabase/functions/api/ports/push/web-push-crypto.ts';
import { SEED, TEST_ADMIN } from '../tests/support/constants.ts';
import { startPushDouble } from '../tests/support/push-double.ts';
import { openBenchDatabase } from './support/bench-database.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_PUSH_CONCURRENCY ?? 64);
/** Drains running at once over the one queue (decision 180), each claiming its own batches. */
const DRAINS = Number(process.env.BENCH_PUSH_DRAINS ?? 1);
/** Claims per drain call, as the hosted drain endpoint (1,500: the Edge Function's CPU per request). */
const MAX_CLAIMS = Number(process.env.BENCH_PUSH_MAX_CLAIMS ?? 1_500);

const ms = (n: number) => `${n.toFixed(0)} ms`;
const count = (n: number) => n.toLocaleString('en-US');

export async function bench() {
  const database = await openBenchDatabase('push', 8);
  const double = await startPushDouble({ decryptEvery: Number(process.env.BENCH_PUSH_DECRYPT_EVERY ?? 100) });
  const keys = await generateVapidKeys();
  const deps = depsFromEnv(
    parseApiEnv({ ADMIN_EMAIL: TEST_ADMIN.email, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:bench@paylocal.example' }),
    database.db, { pushFetch: double.fetch },
  );
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const seedStarted = performance.now();
    const devices = await double.subscribeMany(FOLLOWERS, keys.publicKey);
    await database.admin.query(
      `with members as (
         insert into public.profiles (email, name, role, home_city_id)
         select 'bench-push-' || i || '@example.com', 'Follower ' || i, 'USER', $2::uuid
           from generate_series(1, $1::int) i
         returning id, email
       ), followed as (
         insert into public.follows (user_id, merchant_id) select id, $3::uuid from members
       )
       insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
       select m.id, d.endpoint, d.p256dh, d.auth
         from members m
         join unnest($4::text[], $5::text[], $6::text[]) with ordinality as d(endpoint, p256dh, auth, n) on m.email = 'bench-push-' || d.n || '@example.com'`,
      [FOLLOWERS, SEED.lyonsId, SEED.activeMerchantId, devices.map((d) => d.endpoint), devices.map((d) => d.keys.p256dh), devices.map((d) => d.keys.auth)],
    );
    await database.admin.query('analyze public.follows');
    await database.admin.query('analyze public.push_subscriptions');
    const [{ n }] = await database.admin.query<{ n: number }>(
      `select count(*)::int as n from public.follows f join public.push_subscriptions s on s.user_id = f.user_id where f.merchant_id = $1`,
      [SEED.activeMerchantId],
    );
    console.log(`${database.label}; ${count(n)} followers with one device each seeded in ${ms(performance.now() - seedStarted)}`);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SEED.merchantOwner),
    });
    const cookie = /pl_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];

    const started = performance.now();
    const res = await fetch(`${base}/api/merchant/deals`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench push deal', description: 'Half off for followers.', discountPercent: 50, category: 'food-drink' }),
    });
    const createdAt = performance.now();
    if (res.status !== 201) throw new Error(`create deal: ${res.status} ${await res.text()}`);
    if (double.requests !== 0) throw new Error('push requests were sent inside the request');

    let expanded = 0;
    let sent = 0;
    let retried = 0;
    const perDrain = Array.from({ length: DRAINS }, () => ({ sent: 0, calls: 0, busyMs: 0 }));
    // DRAINS loops at once, each calling drainPush as a scheduled call would (at most MAX_CLAIMS per call).
    await Promise.all(perDrain.map(async (mine) => {
      for (let idle = 0; sent < n;) {
        const callStarted = performance.now();
        const result = await drainPush(database.db, deps.push, { concurrency: CONCURRENCY, timeBudgetMs: 600_000, maxClaims: MAX_CLAIMS });
        mine.busyMs += performance.now() - callStarted;
        mine.calls++;
        mine.sent += result.sent;
        expanded += result.expanded;
        sent += result.sent;
        retried += result.retrying;
        if (result.failed) throw new Error(`${result.failed} deliveries failed`);
        if (result.claimed > 0 || result.expanded > 0) idle = 0;
        else if (sent < n) {
          // Deliveries waiting for their backoff (a timeout under load): due now, so the figure includes them;
          // or another drain holds the last claims: wait for it.
          await database.admin.query(`update private.push_deliveries set next_attempt_at = now() where status = 'pending'`);
          if (++idle > 2_000) throw new Error(`stalled at ${sent} of ${n}: ${JSON.stringify(result)}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    }));
    const doneAt = performance.now();
    const accepted = double.delivered.length;
    const checked = double.delivered.filter((d) => d.payload !== null);
    const distinct = new Set(double.delivered.map((d) => d.subscriptionId)).size;
    // Every device reached; a request that timed out after the push service accepted it is sent again (at least
    // once: the sender cannot know), so under heavy load a few devices get a second copy. Claims never overlap.
    if (distinct !== n || accepted - distinct > retried || double.refused.length) {
      throw new Error(`double accepted ${accepted} (${distinct} distinct; sent ${sent}, expanded ${expanded}, retried ${retried}), refused ${double.refused.length}`);
    }
    if (accepted > distinct) console.log(`  ${count(accepted - distinct)} devices got a second copy after a request timed out (of ${count(retried)} retried)`);
    if (!checked.every((d) => d.payload.url?.startsWith('/deals/'))) throw new Error('a decrypted payload is not the deal');
    const seconds = (doneAt - createdAt) / 1000;
    console.log(
      `create call (enqueues one job): ${ms(createdAt - started)}; ${count(expanded)} deliveries expanded and ` +
        `${count(accepted)} push requests accepted by the double in ${(seconds).toFixed(1)} s ` +
        `(${count(Math.round(accepted / seconds))} requests/s, ${CONCURRENCY} in flight; ${count(checked.length)} bodies decrypted and checked; ${count(retried)} retried after a timeout or 5xx)`,
    );
    for (const [i, d] of perDrain.entries()) {
      console.log(`  drain ${i + 1}: ${count(d.sent)} sent in ${d.calls} calls, ${count(Math.round(d.sent / (d.busyMs / 1000)))} messages/s while running`);
    }
    // Drains in one process share one CPU (encryption); hosted, each drain call is its own Edge Function with its own.
    const perDrainRate = perDrain.reduce((a, d) => a + d.sent, 0) / (perDrain.reduce((a, d) => a + d.busyMs, 0) / 1000);
    console.log(`  per drain: ${count(Math.round(perDrainRate))} messages/s; 100,000 followers handed to the push services with N drains on their own CPUs ≈ ` +
      [1, 4, 16, 64].map((d) => `${d}: ${(100_000 / (d * perDrainRate)).toFixed(0)} s`).join(', '));
    const [left] = await database.admin.query<{ d: number }>(`select count(*)::int as d from private.push_deliveries`);
    if (left.d !== 0) throw new Error(`${left.d} deliveries left`);
  } finally {
    server.close();
    await double.close();
    await database.close();
  }
}

export default bench;
