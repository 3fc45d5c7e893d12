import { REALTIME_EVENTS_PATH, userTopic } from '../../../_shared/contract/realtime.ts';
import type { RealtimePort } from './realtime-port.ts';

/**
 * Embedded stack: the local runner LISTENs to the database's NOTIFYs and streams each user's
 * messages over server-sent events, authenticated by the same session cookie as the API.
 */
export function sseRealtime(eventsUrl = REALTIME_EVENTS_PATH): RealtimePort {
  return {
    connectionFor: async (user) => ({ transport: 'sse', userTopic: userTopic(user.id), eventsUrl }),
  };
}
