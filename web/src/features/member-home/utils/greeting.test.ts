import { describe, expect, it } from 'vitest';
import { greetingLine, isFirstVisit, rememberGreeted } from './greeting';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe('greeting', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('says "Welcome" to a new account the first time, "Welcome back" once greeted on this device', () => {
    const storage = memoryStorage();
    expect(isFirstVisit('u1', '2026-11-26T09:00:00Z', now, storage)).toBe(true);
    expect(greetingLine('Maya', true)).toBe('Welcome, Maya!');
    rememberGreeted('u1', storage);
    expect(isFirstVisit('u1', '2026-11-26T09:00:00Z', now, storage)).toBe(false);
    expect(greetingLine('Maya', false)).toBe('Welcome back, Maya!');
  });

  it('says "Welcome back" to an account older than a day, whatever the device remembers', () => {
    expect(isFirstVisit('u1', '2026-11-20T09:00:00Z', now, memoryStorage())).toBe(false);
  });

  it('falls back to "friend" while the name is unknown', () => {
    expect(greetingLine(undefined, false)).toBe('Welcome back, friend!');
  });
});
