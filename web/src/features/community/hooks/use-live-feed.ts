import { REALTIME_EVENTS, cityTopic } from '@shared/realtime-topics.ts';
import { useLiveQueries } from '@/lib/realtime/realtime-provider';
import { communityKeys } from '../api/keys';

const POST_EVENTS = [REALTIME_EVENTS.postChanged] as const;

/**
 * The feed stays current while it is on screen: its city's topic (the one the deal list joins) carries one
 * post_changed per post change, and each reads the feed again; so does a connection that comes back (decision 196).
 */
export function useLiveFeed(cityId: string | null) {
  useLiveQueries(cityId ? cityTopic(cityId) : null, communityKeys.feed, POST_EVENTS);
}
