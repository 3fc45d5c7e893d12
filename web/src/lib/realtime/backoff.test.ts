import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './backoff';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, each wait a random point in the upper half of its step', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelayMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect([0, 1, 5].map((n) => reconnectDelayMs(n, () => 0))).toEqual([500, 1000, 15000]);
    expect(reconnectDelayMs(-3, () => 1)).toBe(1000);
  });

  it('spreads a thousand clients dropped at the same moment over the step (no second holds more than a few percent)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const delays = Array.from({ length: 1000 }, () => reconnectDelayMs(5, random)); // a 30 s step: 15-30 s
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(15_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
    const perSecond = new Map<number, number>();
    for (const d of delays) perSecond.set(Math.floor(d / 1000), (perSecond.get(Math.floor(d / 1000)) ?? 0) + 1);
    expect(perSecond.size).toBeGreaterThanOrEqual(15);
    expect(Math.max(...perSecond.values())).toBeLessThan(120);
  });
});
