import { MAX_UPLOAD_BYTES } from '@shared/constants.ts';
import { IMAGE_SIGNATURE_BYTES, IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE, detectImageType } from '@shared/images.ts';

/**
 * Client-side checks before any upload (the server repeats them): at most 5 MB, and an image by
 * its declared type and by its first bytes. Returns the message to show, or null when fine.
 * Shared by the profile picture, the merchant logo and the community post photo.
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  if (!file.type.startsWith('image/')) return INVALID_IMAGE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  return detectImageType(head) ? null : INVALID_IMAGE_MESSAGE;
}
