// Reusable server side of the upload flow: the browser PUTs a file to a signed address from
// POST /api/objects/upload, then hands that address (or the /objects/ path) to a feature call
// such as PUT /api/merchant/logo {logoUrl}. This turns it into the stored path, after checking
// that the object exists and was uploaded by the same user.
import { invalid } from '../domain-error.ts';
import type { Services } from '../services.ts';
import { markUploadAttached } from './uploads.ts';
import { logError } from '../ports/log.ts';
import { objectKeyFromAddress } from './upload-signing.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

export const uploadKeyPrefix = (userId: string) => `uploads/${userId}/`;

/** The `/objects/<key>` path of an object this user uploaded; 400 for anything else. */
export async function resolveUploadedObject(s: Pick<Services, 'tx' | 'objects'>, address: string, userId: string, field = 'logoUrl'): Promise<string> {
  const key = objectKeyFromAddress(address);
  if (!key || !key.startsWith(uploadKeyPrefix(userId))) throw invalid(fieldMessage(field, 'must be an address from your own upload'));
  if (!(await s.objects.exists(key))) throw invalid(fieldMessage(field, 'names no uploaded file; upload the file first'));
  // Attached: the unattached-upload cleanup keeps it (decision 089).
  await s.tx.asService((q) => markUploadAttached(q, key));
  return `/objects/${key}`;
}

/** Deletes a stored object named by an /objects/ path we wrote, ignoring anything else. */
export async function deleteStoredObject(s: Pick<Services, 'objects'>, storedPath: string | null): Promise<void> {
  const key = storedPath ? objectKeyFromAddress(storedPath) : null;
  if (!key) return;
  try {
    await s.objects.delete(key);
  } catch (error) {
    logError('Could not delete a replaced object', error);
  }
}
