// The push port (decision 110): one encrypted message to one device through its push service (RFC 8030).
// Adapter: web-push-sender.ts (RFC 8291 encryption + RFC 8292 VAPID over fetch); noPush when no keys are set.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** Shown by the service worker (web/public/push-sw.js). */
  payload: Record<string, unknown>;
  /** How long the push service keeps it for an offline device (TTL header, seconds). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/**
 * What the push service said: accepted (201); gone (404/410: the subscription is dead, remove it);
 * retry (429, 5xx, network: try later, after retryAfterSeconds when the service said so); rejected (other 4xx).
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  | { kind: 'rejected'; reason: string };

export interface PushPort {
  /** The VAPID public key browsers subscribe with (applicationServerKey); null: push is off. */
  readonly publicKey: string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** No keys: nothing can be sent (GET /api/push/key answers 404). */
export const noPush = (): PushPort => ({
  publicKey: null,
  send: async () => ({ kind: 'rejected', reason: 'push is not configured' }),
});
