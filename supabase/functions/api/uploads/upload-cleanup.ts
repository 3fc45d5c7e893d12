import { serviceClaims, type Database } from '../db/database.ts';
import { forgetUnattachedUpload, unattachedUploads } from './uploads.ts';
import type { ObjectStore } from '../ports/objects/object-store.ts';
import { logError } from '../ports/log.ts';

/** Uploads never attached to anything are deleted after this long (decision 089). */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;

/**
 * Deletes objects uploaded through a signed address but never attached (e.g. a logo picked and then
 * abandoned) once they are older than `olderThanHours`, with their rows. Called by the local runner's
 * background loop and by POST /api/objects/cleanup (a scheduled call in production). Returns how many.
 */
export async function cleanupUnattachedUploads(
  db: Database, objects: ObjectStore, olderThanHours = UNATTACHED_UPLOAD_TTL_HOURS, batch = 500,
): Promise<number> {
  const keys = await db.transaction(serviceClaims, (q) => unattachedUploads(q, olderThanHours, batch));
  let deleted = 0;
  for (const key of keys) {
    try {
      await objects.delete(key);
    } catch (error) {
      logError('Could not delete an unattached upload', error);
      continue;
    }
    await db.transaction(serviceClaims, (q) => forgetUnattachedUpload(q, key));
    deleted++;
  }
  return deleted;
}
