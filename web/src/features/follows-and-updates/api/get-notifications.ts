import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@shared/contract/index.ts';
import { notificationKeys } from './keys';

/** GET /api/notifications: the member's latest notifications, newest first. */
export const notificationsQueryOptions = () => queryOptions<Notification[]>({ queryKey: notificationKeys.list });

export const useNotifications = () => useQuery(notificationsQueryOptions());

/** Unread count for the member header, from the same cached list. */
export const useUnreadNotificationCount = () =>
  useQuery({ ...notificationsQueryOptions(), select: (list) => list.filter((n) => !n.isRead).length }).data ?? 0;
