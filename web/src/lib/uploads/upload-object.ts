import type { ObjectStoredAnswer, ObjectUploadAnswer } from '@shared/contract/index.ts';
import { apiJson } from '../api-client';
import { ApiError } from '../api-error';
import { imageFileProblem } from './image-check';

export interface UploadedObject {
  /** The signed address the file went to: what PUT /api/merchant/logo {logoUrl} expects. */
  uploadURL: string;
  /** Where the stored file is served (/objects/...). */
  objectPath: string;
}

/** A user-facing upload error: the server's or the client check's message. */
export class UploadError extends Error {}

async function messageOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return text || res.statusText;
}

/**
 * The upload flow of docs/spec.md section 7: checks the file, asks POST /api/objects/upload for a signed
 * address and PUTs the file there. An expired address (403 "Request has expired") is replaced
 * and retried once; other 4xx answers become UploadErrors with the server's message.
 */
export async function uploadImage(file: File): Promise<UploadedObject> {
  const problem = await imageFileProblem(file);
  if (problem) throw new UploadError(problem);
  for (let attempt = 0; ; attempt++) {
    const { uploadURL } = await apiJson<ObjectUploadAnswer>('POST', '/api/objects/upload');
    const res = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type }, credentials: 'include' });
    if (res.ok) return { uploadURL, objectPath: ((await res.json()) as ObjectStoredAnswer).objectPath };
    const message = await messageOf(res);
    if (res.status === 403 && message === 'Request has expired' && attempt === 0) continue;
    if (res.status === 401) throw new UploadError('Authorization required. Please sign in again.');
    if (res.status >= 400 && res.status < 500) throw new UploadError(message);
    throw new ApiError(res.status, message, res.statusText);
  }
}
