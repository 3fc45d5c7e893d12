// Realtime topic names and event names, free of zod so the web app's first screens can use them
// without pulling the contract's validators into the initial bundle. See docs/decisions/033.

/** A member's private topic: their notifications. Only that member may join. */
export const userTopic = (userId: string) => `user:${userId}`;
/** "Deals in this city changed", "a post of this city's community feed changed": ids only, any signed-in user may join. */
/** @public Named by the database triggers (decision 033). */
export const cityTopic = (cityId: string) => `city:${cityId}`;

/**
 * "This business told its followers something" (payload {id, type, merchantId}): one message per post, joined
 * by its followers whose app is open on a live screen (decision 180). Ids only; any signed-in user may join.
 */
export const merchantTopic = (merchantId: string) => `merchant:${merchantId}`;
/**
 * A member's app joins at most this many business topics (the most recently followed); posts of the others
 * show when the notification list is next loaded or the connection comes back (decision 180).
 */
export const MAX_FOLLOWED_TOPICS = 20;

export const TOPIC_PATTERN = /^(user|city|merchant):[0-9a-f-]{36}$/;

/** @public Event names the database triggers send (decision 033). */
export const REALTIME_EVENTS = {
  /** On merchant:<id>, payload {id, type, merchantId}: the business posted (a notification for its followers). */
  notification: 'notification',
  /** payload {id}: one of this member's notifications was marked read. */
  notificationRead: 'notification_read',
  /**
   * payload {dealId, merchantId, cityId, change: 'created' | 'updated' | 'deleted' | 'business' | 'coalesced'};
   * 'business' (dealId null): a business of the city was approved, suspended, renamed, moved or deleted;
   * 'coalesced' (dealId and merchantId null): changes that waited out the city's 5-second window (decision 180).
   */
  dealChanged: 'deal_changed',
  /**
   * On city:<id>, payload {postId, cityId, change: 'created' | 'edited' | 'deleted' | 'hidden' | 'restored'}: one message
   * per change of a post of the city's community feed, never one per reader (decision 196).
   */
  postChanged: 'post_changed',
} as const;
