import { describe, expect, it, vi } from 'vitest';
import { TopicHub } from './topic-hub';

describe('TopicHub', () => {
  it('dispatches a message only to the handlers of its topic', () => {
    const hub = new TopicHub();
    const mine = vi.fn();
    const city = vi.fn();
    hub.subscribe('user:1', mine);
    hub.subscribe('city:9', city);
    hub.dispatch({ topic: 'user:1', event: 'notification', payload: { id: 'n1' } });
    expect(mine).toHaveBeenCalledWith({ topic: 'user:1', event: 'notification', payload: { id: 'n1' } });
    expect(city).not.toHaveBeenCalled();
  });

  it('reports topic changes only when a topic is added or its last handler leaves', () => {
    const changes: string[][] = [];
    const hub = new TopicHub((topics) => changes.push(topics));
    const a = hub.subscribe('user:1', () => {});
    const b = hub.subscribe('user:1', () => {});
    const c = hub.subscribe('city:9', () => {});
    a();
    b();
    c();
    c(); // twice is harmless
    expect(changes).toEqual([['user:1'], ['city:9', 'user:1'], ['city:9'], []]);
  });

  it('calls reconnect listeners until they are removed', () => {
    const hub = new TopicHub();
    const listener = vi.fn();
    const remove = hub.onReconnect(listener);
    hub.reconnected();
    remove();
    hub.reconnected();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
