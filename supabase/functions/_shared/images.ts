// Image checks shared by the API (authoritative) and the web app (early feedback): the type is
// read from the file's first bytes, never from its name or the declared content type.
import { MAX_UPLOAD_BYTES } from './constants.ts';

export const INVALID_IMAGE_MESSAGE = 'Please select a valid image file.';
export const IMAGE_TOO_LARGE_MESSAGE = 'File size must be less than 5MB.';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type of a file's leading bytes (magic numbers), or null when it is not a supported image. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** How many leading bytes detectImageType needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

export type ImageProblem = { kind: 'too-large' | 'not-an-image'; message: string };

/** The first problem with an upload, or null: size first (cheap), then the bytes' type. */
export function imageProblem(size: number, head: Uint8Array): ImageProblem | null {
  if (size > MAX_UPLOAD_BYTES) return { kind: 'too-large', message: IMAGE_TOO_LARGE_MESSAGE };
  if (size === 0 || !detectImageType(head)) return { kind: 'not-an-image', message: INVALID_IMAGE_MESSAGE };
  return null;
}

/** Display rule (docs/spec.md section 3): a stored path that does not begin with /objects/ gets that prefix. */
export function objectDisplayPath(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/objects/')) return path;
  return `/objects/${path.replace(/^\/+/, '')}`;
}
