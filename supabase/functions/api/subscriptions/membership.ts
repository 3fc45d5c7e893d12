// Membership as the API sees it. The one definition of an active member is SQL
// (private.has_active_subscription in supabase/schema.sql); these ask it for the caller.
import type { Query } from '../db/database.ts';

/** When the caller's active membership ends, or null without one. */
export async function callerMembershipEndsAt(q: Query): Promise<Date | null> {
  const [row] = await q<{ ends_at: Date | string | null }>(`select private.caller_membership_ends_at() as ends_at`);
  return row?.ends_at ? new Date(row.ends_at) : null;
}
