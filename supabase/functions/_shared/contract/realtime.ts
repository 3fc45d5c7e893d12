import { z } from 'zod';

// Realtime topics and events, shared by the database triggers' conventions, the API and the web app.
// See docs/decisions/033-realtime-topics.md.

/** A member's private topic: their notifications. Only that member may join. */
export const userTopic = (userId: string) => `user:${userId}`;
/** "Deals in this city changed": ids only, any signed-in user may join. */
export const cityTopic = (cityId: string) => `city:${cityId}`;

export const TOPIC_PATTERN = /^(user|city):[0-9a-f-]{36}$/;

export const REALTIME_EVENTS = {
  /** payload {id, type}: a notification was stored for this member. */
  notification: 'notification',
  /** payload {id}: one of this member's notifications was marked read. */
  notificationRead: 'notification_read',
  /** payload {dealId, merchantId, cityId, change: 'created' | 'updated' | 'deleted'}. */
  dealChanged: 'deal_changed',
} as const;

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
 * short-lived JWT minted for this user.
 */
export const realtimeConnection = z.discriminatedUnion('transport', [
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
