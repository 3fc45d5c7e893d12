import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { startPushDouble, type PushDouble } from '../../../../tests/support/push-double.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { asAnon, asService, asUser } from '../../../../tests/support/test-database.ts';
import { claimDeliveries, expandOneBatch } from '../push/queue.ts';
import { drainPush, pushMessageFor } from './push-drain.ts';
import { encryptPushPayload, generateVapidKeys, importVapidKey, MAX_PLAINTEXT_BYTES } from '../ports/push/web-push-crypto.ts';
import { webPushSender } from '../ports/push/web-push-sender.ts';
import type { PushPort } from '../ports/push/push-port.ts';
import { isAllowedPushHost, KNOWN_PUSH_HOSTS } from '../config.ts';
import { PUSH_DEVICES_MAX } from '../../_shared/contract/push.ts';

const ROSA = SEED.activeMerchantId;
const keys = await generateVapidKeys();
const VAPID = { ...keys, subject: 'mailto:owner@paylocal.example' };

let double: PushDouble;
let t: TestApp;
let push: PushPort;

beforeAll(async () => {
  double = await startPushDouble();
  t = await createTestApp(
    { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: VAPID.subject, MAIL_DRAIN_SECRET: 'drain-secret-value', PUSH_ALLOWED_HOSTS: 'push.test' },
    (deps) => ({ ...deps, push: webPushSender(VAPID, double.fetch) }),
  );
  push = t.deps.push;
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const service = <T>(work: Parameters<typeof asService<T>>[1]) => asService(t.database, work);

/** A device of `userId`, subscribed at the double (as the browser would) and saved as that user. */
async function device(userId: string) {
  const sub = await double.subscribe(keys.publicKey);
  await asUser(t.database, userId, (q) => q(`select private.save_push_subscription($1, $2, $3)`, [sub.endpoint, sub.keys.p256dh, sub.keys.auth]));
  return sub;
}

const announce = (type: 'NEW_DEAL' | 'BUSINESS_UPDATE', dealId: string | null, data: Record<string, string>) =>
  service((q) => q(`select private.notify_followers($1, $2, $3, $4::text::jsonb)`, [ROSA, type, dealId, JSON.stringify(data)]));

/** `n` accounts ("Follower 1".."Follower n", push-<tag>-<i>@example.com) following Rosa's business. */
async function followersOfRosa(tag: string, n: number) {
  const others = await service((q) => q<{ id: string }>(
    `insert into public.profiles (email, name) select 'push-' || $1 || '-' || g || '@example.com', 'Follower ' || g
       from generate_series(1, $2::int) g on conflict (email) do update set name = excluded.name returning id`,
    [tag, n],
  ));
  await service((q) => q(`insert into public.follows (user_id, merchant_id) select unnest($1::uuid[]), $2 on conflict do nothing`, [others.map((o) => o.id), ROSA]));
  return others;
}

const unfollow = (others: { id: string }[]) =>
  service((q) => q(`delete from public.follows where user_id = any($1::uuid[])`, [others.map((o) => o.id)]));

const counts = () => service(async (q) => {
  const [row] = await q<{ jobs: number; pending_jobs: number; deliveries: number; subs: number }>(
    `select (select count(*)::int from private.push_jobs) as jobs,
            (select count(*)::int from private.push_jobs where status = 'pending') as pending_jobs,
            (select count(*)::int from private.push_deliveries) as deliveries,
            (select count(*)::int from public.push_subscriptions) as subs`,
  );
  return row;
});

beforeEach(async () => {
  await service(async (q) => {
    await q(`delete from private.push_deliveries`);
    await q(`delete from private.push_jobs`);
    await q(`delete from public.push_subscriptions`);
  });
  double.delivered.length = 0;
  double.refused.length = 0;
});

describe('RFC 8291 / RFC 8292 against the push-service double', () => {
  it('encrypts so the subscription holder can decrypt, signs a VAPID JWT for the endpoint origin, sends TTL and Urgency', async () => {
    const sub = await double.subscribe(keys.publicKey);
    const sender = webPushSender(VAPID, double.fetch);
    const outcome = await sender.send({ endpoint: sub.endpoint, ...sub.keys }, { payload: { title: 'Héllo ☕', n: 1 }, ttlSeconds: 60, urgency: 'high' });
    expect(outcome).toEqual({ kind: 'sent' });
    expect(double.refused).toEqual([]);
    expect(double.delivered).toEqual([expect.objectContaining({ payload: { title: 'Héllo ☕', n: 1 }, ttl: 60, urgency: 'high' })]);
  });

  it('the double refuses a JWT signed with another key, and an undecryptable body', async () => {
    const sub = await double.subscribe(keys.publicKey);
    const other = await generateVapidKeys();
    // Another key pair: k is not the subscription's applicationServerKey.
    expect(await webPushSender({ ...other, subject: VAPID.subject }, double.fetch)
      .send({ endpoint: sub.endpoint, ...sub.keys }, { payload: {}, ttlSeconds: 1, urgency: 'normal' })).toEqual({ kind: 'rejected', reason: 'HTTP 403' });
    // Encrypted for someone else's keys: the double cannot decrypt it.
    const stranger = await double.subscribe(keys.publicKey);
    const body = await encryptPushPayload(new TextEncoder().encode('{}'), stranger.keys);
    const res = await double.fetch(sub.endpoint, {
      method: 'POST', body,
      headers: { ttl: '1', 'content-encoding': 'aes128gcm', authorization: (await captureAuth(sub.endpoint)) },
    });
    expect(res.status).toBe(400);
    expect(double.refused.map((r) => r.reason)).toEqual(['k is not the key the subscription was made with', expect.stringMatching(/^cannot decrypt/)]);
  });

  it('refuses keys that do not match, payloads over one record, and non-https endpoints', async () => {
    const other = await generateVapidKeys();
    await expect(importVapidKey({ publicKey: keys.publicKey, privateKey: other.privateKey })).rejects.toThrow(/does not belong/);
    const sub = await double.subscribe(keys.publicKey);
    await expect(encryptPushPayload(new Uint8Array(MAX_PLAINTEXT_BYTES + 1), sub.keys)).rejects.toThrow(/too large/);
    expect(await push.send({ endpoint: 'http://push.test/send/x', ...sub.keys }, { payload: {}, ttlSeconds: 1, urgency: 'low' }))
      .toEqual({ kind: 'rejected', reason: 'endpoint is not https' });
  });
});

/** The Authorization header the sender would use for this endpoint's origin (via a recording fetch). */
async function captureAuth(endpoint: string): Promise<string> {
  let auth = '';
  const sub = await double.subscribe(keys.publicKey);
  await webPushSender(VAPID, async (_url, init) => {
    auth = new Headers(init?.headers).get('authorization') ?? '';
    return new Response(null, { status: 201 });
  }).send({ endpoint, ...sub.keys }, { payload: {}, ttlSeconds: 1, urgency: 'normal' });
  return auth;
}

describe('the queue', () => {
  it('a merchant posting an update enqueues one job in its request and sends nothing there; the drainer delivers to each device', async () => {
    const phone = await device(SEED.member.id);
    const laptop = await device(SEED.member.id);
    const merchant = t.agent('198.51.100.20');
    await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const res = await merchant.post('/api/merchant/updates', { message: 'Live music tonight' });
    expect(res.status).toBe(201);
    expect(double.delivered).toHaveLength(0);
    expect(await counts()).toMatchObject({ jobs: 1, pending_jobs: 1, deliveries: 0 });

    const result = await drainPush(t.database.db, push);
    expect(result).toMatchObject({ expanded: 2, sent: 2, gone: 0, retrying: 0, failed: 0 });
    expect(double.refused).toEqual([]);
    const ids = [phone, laptop].map((s) => s.endpoint.split('/').pop());
    expect(double.delivered.map((d) => d.subscriptionId).sort()).toEqual(ids.sort());
    expect(double.delivered[0].payload).toEqual({
      type: 'BUSINESS_UPDATE', title: "Rosa's River Cafe", body: 'Live music tonight', url: '/notifications',
    });
    expect(double.delivered[0].ttl).toBe(86400);
    expect(await counts()).toMatchObject({ pending_jobs: 0, deliveries: 0, subs: 2 });
    // Nothing twice.
    expect(await drainPush(t.database.db, push)).toMatchObject({ claimed: 0, sent: 0 });
    expect(double.delivered).toHaveLength(2);
  });

  it('NEW_DEAL opens the deal link; a rollback of the event leaves no job', async () => {
    await device(SEED.member.id);
    const dealId = '0d000000-0000-4000-8000-0000000000aa';
    await announce('NEW_DEAL', dealId, { merchantName: "Rosa's River Cafe", dealTitle: '2 for 1 coffee', previewText: 'x' });
    await drainPush(t.database.db, push);
    expect(double.delivered.map((d) => d.payload)).toEqual([{
      type: 'NEW_DEAL', title: "New deal at Rosa's River Cafe", body: '2 for 1 coffee', url: `/deals/${dealId}`, dealId, tag: `deal-${dealId}`,
    }]);
    await expect(service(async (q) => {
      await q(`select private.notify_followers($1, 'BUSINESS_UPDATE', null, '{"merchantName":"R","previewText":"p"}'::jsonb)`, [ROSA]);
      throw new Error('the cause fails');
    })).rejects.toThrow('the cause fails');
    expect(await counts()).toMatchObject({ jobs: 1, pending_jobs: 0 });
  });

  it('expands in batches by a cursor: every device once, also with two drainers at once', async () => {
    const others = await followersOfRosa('batch', 7);
    for (const o of others) await device(o.id);
    await device(others[0].id);
    await device(SEED.member.id);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'batch' });
    // Two expanders racing with batches of 2: 9 devices, no duplicates, job done.
    const race = async () => { let n = 0; for (let a; (a = await expandOneBatch(t.database.db, 2)) >= 0;) n += Math.max(0, a); return n; };
    const [a, b] = await Promise.all([race(), race()]);
    expect(a + b).toBe(9);
    expect(await counts()).toMatchObject({ pending_jobs: 0, deliveries: 9 });
    // Two senders at once claim disjoint rows.
    const [x, y] = await Promise.all([claimDeliveries(t.database.db, 5, 300), claimDeliveries(t.database.db, 5, 300)]);
    expect(x.length + y.length).toBe(9);
    expect(x.filter((r) => y.some((s) => s.id === r.id))).toEqual([]);
    await unfollow(others);
  });

  it('parallel drains over one queue (decision 180): each claims its own batches; no message twice, none lost', async () => {
    const others = await followersOfRosa('parallel', 60);
    const subs = [];
    for (const o of others) subs.push(await device(o.id));
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'parallel one' });
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'parallel two' });
    // Four drains at once, small batches so they interleave: expansion, claims and sends race.
    const drains = await Promise.all(Array.from({ length: 4 }, () =>
      drainPush(t.database.db, push, { expandBatch: 7, sendBatch: 5, concurrency: 3 })));
    const ids = new Set(subs.map((s) => s.endpoint.split('/').pop()));
    const received = double.delivered.filter((d) => ids.has(d.subscriptionId))
      .map((d) => `${d.subscriptionId}:${(d.payload as { body: string }).body}`);
    expect(received).toHaveLength(120); // 60 devices x 2 events, none lost ...
    expect(new Set(received).size).toBe(120); // ... none twice
    expect(drains.reduce((n, d) => n + d.sent, 0)).toBe(120);
    expect(drains.filter((d) => d.sent > 0).length).toBeGreaterThan(1); // the work was shared
    expect(await counts()).toMatchObject({ pending_jobs: 0, deliveries: 0 });
    await unfollow(others);
  });

  it('one call claims at most maxClaims messages (the Edge Function\'s CPU per request); the next call continues', async () => {
    const others = await followersOfRosa('capped', 12);
    for (const o of others) await device(o.id);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'capped' });
    const first = await drainPush(t.database.db, push, { sendBatch: 5, maxClaims: 7 });
    expect(first).toMatchObject({ claimed: 7, sent: 7 });
    expect(await counts()).toMatchObject({ deliveries: 5 });
    const second = await drainPush(t.database.db, push, { sendBatch: 5, maxClaims: 7 });
    expect(second).toMatchObject({ claimed: 5, sent: 5 });
    expect(await counts()).toMatchObject({ deliveries: 0, pending_jobs: 0 });
    await unfollow(others);
  });

  it('removes a subscription the push service answers 410 or 404, with its queued deliveries', async () => {
    const gone = await device(SEED.member.id);
    const missing = await device(SEED.member.id);
    const alive = await device(SEED.member.id);
    double.expire(gone.endpoint);
    double.respond(missing.endpoint, 404);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'gone' });
    expect(await drainPush(t.database.db, push)).toMatchObject({ sent: 1, gone: 2 });
    const left = await service((q) => q<{ endpoint: string }>(`select endpoint from public.push_subscriptions`));
    expect(left.map((r) => r.endpoint)).toEqual([alive.endpoint]);
    expect(await counts()).toMatchObject({ deliveries: 0 });
  });

  it('retries 429 and 5xx with backoff (honouring Retry-After), then gives up after the attempt limit; other 4xx at once', async () => {
    const busy = await device(SEED.member.id);
    const bad = await device(SEED.member.id);
    double.respond(busy.endpoint, 429, 1, { 'retry-after': '120' });
    double.respond(bad.endpoint, 400);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'retry' });
    expect(await drainPush(t.database.db, push)).toMatchObject({ sent: 0, retrying: 1, failed: 1 });
    const rows = () => service((q) => q<{ endpoint: string; status: string; attempts: number; wait: number; last_error: string }>(
      `select s.endpoint, d.status, d.attempts, extract(epoch from d.next_attempt_at - now())::int as wait, d.last_error
         from private.push_deliveries d join public.push_subscriptions s on s.id = d.subscription_id order by s.endpoint`,
    ));
    const busyRow = (await rows()).find((r) => r.endpoint === busy.endpoint)!;
    expect(busyRow).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 429' });
    expect(busyRow.wait).toBeGreaterThanOrEqual(110);
    expect((await rows()).find((r) => r.endpoint === bad.endpoint)).toMatchObject({ status: 'failed', last_error: 'HTTP 400' });
    // Not due yet: nothing is sent.
    expect(await drainPush(t.database.db, push)).toMatchObject({ claimed: 0 });
    // Due again and the service is fine now: delivered once, the row is gone.
    await service((q) => q(`update private.push_deliveries set next_attempt_at = now() where status = 'pending'`));
    expect(await drainPush(t.database.db, push)).toMatchObject({ sent: 1 });
    expect(double.delivered).toHaveLength(1);
    // A service that keeps failing: given up at the limit.
    double.respond(busy.endpoint, 503, 100);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'down' });
    for (let i = 0; i < 3; i++) {
      await drainPush(t.database.db, push, { maxAttempts: 3 });
      await service((q) => q(`update private.push_deliveries set next_attempt_at = now() where status = 'pending'`));
    }
    const down = (await rows()).filter((r) => r.endpoint === busy.endpoint);
    expect(down).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, last_error: 'HTTP 503' })]);
    double.respond(busy.endpoint, 503, 0);
  });

  it('a drainer that dies after claiming: the delivery is taken again only after the lease, and sent once', async () => {
    await device(SEED.member.id);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'crash' });
    await expandOneBatch(t.database.db, 100);
    const claimed = await claimDeliveries(t.database.db, 10, 300);
    expect(claimed).toHaveLength(1);
    // ...the drainer dies here. A restarted one inside the lease leaves it alone.
    expect(await drainPush(t.database.db, push)).toMatchObject({ claimed: 0 });
    expect(double.delivered).toHaveLength(0);
    await service((q) => q(`update private.push_deliveries set claimed_at = now() - interval '10 minutes'`));
    expect(await drainPush(t.database.db, push)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await drainPush(t.database.db, push)).toMatchObject({ claimed: 0 });
    expect(double.delivered).toHaveLength(1);
  });

  it('a sender that throws (a bug, a crash mid-request) counts as retryable, never loses the row', async () => {
    await device(SEED.member.id);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'throws' });
    const broken: PushPort = { publicKey: keys.publicKey, send: async () => { throw new TypeError('boom'); } };
    expect(await drainPush(t.database.db, broken)).toMatchObject({ retrying: 1 });
    expect(await counts()).toMatchObject({ deliveries: 1 });
  });

  it('builds short payloads that fit one record', () => {
    const long = 'x'.repeat(5000);
    const message = pushMessageFor({ type: 'BUSINESS_UPDATE', deal_id: null, data: { merchantName: long, previewText: long } });
    expect(new TextEncoder().encode(JSON.stringify(message.payload)).length).toBeLessThan(MAX_PLAINTEXT_BYTES);
  });
});

describe('the tables are closed to others (RLS both ways)', () => {
  it('a member sees and deletes only their own devices; cannot add one for someone else', async () => {
    const mine = await device(SEED.member.id);
    const theirs = await device(SEED.merchantOwner.id);
    const seen = await asUser(t.database, SEED.member.id, (q) => q<{ endpoint: string }>(`select endpoint from public.push_subscriptions`));
    expect(seen.map((r) => r.endpoint)).toEqual([mine.endpoint]);
    const deleted = await asUser(t.database, SEED.member.id, (q) => q(`delete from public.push_subscriptions where endpoint = $1 returning id`, [theirs.endpoint]));
    expect(deleted).toEqual([]);
    await expect(asUser(t.database, SEED.member.id, (q) => q(
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, 'https://push.test/send/forged', $2, $3)`,
      [SEED.merchantOwner.id, mine.keys.p256dh, mine.keys.auth],
    ))).rejects.toThrow(/row-level security/);
    await expect(asUser(t.database, SEED.member.id, (q) => q(`update public.push_subscriptions set auth = auth`))).rejects.toThrow(/permission denied/);
    const own = await asUser(t.database, SEED.member.id, (q) => q(`delete from public.push_subscriptions where endpoint = $1 returning id`, [mine.endpoint]));
    expect(own).toHaveLength(1);
    await expect(asAnon(t.database, (q) => q(`select * from public.push_subscriptions`))).rejects.toThrow(/permission denied/);
  });

  it('the queue tables and the expansion function are service_role only', async () => {
    for (const table of ['private.push_jobs', 'private.push_deliveries']) {
      await expect(asUser(t.database, SEED.member.id, (q) => q(`select * from ${table}`))).rejects.toThrow(/permission denied/);
    }
    await expect(asUser(t.database, SEED.member.id, (q) => q(`select private.expand_push_job(gen_random_uuid(), 1)`))).rejects.toThrow(/permission denied/);
    await expect(asUser(t.database, SEED.member.id, (q) => q(`select private.notify_followers($1, 'BUSINESS_UPDATE', null, '{}'::jsonb)`, [ROSA]))).rejects.toThrow(/permission denied/);
    await expect(asAnon(t.database, (q) => q(`select private.save_push_subscription('https://push.test/send/a', 'a', 'b')`))).rejects.toThrow(/permission denied/);
  });
});

describe('the push API', () => {
  it('GET /api/push/key answers the VAPID public key', async () => {
    const res = await t.agent().get('/api/push/key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: keys.publicKey });
  });

  it('POST/DELETE /api/push/subscriptions: signed in only, validated, per device, at most 10, bound to their owner', async () => {
    const sub = await double.subscribe(keys.publicKey);
    expect((await t.agent().post('/api/push/subscriptions', sub)).status).toBe(401);
    const member = t.agent('198.51.100.31');
    await member.login(SEED.member.email, SEED.member.password);
    expect((await member.post('/api/push/subscriptions', sub)).status).toBe(201);
    expect((await member.post('/api/push/subscriptions', sub)).status).toBe(201);
    const bad = [
      { ...sub, endpoint: 'http://push.test/send/plain' },
      { ...sub, endpoint: `https://push.test/${'a'.repeat(1100)}` },
      { ...sub, endpoint: 'https://127.0.0.1/send/x' },
      { ...sub, keys: { ...sub.keys, p256dh: 'short' } },
      { ...sub, keys: { auth: sub.keys.auth } },
      { endpoint: sub.endpoint },
    ];
    for (const body of bad) expect((await member.post('/api/push/subscriptions', body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await member.post('/api/push/subscriptions', { ...sub, endpoint: 'http://x' })).body.message).toMatch(/^The endpoint /);
    // Not a push service: refused, so the drainer can never be pointed at another host.
    for (const endpoint of ['https://internal.example/hook', 'https://push.test.evil.example/send/x', 'https://fcm.googleapis.com.evil.example/x']) {
      const refused = await member.post('/api/push/subscriptions', { ...sub, endpoint });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The endpoint is not a known push service');
    }
    // Only the standard https port of a push service (issue 28: `https://fcm.googleapis.com:22/x` got 201).
    for (const endpoint of ['https://fcm.googleapis.com:22/x', 'https://push.test:8443/send/x']) {
      const refused = await member.post('/api/push/subscriptions', { ...sub, endpoint });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.message).toBe('The endpoint must use the standard https port (443)');
    }
    expect((await counts()).subs).toBe(1);

    expect(PUSH_DEVICES_MAX).toBe(10);
    for (let i = 1; i < PUSH_DEVICES_MAX; i++) expect((await member.post('/api/push/subscriptions', await double.subscribe(keys.publicKey))).status).toBe(201);
    const eleventh = await member.post('/api/push/subscriptions', await double.subscribe(keys.publicKey));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toMatch(/at most 10 devices/);

    // Another account posting the same endpoint does not take it over (issue 28): 409, the owner's row stays.
    const merchant = t.agent('198.51.100.32');
    await merchant.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
    const taken = await merchant.post('/api/push/subscriptions', sub);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/belongs to another account/);
    expect((await merchant.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint })).body).toEqual({ removed: false });
    expect((await member.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint })).body).toEqual({ removed: true });
    expect((await merchant.request('DELETE', '/api/push/subscriptions', { endpoint: 'ftp://x' })).status).toBe(400);
    expect((await counts()).subs).toBe(9);
  });

  it('POST /api/internal/drain-push needs the drain secret and sends what is queued', async () => {
    await device(SEED.member.id);
    await announce('BUSINESS_UPDATE', null, { merchantName: 'R', previewText: 'cron' });
    expect((await t.agent().post('/api/internal/drain-push')).status).toBe(403);
    expect((await t.agent().request('POST', '/api/internal/drain-push', undefined, { 'x-drain-secret': 'wrong' })).status).toBe(403);
    const ok = await t.agent().request('POST', '/api/internal/drain-push', undefined, { 'x-drain-secret': 'drain-secret-value' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ sent: 1 });
    expect(double.delivered).toHaveLength(1);
  });
});

describe('push service hosts', () => {
  it('admits the browsers\' push services and their subdomains only', () => {
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'db5p.notify.windows.com', 'FCM.googleapis.com.']) {
      expect(isAllowedPushHost(host, KNOWN_PUSH_HOSTS), host).toBe(true);
    }
    for (const host of ['evil.example', 'fcm.googleapis.com.evil.example', 'notify.windows.com', 'xpush.apple.com', 'localhost', '127.0.0.1']) {
      expect(isAllowedPushHost(host, KNOWN_PUSH_HOSTS), host).toBe(false);
    }
  });
});
