// Issue 28 / decision 176: sessions now end on their own. A 401 while replaying must never drop the writes
// waiting in the outbox: they stay pending, in order, under their keys, for the next sign-in of that user.
import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import type { OutboxAction } from './outbox-entry';
import { memoryOutboxStore } from './outbox-store';
import { sendWithKey, type ActionSender } from './send-entry';

const markRead = (id: string): OutboxAction => ({
  method: 'POST', url: `/api/notifications/${id}/read`, label: 'Mark notification as read', kind: 'notifications.read',
});

describe('a session that ends while writes wait', () => {
  it('reads a 401 as signed out, not as a refusal', async () => {
    const fetch401 = (async () => new Response('{"message":"Please sign in"}', { status: 401 })) as typeof fetch;
    expect(await sendWithKey({ method: 'POST', url: '/api/x' }, 'k', fetch401)).toEqual({ kind: 'signed-out' });
  });

  it('keeps every entry pending through a 401 and sends them, same keys, after the next sign-in', async () => {
    let signedIn = true;
    let online = false;
    const sends: string[] = [];
    const send: ActionSender = async (action, key) => {
      if (!online) return { kind: 'offline' };
      if (!signedIn) return { kind: 'signed-out' };
      sends.push(`${action.url} ${key}`);
      return { kind: 'applied', status: 200, body: null, replayed: false };
    };
    let n = 0;
    const outbox = createOutbox({ store: memoryOutboxStore(), send, isOnline: () => online, newKey: () => `key-${++n}` });
    await outbox.setUser('u1');
    await outbox.request(markRead('a'));
    await outbox.request(markRead('b'));

    online = true;
    signedIn = false; // the session ended (idle timeout) while the phone was offline
    const summary = await outbox.replay();
    expect(summary).toMatchObject({ applied: 0, failed: 0, signedOut: true, interrupted: true });
    expect(outbox.getEntries().map((e) => e.status)).toEqual(['pending', 'pending']);

    await outbox.setUser(null); // the app learns it is signed out
    expect(outbox.getEntries()).toEqual([]);
    signedIn = true;
    await outbox.setUser('u1'); // the same member signs in again
    expect((await outbox.replay()).applied).toBe(2);
    expect(sends).toEqual(['/api/notifications/a/read key-1', '/api/notifications/b/read key-2']);
  });
});
