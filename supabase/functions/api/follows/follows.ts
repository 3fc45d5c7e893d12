// Following a business (docs/spec.md sections 3, 4 and 7). Runs as the member: RLS limits rows to their own.
// A follow opens a follow period and an unfollow closes it (triggers; decision 180), which is what decides
// the member's notifications.
import type { FollowedBusiness } from '../../_shared/contract/notifications.ts';
import { type Query, type Statement, iso } from '../db/database.ts';

/** The business as the caller sees it (members see approved businesses only); null when unknown. */
export async function findFollowableBusiness(q: Query, id: string): Promise<{ active: boolean; own: boolean } | null> {
  const [row] = await q<{ active: boolean; own: boolean }>(
    `select m.active, m.owner_user_id = (select auth.uid()) as own from public.merchants m where m.id = $1`,
    [id],
  );
  return row ?? null;
}

export const isFollowing = async (q: Query, merchantId: string) =>
  (await q(`select 1 from public.follows where user_id = (select auth.uid()) and merchant_id = $1`, [merchantId])).length > 0;

/** Follows the business; false when the caller already followed it. */
export async function follow(q: Query, merchantId: string): Promise<boolean> {
  const inserted = await q(
    `insert into public.follows (user_id, merchant_id) values ((select auth.uid()), $1)
     on conflict (user_id, merchant_id) do nothing returning merchant_id`,
    [merchantId],
  );
  return inserted.length > 0;
}

/** Unfollows the business; false when the caller did not follow it. */
export async function unfollow(q: Query, merchantId: string): Promise<boolean> {
  const removed = await q(
    `delete from public.follows where user_id = (select auth.uid()) and merchant_id = $1 returning merchant_id`,
    [merchantId],
  );
  return removed.length > 0;
}

/** private.member_following (supabase/schemas/follows.sql): RLS decides; its plan is kept per session. */
const followingSql = `select * from private.member_following()`;

/** The following list's one statement, also sent ahead with the session lookup (decision 130). */
export const followingListStatement = (): Statement => ({ text: followingSql, params: [] });

/** The businesses the caller follows, newest follow first. */
export type FollowingRow = Omit<FollowedBusiness, 'followedAt'> & { followedAt: Date | string };
export const toFollowing = (rows: FollowingRow[]): FollowedBusiness[] =>
  rows.map((r): FollowedBusiness => ({ ...r, followedAt: iso(r.followedAt) }));
