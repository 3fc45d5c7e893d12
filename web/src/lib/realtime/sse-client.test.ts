import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseClient } from './sse-client';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    if (type === 'ready') this.readyState = 1;
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) });
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1];

function setup() {
  const network = new EventTarget();
  const client = createSseClient({
    eventsUrl: '/api/realtime/events',
    userTopic: 'user:1',
    createEventSource: (url) => new FakeEventSource(url) as never,
    network: network as never,
    // The top of each jittered step: the delays below are the steps themselves (backoff.test.ts covers the jitter).
    random: () => 1,
  });
  return { client, network };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => vi.useRealTimers());

describe('SSE realtime client', () => {
  it('opens one stream for all topics once subscribers have mounted, and routes messages by topic', async () => {
    const { client } = setup();
    const mine = vi.fn();
    const city = vi.fn();
    client.subscribe('user:1', mine);
    client.subscribe('city:9', city);
    expect(FakeEventSource.all).toHaveLength(0);
    await vi.runOnlyPendingTimersAsync();
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/realtime/events?topics=city%3A9']);
    latest().emit('message', { topic: 'city:9', event: 'deal_changed', payload: { dealId: 'd' } });
    latest().emit('message', { topic: 'user:1', event: 'notification', payload: { id: 'n' } });
    latest().emit('message', 'not a message');
    expect(city).toHaveBeenCalledTimes(1);
    expect(mine).toHaveBeenCalledWith({ topic: 'user:1', event: 'notification', payload: { id: 'n' } });
    client.close();
  });

  it('tells listeners to catch up each time the stream is ready, and after the network returns', async () => {
    const { client, network } = setup();
    const catchUp = vi.fn();
    client.onReconnect(catchUp);
    client.subscribe('user:1', () => {});
    await vi.runOnlyPendingTimersAsync();
    latest().emit('ready', { topics: ['user:1'] });
    expect(catchUp).toHaveBeenCalledTimes(1);
    latest().fail(0); // dropped: the browser retries on its own
    latest().emit('ready', { topics: ['user:1'] });
    expect(catchUp).toHaveBeenCalledTimes(2);
    const before = FakeEventSource.all.length;
    network.dispatchEvent(new Event('online'));
    expect(FakeEventSource.all).toHaveLength(before + 1);
    expect(FakeEventSource.all[before - 1].readyState).toBe(2);
    latest().emit('ready', { topics: ['user:1'] });
    expect(catchUp).toHaveBeenCalledTimes(3);
    client.close();
  });

  it('retries a refused stream with growing delays', async () => {
    const { client } = setup();
    client.subscribe('user:1', () => {});
    await vi.runOnlyPendingTimersAsync();
    latest().fail(2);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().fail(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all).toHaveLength(3);
    client.close();
    expect(latest().readyState).toBe(2);
  });

  it('closes the stream when the last subscriber leaves', async () => {
    const { client } = setup();
    const leave = client.subscribe('user:1', () => {});
    await vi.runOnlyPendingTimersAsync();
    leave();
    await vi.runOnlyPendingTimersAsync();
    expect(latest().readyState).toBe(2);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
