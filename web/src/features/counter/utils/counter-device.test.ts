import { describe, expect, it } from 'vitest';
import { COUNTER_DEVICE_HEADER, counterDeviceId } from './counter-device';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('counter device id', () => {
  it('is made once and kept: the same id on every call', () => {
    const storage = memoryStorage();
    const first = counterDeviceId(storage);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(counterDeviceId(storage)).toBe(first);
    expect(storage.items.size).toBe(1);
  });

  it('replaces a stored value the API would refuse, and gives none without storage', () => {
    const storage = memoryStorage({ 'pay-local.counter-device': 'bad id!' });
    expect(counterDeviceId(storage)).not.toBe('bad id!');
    expect(counterDeviceId(undefined)).toBeNull();
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => undefined };
    expect(counterDeviceId(broken)).toBeNull();
    expect(COUNTER_DEVICE_HEADER).toBe('X-Counter-Device');
  });
});
