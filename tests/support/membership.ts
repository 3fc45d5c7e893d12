// Active memberships for tests and benchmarks of member-only features: a running monthly
// test-provider subscription, which is what private.has_active_subscription(uuid) checks.
import type { OpenedDatabase } from '../../local/admin-sql.ts';

export async function activateMembers(database: OpenedDatabase, userIds: string[]): Promise<void> {
  await database.admin.query(
    `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                       current_period_start, current_period_end)
     select u, 'monthly', 'active', 'test', 'cus_test_' || u, 'sub_test_' || u || '_' || gen_random_uuid(), now(), now() + interval '1 month'
       from unnest($1::uuid[]) u
      where not private.has_active_subscription(u)`,
    [`{${userIds.join(',')}}`],
  );
}

export const activateMembership = (database: OpenedDatabase, userId: string) => activateMembers(database, [userId]);
