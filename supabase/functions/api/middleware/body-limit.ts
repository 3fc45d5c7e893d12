import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../lib/http-error.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from '../lib/image-upload.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../_shared/images.ts';

/** Every JSON body of the API fits in this (the longest text field is a few hundred characters). */
export const JSON_BODY_MAX_BYTES = 16 * 1024;
/** Stripe event payloads are larger than our own JSON bodies; the signature is checked after reading. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';

const tooLarge = () => {
  throw new HttpError(413, BODY_TOO_LARGE_MESSAGE);
};

// Uploads say what the upload screens say (the spec's image message).
const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_REQUEST_BYTES,
  onError: () => {
    throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  },
});
const webhookLimit = bodyLimit({ maxSize: WEBHOOK_BODY_MAX_BYTES, onError: tooLarge });
const jsonLimit = bodyLimit({ maxSize: JSON_BODY_MAX_BYTES, onError: tooLarge });

/** Upload routes take the upload cap (the routes narrow it further with the image messages). */
const isUpload = (path: string) => /^\/api\/(objects\/upload\/|auth\/profile-picture$)/.test(path);

/**
 * A size limit on every request body, applied before anything reads it: a declared Content-Length
 * over the limit is refused without reading; a streamed body is counted as it arrives and refused
 * (413 `{message}`) the moment it passes the limit, so the rest is never read or buffered.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) => {
  // GET and HEAD carry no body a handler could read (a Request cannot have one); asking for it made the
  // Node adapter build a full Request per read (decision 140).
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const path = c.req.path;
  if (isUpload(path)) return uploadLimit(c, next);
  if (path.startsWith('/api/stripe/webhook')) return webhookLimit(c, next);
  return jsonLimit(c, next);
};
