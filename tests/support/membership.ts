// Active memberships for tests of member-only features.
// private.has_active_subscription(uuid) belongs to the subscriptions migration. Until that lands on
// this branch, tests install a stand-in backed by a test-only table (never shipped in a migration).
import type { OpenedDatabase } from '../../local/admin-sql.ts';

async function hasRealMembershipCheck(database: OpenedDatabase): Promise<boolean> {
  const [row] = await database.admin.query<{ fn: string | null; stand_in: string | null }>(
    `select to_regprocedure('private.has_active_subscription(uuid)')::text as fn,
            to_regclass('private.test_memberships')::text as stand_in`,
  );
  return row.fn !== null && row.stand_in === null;
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

/** Gives a user an active membership, by whatever the membership check reads. */
export async function activateMembership(database: OpenedDatabase, userId: string): Promise<void> {
  if (await hasRealMembershipCheck(database)) {
    throw new Error('Wire activateMembership to the subscriptions tables');
  }
  await ensureStandIn(database);
  await database.admin.query(`insert into private.test_memberships (user_id) values ($1) on conflict do nothing`, [userId]);
}

/** Active memberships for many users at once (benchmarks). */
export async function activateMembers(database: OpenedDatabase, userIds: string[]): Promise<void> {
  if (await hasRealMembershipCheck(database)) throw new Error('Wire activateMembers to the subscriptions tables');
  await ensureStandIn(database);
  await database.admin.query(
    `insert into private.test_memberships (user_id) select unnest($1::uuid[]) on conflict do nothing`, [`{${userIds.join(',')}}`]);
}

/** Makes sure the membership check exists (the stand-in, before the subscriptions migration lands). */
export async function ensureMembershipCheck(database: OpenedDatabase): Promise<void> {
  if (!(await hasRealMembershipCheck(database))) await ensureStandIn(database);
}

export async function deactivateMembership(database: OpenedDatabase, userId: string): Promise<void> {
  if (await hasRealMembershipCheck(database)) throw new Error('Wire deactivateMembership to the subscriptions tables');
  await database.admin.query(`delete from private.test_memberships where user_id = $1`, [userId]);
}
