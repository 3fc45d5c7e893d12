// A member's devices for Web Push (decision 110). Runs as the caller: RLS limits reads and deletes to their
// own rows; saving goes through private.save_push_subscription (an endpoint stays its first account's: 409; decision 176).
import type { PushSubscriptionInput } from '../../_shared/contract/push.ts';
import type { Query } from '../db/database.ts';

export async function saveSubscription(q: Query, input: PushSubscriptionInput): Promise<string> {
  const [row] = await q<{ id: string }>(
    `select private.save_push_subscription($1, $2, $3) as id`,
    [input.endpoint, input.keys.p256dh, input.keys.auth],
  );
  return row.id;
}

/** Removes the caller's device with this endpoint; false when they have none (RLS hides others'). */
export async function removeSubscription(q: Query, endpoint: string): Promise<boolean> {
  const rows = await q(`delete from public.push_subscriptions where endpoint = $1 returning id`, [endpoint]);
  return rows.length > 0;
}
