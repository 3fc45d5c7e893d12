import { expect, it } from 'vitest';
import { formatFollowingSince, formatNotificationTime } from './format-dates';

// Local times, so the test holds in any time zone.
const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

it('formats notification times as MMM d, h:mm a', () => {
  expect(formatNotificationTime(local(2026, 3, 5, 15, 7))).toBe('Mar 5, 3:07 PM');
  expect(formatNotificationTime(local(2026, 11, 22, 0, 5))).toBe('Nov 22, 12:05 AM');
});

it('formats the following date as MMM d, yyyy', () => {
  expect(formatFollowingSince(local(2026, 3, 5, 23, 59))).toBe('Mar 5, 2026');
});
