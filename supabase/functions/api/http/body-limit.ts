import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { HttpError } from './http-error.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from './image-upload.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../_shared/images.ts';

/** Every JSON body of the API fits in this (the longest text field is a few hundred characters). */
export const JSON_BODY_MAX_BYTES = 16 * 1024;
/** Stripe event payloads are larger than our own JSON bodies; the signature is checked after reading. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
/**
 * How long a client has to send its whole body once the headers are in (decision 175). A phone on a poor
 * connection sends a 16 KB JSON body in well under a second; an upload (at most a few MB) in well under this.
 */
export const BODY_READ_TIMEOUT_MS = 20_000;
export const BODY_TOO_SLOW_MESSAGE = 'The request body arrived too slowly. Please try again.';

const BODY_UNREADABLE_MESSAGE = 'The request body could not be read.';

/** Upload routes take the upload cap (the routes narrow it further with the image messages). */
const isUpload = (path: string) => /^\/api\/(objects\/upload\/|auth\/profile-picture$)/.test(path);

function limitFor(path: string): { max: number; message: string } {
  if (isUpload(path)) return { max: MAX_UPLOAD_REQUEST_BYTES, message: IMAGE_TOO_LARGE_MESSAGE };
  if (path.startsWith('/api/stripe/webhook')) return { max: WEBHOOK_BODY_MAX_BYTES, message: BODY_TOO_LARGE_MESSAGE };
  return { max: JSON_BODY_MAX_BYTES, message: BODY_TOO_LARGE_MESSAGE };
}

/**
 * Reads the whole body, at most `max` bytes and within `deadlineMs`: 413 the moment it passes the limit (the rest
 * is never read), 408 when the client stops sending. Null when the request has no body.
 */
async function readBody(request: Request, max: number, message: string, deadlineMs: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, BODY_TOO_SLOW_MESSAGE)), deadlineMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([
        reader.read().catch(() => { throw new HttpError(400, BODY_UNREADABLE_MESSAGE); }),
        late,
      ]);
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new HttpError(413, message);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) { body.set(chunk, at); at += chunk.byteLength; }
  return body;
}

/**
 * Every request body is read in full, within its size limit and a time limit, BEFORE any later middleware runs
 * (decision 175): the session middleware opens the request's database transaction, and a client that sends its
 * body slowly (or never) must not hold that connection. A declared Content-Length over the limit is refused
 * without reading; a streamed body is counted as it arrives and refused (413 `{message}`) the moment it passes the
 * limit; a body that has not arrived within BODY_READ_TIMEOUT_MS is refused with 408. The handlers then read the
 * buffered copy.
 */
export function bodyLimits(deadlineMs = BODY_READ_TIMEOUT_MS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // GET and HEAD carry no body a handler could read (a Request cannot have one); asking for it made the
    // Node adapter build a full Request per read (decision 140).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { max, message } = limitFor(c.req.path);
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > max) throw new HttpError(413, message);
    const body = await readBody(c.req.raw, max, message, deadlineMs);
    if (body) c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers: c.req.raw.headers, body });
    return next();
  };
}
