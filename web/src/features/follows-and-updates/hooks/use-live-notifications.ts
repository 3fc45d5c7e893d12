import { useQuery } from '@tanstack/react-query';
import { MAX_FOLLOWED_TOPICS, merchantTopic, userTopic } from '@shared/realtime-topics.ts';
import { useUser } from '@/lib/auth/get-me';
import { useLiveQueries } from '@/lib/realtime/realtime-provider';
import { followingQueryOptions } from '../api/get-following';
import { notificationKeys } from '../api/keys';

const NO_TOPICS: readonly string[] = [];

/**
 * Keeps the member's notifications (list and unread count) current without a reload (decision 180): refetched
 * on each message on their private topic (one read in another tab) and on the topics of the businesses they
 * follow (one message per post, however many followers), at most MAX_FOLLOWED_TOPICS of them, the most recently
 * followed; and whenever the realtime connection comes back (which includes the page being seen again).
 */
export function useLiveNotifications() {
  const { user } = useUser();
  const member = user?.role === 'USER';
  // The same list the follow buttons read (one request for the screen).
  const { data: followedTopics = NO_TOPICS } = useQuery({
    ...followingQueryOptions(),
    enabled: member,
    select: (list) => list.slice(0, MAX_FOLLOWED_TOPICS).map((business) => merchantTopic(business.id)),
  });
  useLiveQueries(member ? [userTopic(user.id), ...followedTopics] : null, notificationKeys.list);
}
