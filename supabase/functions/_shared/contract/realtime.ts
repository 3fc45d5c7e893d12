import { z } from 'zod';

// Realtime topics and events, shared by the database triggers' conventions, the API and the web app.
// See docs/decisions/033-realtime-topics-and-transport.md.

export { TOPIC_PATTERN, userTopic } from '../realtime-topics.ts';

/** One message as every transport delivers it to the browser. */
export const realtimeMessage = z.object({
  topic: z.string(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type RealtimeMessage = z.infer<typeof realtimeMessage>;

/**
 * GET /api/realtime/token: how this signed-in browser connects. Embedded stack: server-sent events
 * from the local runner (the session cookie authenticates). Production: Supabase Realtime with a
 * short-lived JWT minted for this user. `none`: this server has no realtime (the browser stays
 * correct by refetching; it does not retry).
 */
export const realtimeConnection = z.discriminatedUnion('transport', [
  z.object({ transport: z.literal('none') }),
  z.object({ transport: z.literal('sse'), userTopic: z.string(), eventsUrl: z.string() }),
  z.object({
    transport: z.literal('supabase'),
    userTopic: z.string(),
    url: z.string(),
    apiKey: z.string(),
    token: z.string(),
    expiresAt: z.string(),
  }),
]);
export type RealtimeConnection = z.infer<typeof realtimeConnection>;

/** Path of the embedded stack's event stream (served by the local runner, not the Edge Function). */
export const REALTIME_EVENTS_PATH = '/api/realtime/events';
