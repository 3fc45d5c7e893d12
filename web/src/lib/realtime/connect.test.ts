import { describe, expect, it, vi } from 'vitest';
import { lazyRealtimeClient } from './connect';
import type { MessageHandler, RealtimeClient } from './realtime-client';

function fakeTransport() {
  const handlers = new Map<string, MessageHandler>();
  const client: RealtimeClient & { handlers: typeof handlers } = {
    handlers,
    subscribe: vi.fn((topic: string, handler: MessageHandler) => {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    }),
    onReconnect: vi.fn(() => () => {}),
    close: vi.fn(),
  };
  return client;
}

describe('lazyRealtimeClient', () => {
  it('connects on the first subscription only, and replays subscriptions made meanwhile', async () => {
    const transport = fakeTransport();
    const connect = vi.fn(async () => transport);
    const client = lazyRealtimeClient({ connect, network: new EventTarget() as never });
    expect(connect).not.toHaveBeenCalled();
    const handler = vi.fn();
    client.subscribe('user:1', handler);
    client.subscribe('city:9', () => {});
    await vi.waitFor(() => expect(transport.handlers.size).toBe(2));
    expect(connect).toHaveBeenCalledTimes(1);
    transport.handlers.get('user:1')!({ topic: 'user:1', event: 'notification', payload: {} });
    expect(handler).toHaveBeenCalled();
  });

  it('retries a failed connect when the network returns', async () => {
    const network = new EventTarget();
    const transport = fakeTransport();
    const connect = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(transport);
    const client = lazyRealtimeClient({ connect, network: network as never });
    client.subscribe('user:1', () => {});
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    network.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(transport.handlers.has('user:1')).toBe(true));
  });

  it('close() disconnects; a later subscription connects again', async () => {
    const first = fakeTransport();
    const second = fakeTransport();
    const connect = vi.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    const client = lazyRealtimeClient({ connect, network: new EventTarget() as never });
    const leave = client.subscribe('user:1', () => {});
    await vi.waitFor(() => expect(first.handlers.size).toBe(1));
    client.close();
    expect(first.close).toHaveBeenCalled();
    leave();
    client.subscribe('user:1', () => {});
    await vi.waitFor(() => expect(second.handlers.size).toBe(1));
  });
});
