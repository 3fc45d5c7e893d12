import { expect, it } from 'vitest';
import { EDGE_CLASSES, notificationKind, unreadBadgeText } from './notification-style';

it('maps NEW_DEAL to green, BUSINESS_UPDATE to blue and anything else to grey', () => {
  expect(EDGE_CLASSES[notificationKind('NEW_DEAL')]).toContain('green');
  expect(EDGE_CLASSES[notificationKind('BUSINESS_UPDATE')]).toContain('blue');
  expect(EDGE_CLASSES[notificationKind('SYSTEM')]).toContain('stone');
  expect(notificationKind('new_deal')).toBe('other');
});

it('caps the unread badge at 99+', () => {
  expect(unreadBadgeText(7)).toBe('7');
  expect(unreadBadgeText(99)).toBe('99');
  expect(unreadBadgeText(100)).toBe('99+');
});
