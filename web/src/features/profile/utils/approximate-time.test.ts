import { describe, expect, it } from 'vitest';
import { lastActiveText } from './approximate-time';

const now = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('lastActiveText', () => {
  it('says "now" within the 5 minutes the server may lag, then minutes, hours, days', () => {
    expect(lastActiveText(ago(4 * 60_000), now)).toBe('Active now');
    expect(lastActiveText(ago(-30_000), now)).toBe('Active now');
    expect(lastActiveText(ago(17 * 60_000), now)).toBe('Active 17 minutes ago');
    expect(lastActiveText(ago(61 * 60_000), now)).toBe('Active an hour ago');
    expect(lastActiveText(ago(5 * 3_600_000), now)).toBe('Active 5 hours ago');
    expect(lastActiveText(ago(30 * 3_600_000), now)).toBe('Active yesterday');
    expect(lastActiveText(ago(9 * 86_400_000), now)).toBe('Active 9 days ago');
  });
});
