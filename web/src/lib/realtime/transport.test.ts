import { describe, expect, it, vi } from 'vitest';
import { lazyRealtimeClient } from './connect';
import { connectRealtime } from './transport';

describe('the "none" transport (a server without realtime)', () => {
  it('connects once and never retries, even when the network comes back', async () => {
    const network = new EventTarget();
    const connect = vi.fn(() => connectRealtime({ transport: 'none' }));
    const client = lazyRealtimeClient({ connect, network: network as never });
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    const handler = vi.fn();
    client.subscribe('user:1', handler);
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1));
    network.dispatchEvent(new Event('online'));
    client.subscribe('city:2', () => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
    client.close();
  });
});
