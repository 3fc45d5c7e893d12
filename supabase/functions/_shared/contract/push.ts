import { z } from 'zod';

/** Longest push endpoint accepted (real ones are 150-500 characters). */
export const PUSH_ENDPOINT_MAX = 1024;
/** Devices one member may turn push on for (the database enforces the same number). */
export const PUSH_DEVICES_MAX = 10;

/** GET /api/push/key: the VAPID public key (base64url, uncompressed P-256 point) for pushManager.subscribe. */
export const pushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKey>;

export const pushEndpoint = z.string().trim()
  .max(PUSH_ENDPOINT_MAX, `must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'must be an https address' }));

/** POST /api/push/subscriptions: PushSubscription.toJSON() of one device (expirationTime is ignored). */
export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    // base64url of a 65-byte P-256 point and of a 16-byte secret (RFC 8291), without padding.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/push/subscriptions: which device to turn off. */
export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint });
