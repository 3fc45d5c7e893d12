// Active memberships for tests and benchmarks of member-only features.
// private.has_active_subscription(uuid) belongs to the subscriptions migration: a member is active
// while a row of public.subscriptions has status 'active' and a period that has not ended. Before
// that migration is present, a stand-in backed by a test-only table is installed (never shipped).
import type { OpenedDatabase } from '../../local/admin-sql.ts';

async function hasSubscriptionsTable(database: OpenedDatabase): Promise<boolean> {
  const [row] = await database.admin.query<{ table: string | null }>(`select to_regclass('public.subscriptions')::text as table`);
  return row.table !== null;
}

async function ensureStandIn(database: OpenedDatabase) {
  await database.admin.exec(`
    create table if not exists private.test_memberships (user_id uuid primary key);
    create or replace function private.has_active_subscription(user_id uuid) returns boolean
    language sql stable security definer set search_path = ''
    as $$ select exists (select 1 from private.test_memberships t where t.user_id = $1) $$;
    revoke execute on function private.has_active_subscription(uuid) from public, anon;
    grant execute on function private.has_active_subscription(uuid) to authenticated, service_role;
  `);
}

/** Makes sure the membership check exists (the stand-in, before the subscriptions migration lands). */
export async function ensureMembershipCheck(database: OpenedDatabase): Promise<void> {
  if (!(await hasSubscriptionsTable(database))) await ensureStandIn(database);
}

/** Active memberships (a running monthly test-provider subscription) for the given users. */
export async function activateMembers(database: OpenedDatabase, userIds: string[]): Promise<void> {
  const ids = `{${userIds.join(',')}}`;
  if (await hasSubscriptionsTable(database)) {
    await database.admin.query(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
                                         current_period_start, current_period_end)
       select u, 'monthly', 'active', 'test', 'cus_test_' || u, 'sub_test_' || u || '_' || gen_random_uuid(), now(), now() + interval '1 month'
         from unnest($1::uuid[]) u
        where not private.has_active_subscription(u)`,
      [ids],
    );
    return;
  }
  await ensureStandIn(database);
  await database.admin.query(`insert into private.test_memberships (user_id) select unnest($1::uuid[]) on conflict do nothing`, [ids]);
}

export const activateMembership = (database: OpenedDatabase, userId: string) => activateMembers(database, [userId]);
