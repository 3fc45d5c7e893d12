import { userTopic } from '@shared/realtime-topics.ts';
import { useUser } from '@/lib/auth/get-me';
import { useLiveQueries } from '@/lib/realtime/realtime-provider';
import { notificationKeys } from '../api/keys';

/**
 * Keeps the member's notifications (list and unread count) current without a reload: refetched on
 * each message on their private topic (new notification, one read in another tab) and whenever
 * the realtime connection comes back.
 */
export function useLiveNotifications() {
  const { user } = useUser();
  useLiveQueries(user?.role === 'USER' ? userTopic(user.id) : null, notificationKeys.list);
}
