import type { PushKey, PushSubscriptionInput } from '@shared/contract/push.ts';
import { apiJson } from '@/lib/api-client';

/** GET /api/push/key: the VAPID public key pushManager.subscribe needs. */
export const getPushKey = () => apiJson<PushKey>('GET', '/api/push/key');

/** POST /api/push/subscriptions: this device's endpoint and keys. */
export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  apiJson<{ subscribed: boolean }>('POST', '/api/push/subscriptions', subscription);

/** DELETE /api/push/subscriptions: this device no longer gets push messages. */
export const removePushSubscription = (endpoint: string) =>
  apiJson<{ removed: boolean }>('DELETE', '/api/push/subscriptions', { endpoint });
