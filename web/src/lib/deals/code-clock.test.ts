import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeTick, tickSubscribers } from './code-clock';

describe('the shared countdown clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every subscriber, on whole seconds, and stops when the last one leaves', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T10:00:00.400Z'));
    const a: number[] = [];
    const b: number[] = [];
    const stopA = subscribeTick((now) => a.push(now));
    const stopB = subscribeTick((now) => b.push(now));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(a).toHaveLength(3);
    expect(b).toEqual(a);
    // Just after each whole second.
    for (const now of a) expect(now % 1000).toBe(5);
    stopA();
    vi.advanceTimersByTime(1000);
    expect(a).toHaveLength(3);
    expect(b).toHaveLength(4);
    stopB();
    expect(tickSubscribers()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
