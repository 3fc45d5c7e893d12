// Server-side image checks for every upload path (signed PUT, profile picture, merchant logo).
import { MAX_UPLOAD_BYTES } from '../../_shared/constants.ts';
import { detectImageType, imageProblem, type ImageType } from '../../_shared/images.ts';
import { HttpError } from './http-error.ts';

export interface CheckedImage {
  bytes: Uint8Array;
  contentType: ImageType;
}

/** Throws 413 (too large) or 415 (not a png/jpeg/gif/webp by its bytes) with the spec's messages. */
export function checkImageBytes(bytes: Uint8Array): CheckedImage {
  const problem = imageProblem(bytes.byteLength, bytes);
  if (problem) throw new HttpError(problem.kind === 'too-large' ? 413 : 415, problem.message);
  return { bytes, contentType: detectImageType(bytes)! };
}

/** Multipart bodies may carry this much besides the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
