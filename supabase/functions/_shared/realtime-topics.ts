// Realtime topic names and event names, free of zod so the web app's first screens can use them
// without pulling the contract's validators into the initial bundle. See docs/decisions/033.

/** A member's private topic: their notifications. Only that member may join. */
export const userTopic = (userId: string) => `user:${userId}`;
/** "Deals in this city changed": ids only, any signed-in user may join. */
/** @public Named by the database triggers (decision 033). */
export const cityTopic = (cityId: string) => `city:${cityId}`;

export const TOPIC_PATTERN = /^(user|city|merchant):[0-9a-f-]{36}$/;

/** @public Event names the database triggers send (decision 033). */
export const REALTIME_EVENTS = {
  /** payload {id, type}: a notification was stored for this member. */
  notification: 'notification',
  /** payload {id}: one of this member's notifications was marked read. */
  notificationRead: 'notification_read',
  /**
   * payload {dealId, merchantId, cityId, change: 'created' | 'updated' | 'deleted' | 'business'};
   * 'business' (dealId null): a business of the city was approved, suspended, renamed, moved or deleted.
   */
  dealChanged: 'deal_changed',
} as const;
