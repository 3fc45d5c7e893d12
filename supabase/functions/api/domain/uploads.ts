// Uploads and the profile picture (decision 177: the SQL of routes/objects.ts and routes/profile-picture.ts).
import type { Query } from '../db/database.ts';

/**
 * Reserves one upload address for the user, within the daily quota (decision 089: every address issued counts,
 * used or not). Runs as service_role; serialised per user by an advisory lock. False when the quota is used up.
 */
export async function reserveUpload(q: Query, userId: string, key: string, quotaPerDay: number): Promise<boolean> {
  await q(`select pg_advisory_xact_lock(hashtext('uploads:' || $1))`, [userId]);
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from private.uploads where user_id = $1 and created_at > now() - interval '1 day'`, [userId]);
  if (row.n >= quotaPerDay) return false;
  await q(`insert into private.uploads (key, user_id) values ($1, $2)`, [key, userId]);
  return true;
}

/** Sets (or clears) the caller's profile picture; answers the previous one (to delete from storage). */
export async function swapProfilePicture(q: Query, path: string | null): Promise<string | null> {
  const [before] = await q<{ profile_picture: string | null }>(
    `select profile_picture from public.profiles where id = (select auth.uid()) for update`);
  await q(`update public.profiles set profile_picture = $1 where id = (select auth.uid())`, [path]);
  return before?.profile_picture ?? null;
}
