// The embedded realtime transport end to end, in process: NOTIFY -> relay -> SSE, per signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../tests/support/constants.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { startRealtimeRelay, type RealtimeRelay } from './realtime-relay.ts';
import { DEFAULT_MAX_STREAMS_PER_SESSION, realtimeSseRoutes, TOO_MANY_STREAMS_MESSAGE } from './realtime-sse.ts';
import { createLocalServer } from './server.ts';

let t: TestApp;
let relay: RealtimeRelay;
let server: ReturnType<typeof createLocalServer>;
const SECOND = { email: 'second-member@example.com', password: 'secret123' };

beforeAll(async () => {
  t = await createTestApp();
  relay = await startRealtimeRelay(t.database.db);
  server = createLocalServer({
    api: t.app, staticDir: '/nonexistent',
    realtime: realtimeSseRoutes({ db: t.database.db, relay, keepAliveMs: 50 }),
  });
  await t.agent().post('/api/auth/register', { role: 'USER', name: 'Second Member', ...SECOND });
});
afterAll(async () => {
  await relay.close();
  await t.close();
});

async function cookieOf(who: { email: string; password: string }) {
  const res = await server.request('http://localhost/api/auth/login', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who),
  });
  return /pl_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

/** Opens the stream and reads it event by event. */
async function open(cookie: string, topics = '') {
  const res = await server.request(`http://localhost/api/realtime/events${topics ? `?topics=${topics}` : ''}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  async function next(): Promise<{ event: string; data: any } | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':'));
        if (lines.length === 0) continue; // keep-alive comment
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
        return { event, data: JSON.parse(data) };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  }
  return { next, close: () => reader.cancel() };
}

const send = (topic: string, event: string, payload: object) =>
  t.database.admin.query(`select realtime.send($1::text::jsonb, $2, $3, true)`, [JSON.stringify(payload), event, topic]);

describe('GET /api/realtime/events', () => {
  it('refuses visitors (401), malformed topics (400) and other users\' topics (403)', async () => {
    expect((await server.request('http://localhost/api/realtime/events')).status).toBe(401);
    const cookie = await cookieOf(SEED.member);
    const bad = await server.request('http://localhost/api/realtime/events?topics=admin:all', { headers: { cookie } });
    expect(bad.status).toBe(400);
    const other = await server.request(`http://localhost/api/realtime/events?topics=user:${SEED.merchantOwner.id}`, { headers: { cookie } });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: `You may not join user:${SEED.merchantOwner.id}` });
  });

  it('relays a business\'s post to those who joined its topic, and city events to those who joined the city', async () => {
    const memberCookie = await cookieOf(SEED.member);
    const rosaTopic = `merchant:${SEED.activeMerchantId}`;
    const member = await open(memberCookie, `city:${SEED.lyonsId},${rosaTopic}`);
    expect(await member.next()).toEqual({ event: 'ready', data: { topics: [`user:${SEED.member.id}`, `city:${SEED.lyonsId}`, rosaTopic] } });
    const second = await open(await cookieOf(SECOND));
    expect((await second.next())?.event).toBe('ready');
    expect(relay.size).toBe(2);

    await server.request(`http://localhost/api/businesses/${SEED.activeMerchantId}/follow`, { method: 'POST', headers: { cookie: memberCookie } });
    const ownerCookie = await cookieOf(SEED.merchantOwner);
    await server.request('http://localhost/api/merchant/updates', {
      method: 'POST', headers: { cookie: ownerCookie, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Pie day' }),
    });
    const received = await member.next();
    expect(received).toEqual({
      event: 'message',
      data: { topic: rosaTopic, event: 'notification', payload: { id: expect.any(String), type: 'BUSINESS_UPDATE', merchantId: SEED.activeMerchantId } },
    });

    // The second member did not follow: the first thing they receive is what is addressed to them.
    await send(`user:${SEED.member.id}`, 'notification', { id: 'not-for-second' });
    await send(`city:${SEED.longmontId}`, 'deal_changed', { dealId: 'longmont' });
    await send(`city:${SEED.lyonsId}`, 'deal_changed', { dealId: 'lyons' });
    await send(`user:${(await t.database.admin.query<{ id: string }>(`select id from public.profiles where email = $1`, [SECOND.email]))[0].id}`,
      'notification', { id: 'for-second' });
    expect((await second.next())?.data.payload).toEqual({ id: 'for-second' });
    expect((await member.next())?.data.payload).toEqual({ id: 'not-for-second' });
    expect((await member.next())?.data).toEqual({ topic: `city:${SEED.lyonsId}`, event: 'deal_changed', payload: { dealId: 'lyons' } });

    await member.close();
    await second.close();
    await expect.poll(() => relay.size).toBe(0);
  });

  it('ends the stream once the session is signed out', async () => {
    const cookie = await cookieOf(SEED.member);
    const stream = await open(cookie);
    expect((await stream.next())?.event).toBe('ready');
    await server.request('http://localhost/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(await stream.next()).toBeNull();
  });
});

describe('streams per session', () => {
  it('caps concurrent live-update streams per session (429), and frees a slot when one closes', async () => {
    const cookie = await cookieOf(SEED.member);
    const streams = [];
    for (let i = 0; i < DEFAULT_MAX_STREAMS_PER_SESSION; i++) {
      const stream = await open(cookie);
      expect((await stream.next())?.event).toBe('ready');
      streams.push(stream);
    }
    const refused = await server.request('http://localhost/api/realtime/events', { headers: { cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_STREAMS_MESSAGE });
    // Another session of the same person is not affected.
    const other = await open(await cookieOf(SEED.member));
    expect((await other.next())?.event).toBe('ready');
    await other.close();
    await streams.pop()!.close();
    await expect.poll(async () => {
      const res = await server.request('http://localhost/api/realtime/events', { headers: { cookie } });
      const ok = res.status === 200;
      if (ok) await res.body!.cancel();
      return ok;
    }, { timeout: 5000 }).toBe(true);
    for (const stream of streams) await stream.close();
  });
});
