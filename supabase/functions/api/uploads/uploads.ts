// Uploads and the profile picture (decision 177: the SQL of uploads/router.ts and uploads/profile-picture-router.ts, and of
// uploads/uploaded-object.ts and uploads/upload-cleanup.ts: attaching an upload, and forgetting those never attached).
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

/** Marks an upload attached to what uses it, so the unattached-upload cleanup keeps it (decision 089). Service_role. */
export async function markUploadAttached(q: Query, key: string): Promise<void> {
  await q(`update private.uploads set attached_at = coalesce(attached_at, now()) where key = $1`, [key]);
}

/** The oldest `batch` uploads never attached and older than `olderThanHours` (service_role). */
export async function unattachedUploads(q: Query, olderThanHours: number, batch: number): Promise<string[]> {
  const rows = await q<{ key: string }>(
    `select key from private.uploads
      where attached_at is null and created_at < now() - make_interval(hours => $1::int)
      order by created_at limit $2`,
    [olderThanHours, batch],
  );
  return rows.map((r) => r.key);
}

/** Forgets an unattached upload whose object was deleted (service_role); an upload attached meanwhile stays. */
export async function forgetUnattachedUpload(q: Query, key: string): Promise<void> {
  await q(`delete from private.uploads where key = $1 and attached_at is null`, [key]);
}
