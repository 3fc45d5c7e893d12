import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import type { OutboxAction } from './outbox-entry';
import { memoryOutboxStore } from './outbox-store';
import { BUSY_REASON, type ActionSender, type SendOutcome } from './send-entry';

const markRead = (id: string): OutboxAction => ({
  method: 'POST',
  url: `/api/notifications/${id}/read`,
  label: 'Mark notification as read',
  kind: 'notifications.read',
  invalidate: [['/api/notifications']],
});

/** A fake server: applies each key once, like the Idempotency-Key middleware, and records every send. */
function fakeServer() {
  const applied = new Map<string, string>();
  const sends: { url: string; key: string }[] = [];
  let online = true;
  const refuse = new Set<string>();
  /** URLs the server answers 429 (too many, try again in 120 s). */
  const throttle = new Set<string>();
  /** Keys the server holds "in progress" (a crash left them held until their lease ends, in 30 s). */
  const held = new Set<string>();
  const send: ActionSender = async (action, key) => {
    if (!online) return { kind: 'offline' };
    sends.push({ url: action.url, key });
    if (held.has(key)) return { kind: 'busy', retryAfterSeconds: 30, reason: BUSY_REASON };
    if (throttle.has(action.url)) {
      return { kind: 'throttled', retryAfterSeconds: 120, reason: 'Too many wrong codes.', body: '{"message":"Too many wrong codes."}' };
    }
    if (refuse.has(action.url)) return { kind: 'rejected', status: 404, reason: 'Notification not found', error: '404: {"message":"Notification not found"}', body: '{"message":"Notification not found"}' };
    const replayed = applied.has(key);
    applied.set(key, action.url);
    return { kind: 'applied', status: 200, body: { ok: true }, replayed } satisfies SendOutcome;
  };
  return {
    send,
    sends,
    applied,
    refuse,
    throttle,
    held,
    setOnline: (value: boolean) => void (online = value),
    isOnline: () => online,
  };
}

function setup() {
  const server = fakeServer();
  const store = memoryOutboxStore();
  let n = 0;
  const clock = { ms: 1000 };
  const outbox = createOutbox({ store, send: server.send, isOnline: server.isOnline, newKey: () => `key-${++n}`, now: () => clock.ms });
  return { server, store, outbox, clock };
}

/** The outbox of user u1, online. */
async function signedIn() {
  const parts = setup();
  await parts.outbox.setUser('u1');
  return parts;
}

/**
 * The outbox of user u1, online, whose first send gets no answer (the network dropped it) while later sends reach
 * the fake server; every new key is `key`.
 */
async function firstAnswerLost(key: string) {
  const server = fakeServer();
  let calls = 0;
  const flaky: ActionSender = async (action, sentKey) => (++calls === 1 ? { kind: 'offline' } : server.send(action, sentKey));
  const outbox = createOutbox({ store: memoryOutboxStore(), send: flaky, isOnline: () => true, newKey: () => key });
  await outbox.setUser('u1');
  return { server, outbox };
}

/** The outbox of user u1 gone offline, holding "mark as read" for each of `ids`, in order; the server stays offline. */
async function queuedOffline(...ids: string[]) {
  const parts = await signedIn();
  parts.server.setOnline(false);
  for (const id of ids) await parts.outbox.request(markRead(id));
  return parts;
}

describe('outbox and 429 (decision 168)', () => {
  it('keeps a throttled entry pending until its Retry-After, and the entries after it still go', async () => {
    const { server, outbox, clock } = await queuedOffline('n1', 'n2');
    server.throttle.add('/api/notifications/n1/read');
    server.setOnline(true);
    const summary = await outbox.replay();
    expect(summary).toMatchObject({ applied: 1, failed: 0, interrupted: false, retryAt: 1000 + 120_000 });
    expect(outbox.getEntries().map((e) => [e.key, e.status, e.error, e.retryAt])).toEqual([['key-1', 'pending', 'Too many wrong codes.', 121_000]]);
    // Before its time it is not sent again; new actions do not queue behind it.
    server.throttle.clear();
    const sendsBefore = server.sends.length;
    expect((await outbox.replay()).applied).toBe(0);
    expect(server.sends).toHaveLength(sendsBefore);
    expect(await outbox.request(markRead('n3'))).toEqual({ queued: false, data: { ok: true } });
    // Its time come, it goes under its own key.
    clock.ms = 121_000;
    expect((await outbox.replay()).applied).toBe(1);
    expect(outbox.getEntries()).toEqual([]);
    expect(server.applied.get('key-1')).toBe('/api/notifications/n1/read');
  });

  it('a 429 on a direct call is an error to show, not a queued action', async () => {
    const { server, outbox } = await signedIn();
    server.throttle.add('/api/notifications/n1/read');
    await expect(outbox.request(markRead('n1'))).rejects.toMatchObject({ status: 429, serverMessage: 'Too many wrong codes.' });
    expect(outbox.getEntries()).toEqual([]);
  });
});

describe('outbox and a key a crash left in progress (decision 175)', () => {
  it('keeps the held entry pending with what to expect, and the actions after it still go', async () => {
    const { server, outbox, clock } = await queuedOffline('n1', 'n2', 'n3');
    server.held.add('key-1');
    server.setOnline(true);
    const summary = await outbox.replay();
    expect(summary).toMatchObject({ applied: 2, interrupted: false, retryAt: 1000 + 30_000 });
    expect(outbox.getEntries().map((e) => [e.key, e.status, e.error])).toEqual([['key-1', 'pending', BUSY_REASON]]);
    // New actions do not wait behind it.
    expect(await outbox.request(markRead('n4'))).toEqual({ queued: false, data: { ok: true } });
    // Its lease over, the server settles it under the same key.
    server.held.clear();
    clock.ms = 31_000;
    expect((await outbox.replay()).applied).toBe(1);
    expect(outbox.getEntries()).toEqual([]);
    expect(server.applied.get('key-1')).toBe('/api/notifications/n1/read');
  });
});

describe('outbox', () => {
  it('sends at once when online, still with an idempotency key', async () => {
    const { server, outbox } = await signedIn();
    const result = await outbox.request(markRead('n1'));
    expect(result).toEqual({ queued: false, data: { ok: true } });
    expect(server.sends).toEqual([{ url: '/api/notifications/n1/read', key: 'key-1' }]);
    expect(outbox.getEntries()).toHaveLength(0);
  });

  it('queues offline actions and replays them in order, each exactly once', async () => {
    const { server, outbox } = await queuedOffline();
    const first = await outbox.request(markRead('n1'));
    const second = await outbox.request(markRead('n2'));
    expect(first.queued && second.queued).toBe(true);
    expect(outbox.getEntries().map((e) => [e.key, e.status])).toEqual([['key-1', 'pending'], ['key-2', 'pending']]);
    expect(server.sends).toHaveLength(0);

    server.setOnline(true);
    const applied: string[] = [];
    outbox.onApplied((entry) => applied.push(entry.url));
    // Two triggers at once (the online event and a screen) share one run.
    const [a, b] = await Promise.all([outbox.replay(), outbox.replay()]);
    expect(a).toEqual(b);
    expect(a.applied).toBe(2);
    expect(server.sends.map((s) => s.key)).toEqual(['key-1', 'key-2']);
    expect(applied).toEqual(['/api/notifications/n1/read', '/api/notifications/n2/read']);
    expect(outbox.getEntries()).toHaveLength(0);

    await outbox.replay();
    expect(server.sends).toHaveLength(2);
  });

  it('keeps an entry the server refuses, with the reason, and goes on with the rest', async () => {
    const { server, outbox } = await queuedOffline('gone', 'n2');
    server.refuse.add('/api/notifications/gone/read');
    server.setOnline(true);

    const summary = await outbox.replay();
    expect(summary).toMatchObject({ applied: 1, failed: 1, interrupted: false });
    expect(outbox.getEntries()).toMatchObject([{ url: '/api/notifications/gone/read', status: 'failed', error: 'Notification not found', attempts: 1 }]);

    // A later replay leaves failed entries alone; the person decides.
    await outbox.replay();
    expect(server.sends.filter((s) => s.url.includes('gone'))).toHaveLength(1);
  });

  it('retry sends a failed entry again under a new key at the end of the queue; discard drops it', async () => {
    const { server, outbox } = await queuedOffline('gone', 'other');
    server.refuse.add('/api/notifications/gone/read');
    server.refuse.add('/api/notifications/other/read');
    server.setOnline(true);
    await outbox.replay();
    const [gone, other] = outbox.getEntries();

    server.refuse.delete('/api/notifications/gone/read');
    await outbox.retry(gone.seq!);
    expect(server.sends.at(-1)).toEqual({ url: '/api/notifications/gone/read', key: 'key-3' });
    expect(outbox.getEntries().map((e) => e.url)).toEqual(['/api/notifications/other/read']);

    await outbox.discard(other.seq!);
    expect(outbox.getEntries()).toHaveLength(0);
  });

  it('stops when the network drops mid-replay and resumes later under the same keys', async () => {
    const { server, store, outbox } = await queuedOffline('n1', 'n2');

    const summary = await outbox.replay();
    expect(summary).toMatchObject({ applied: 0, interrupted: true, waiting: 2 });
    expect([...store.rows.values()].map((e) => e.status)).toEqual(['pending', 'pending']);

    server.setOnline(true);
    await outbox.replay();
    expect(server.sends.map((s) => s.key)).toEqual(['key-1', 'key-2']);
  });

  it('resends an entry left "sending" by a crash with its original key, and the server does not apply it twice', async () => {
    const { server, store, outbox } = setup();
    // The first attempt reached the server, then the tab died before the answer was stored.
    server.applied.set('key-crash', '/api/notifications/n1/read');
    await store.add({ ...markRead('n1'), key: 'key-crash', userId: 'u1', createdAt: 1, status: 'sending', attempts: 1 });
    await outbox.setUser('u1');
    expect(outbox.getEntries()).toHaveLength(1);

    const replays: boolean[] = [];
    outbox.onApplied((_entry, outcome) => replays.push(outcome.replayed));
    await outbox.replay();
    expect(server.sends).toEqual([{ url: '/api/notifications/n1/read', key: 'key-crash' }]);
    expect(replays).toEqual([true]);
    expect(server.applied.size).toBe(1);
  });

  it('queues behind waiting entries even when online, so the order holds', async () => {
    const { server, outbox } = await queuedOffline('n1');
    server.setOnline(true);
    const result = await outbox.request(markRead('n2'));
    expect(result.queued).toBe(true);
    await outbox.replay();
    expect(server.sends.map((s) => s.url)).toEqual(['/api/notifications/n1/read', '/api/notifications/n2/read']);
  });

  it("queues an online call whose answer never came, under the same key", async () => {
    const { server, outbox } = await firstAnswerLost('only-key');
    const result = await outbox.request(markRead('n1'));
    expect(result.queued && result.entry.key).toBe('only-key');
    await outbox.replay();
    expect(server.sends).toEqual([{ url: '/api/notifications/n1/read', key: 'only-key' }]);
  });

  it('stores what toQueue makes of an action that cannot be sent, under the key of the first attempt', async () => {
    const { outbox } = await firstAnswerLost('first-key');
    const result = await outbox.request(
      { method: 'POST', url: '/api/merchant/verify-code', body: { code: '123456' }, label: 'Verify', kind: 'counter.verify-code' },
      { toQueue: (action) => ({ ...action, body: { code: '123456', verifiedAt: 'then' }, label: 'Redeem Latte deal' }) },
    );
    expect(result.queued && [result.entry.key, result.entry.body, result.entry.label]).toEqual(['first-key', { code: '123456', verifiedAt: 'then' }, 'Redeem Latte deal']);
  });

  it('does not queue when toQueue refuses', async () => {
    const { outbox } = await queuedOffline();
    const refused = outbox.request(markRead('n1'), { toQueue: () => Promise.reject(new Error('422: not recognised')) });
    await expect(refused).rejects.toThrow('422');
    expect(outbox.getEntries()).toHaveLength(0);
  });

  it('throws the request helper error when the server refuses a direct call', async () => {
    const { server, outbox } = await signedIn();
    server.refuse.add('/api/notifications/gone/read');
    await expect(outbox.request(markRead('gone'))).rejects.toThrow('404: {"message":"Notification not found"}');
    expect(outbox.getEntries()).toHaveLength(0);
  });

  it("shows and replays only the signed-in user's entries", async () => {
    const { server, outbox } = await queuedOffline('mine');
    await outbox.setUser('u2');
    expect(outbox.getEntries()).toHaveLength(0);
    server.setOnline(true);
    await outbox.replay();
    expect(server.sends).toHaveLength(0);
    await outbox.setUser('u1');
    expect(outbox.getEntries()).toHaveLength(1);
  });

  it('refuses to queue without a signed-in user', async () => {
    const { server, outbox } = setup();
    server.setOnline(false);
    await expect(outbox.request(markRead('n1'))).rejects.toThrow('Sign in');
  });
});
