import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('live only where seen (decision 180)', () => {
    function fakePage(visible = true) {
      const target = new EventTarget();
      return {
        visible,
        isVisible() { return this.visible; },
        addEventListener: (type: 'visibilitychange', listener: () => void) => target.addEventListener(type, listener),
        removeEventListener: (type: 'visibilitychange', listener: () => void) => target.removeEventListener(type, listener),
        set(next: boolean) { this.visible = next; target.dispatchEvent(new Event('visibilitychange')); },
      };
    }
    const options = (page: ReturnType<typeof fakePage>, connect: () => Promise<RealtimeClient>) =>
      ({ connect, network: new EventTarget() as never, visibility: page, hiddenGraceMs: 30_000, idleGraceMs: 10_000 });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a hidden page disconnects after the grace period, keeps its subscriptions, and reconnects (catching up) when seen', async () => {
      vi.useFakeTimers();
      const page = fakePage();
      const first = fakeTransport();
      const second = fakeTransport();
      const connect = vi.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
      const client = lazyRealtimeClient(options(page, connect));
      const handler = vi.fn();
      client.subscribe('user:1', handler);
      const catchUp = vi.fn();
      client.onReconnect(catchUp);
      await vi.waitFor(() => expect(first.handlers.size).toBe(1));

      page.set(false);
      await vi.advanceTimersByTimeAsync(29_000);
      expect(first.close).not.toHaveBeenCalled(); // a glance at another app costs nothing
      page.set(true);
      page.set(false);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(first.close).not.toHaveBeenCalled(); // the grace restarts with each hide
      await vi.advanceTimersByTimeAsync(1);
      expect(first.close).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(connect).toHaveBeenCalledTimes(1); // nothing while hidden

      page.set(true);
      await vi.waitFor(() => expect(second.handlers.has('user:1')).toBe(true));
      expect(connect).toHaveBeenCalledTimes(2);
      expect(second.onReconnect).toHaveBeenCalledWith(catchUp); // the transport calls it once live: the refetch
      second.handlers.get('user:1')!({ topic: 'user:1', event: 'notification', payload: {} });
      expect(handler).toHaveBeenCalledTimes(1);
      client.close();
    });

    it('does not connect while the page is hidden; connects when it is seen', async () => {
      const page = fakePage(false);
      const transport = fakeTransport();
      const connect = vi.fn(async () => transport);
      const client = lazyRealtimeClient(options(page, connect));
      client.subscribe('city:9', () => {});
      await new Promise((r) => setTimeout(r, 10));
      expect(connect).not.toHaveBeenCalled();
      page.set(true);
      await vi.waitFor(() => expect(transport.handlers.has('city:9')).toBe(true));
      client.close();
    });

    it('disconnects once no live screen is left for the idle grace, not when one screen replaces another', async () => {
      vi.useFakeTimers();
      const page = fakePage();
      const transport = fakeTransport();
      const connect = vi.fn(async () => transport);
      const client = lazyRealtimeClient(options(page, connect));
      const leaveHome = client.subscribe('city:9', () => {});
      await vi.waitFor(() => expect(transport.handlers.size).toBe(1));
      leaveHome();
      await vi.advanceTimersByTimeAsync(5_000);
      const leaveNotifications = client.subscribe('user:1', () => {}); // the next live screen
      await vi.advanceTimersByTimeAsync(60_000);
      expect(transport.close).not.toHaveBeenCalled();
      leaveNotifications();
      await vi.advanceTimersByTimeAsync(9_999);
      expect(transport.close).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(transport.close).toHaveBeenCalledTimes(1);
      expect(connect).toHaveBeenCalledTimes(1);
      client.close();
    });

    it('retries a failed connect after a jittered wait', async () => {
      vi.useFakeTimers();
      const page = fakePage();
      const transport = fakeTransport();
      const connect = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(transport);
      const client = lazyRealtimeClient({ ...options(page, connect), random: () => 0 });
      client.subscribe('user:1', () => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(connect).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(499);
      expect(connect).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1); // the lower end of the first step (500-1000 ms)
      expect(connect).toHaveBeenCalledTimes(2);
      client.close();
    });
  });
});
