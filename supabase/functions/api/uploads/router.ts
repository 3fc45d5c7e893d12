import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '../../_shared/constants.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../_shared/images.ts';
import type { ObjectStoredAnswer, ObjectUploadAnswer } from '../../_shared/contract/objects.ts';
import { type AppEnv, serviceTx } from '../http/context.ts';
import { sameSecret } from '../../_shared/tokens.ts';
import { cleanupUnattachedUploads } from './upload-cleanup.ts';
import { checkImageBytes } from '../http/image-upload.ts';
import { conflict, forbidden, HttpError } from '../http/http-error.ts';
import { uploadKeyPrefix } from './uploaded-object.ts';
import { checkUploadSignature, signUploadUrl } from './upload-signing.ts';
import { requireUser } from '../http/session.ts';
import { isValidObjectKey } from '../ports/objects/object-store.ts';
import { reserveUpload } from './uploads.ts';

export const objectRoutes = new Hono<AppEnv>();

/** A signed, expiring address for exactly one new object of the signed-in user. */
objectRoutes.post('/upload', async (c) => {
  const user = requireUser(c);
  const { uploadSigningSecret, uploadUrlTtlSeconds, uploadQuotaPerDay } = c.var.deps.config;
  const key = `${uploadKeyPrefix(user.id)}${crypto.randomUUID()}`;
  // Per-user quota (decision 089): every address issued counts, used or not.
  const reserved = await serviceTx(c, (q) => reserveUpload(q, user.id, key, uploadQuotaPerDay));
  if (!reserved) throw new HttpError(429, uploadQuotaMessage(uploadQuotaPerDay));
  const expires = Math.floor(Date.now() / 1000) + uploadUrlTtlSeconds;
  return c.json({ uploadURL: await signUploadUrl(uploadSigningSecret, key, expires) } satisfies ObjectUploadAnswer);
});

export const uploadQuotaMessage = (n: number) => `You have reached the upload limit (${n} a day). Please try again tomorrow.`;

/**
 * POST /api/objects/cleanup: deletes uploads never attached after a day (upload-cleanup.ts). For a
 * scheduled call (Supabase cron + pg_net): `Authorization: Bearer <OBJECT_UPLOAD_SECRET or service-role key>`.
 */
objectRoutes.post('/cleanup', async (c) => {
  const expected = `Bearer ${c.var.deps.config.uploadSigningSecret}`;
  const given = c.req.header('authorization') ?? '';
  if (!(await sameSecret(given, expected))) throw new HttpError(401, 'Authentication required');
  const deleted = await cleanupUnattachedUploads(c.var.deps.db, c.var.deps.objects);
  return c.json({ deleted });
});

const tooLarge = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES,
  onError: () => {
    throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  },
});

/** The PUT the signed address accepts: authorised by its signature alone, like a presigned URL. */
objectRoutes.put('/upload/*', tooLarge, async (c) => {
  const key = decodeURIComponent(c.req.path.slice(c.req.path.indexOf('/objects/upload/') + '/objects/upload/'.length));
  if (!isValidObjectKey(key)) throw forbidden('Invalid upload address');
  const check = await checkUploadSignature(
    c.var.deps.config.uploadSigningSecret, key, c.req.query('expires'), c.req.query('signature'), Math.floor(Date.now() / 1000),
  );
  if (check === 'expired') throw forbidden('Request has expired');
  if (check === 'invalid') throw forbidden('Invalid upload signature');
  const { objects } = c.var.deps;
  if (await objects.exists(key)) throw conflict('This upload address has already been used');
  const image = checkImageBytes(new Uint8Array(await c.req.arrayBuffer()));
  await objects.put(key, image.bytes, image.contentType);
  return c.json({ objectPath: `/objects/${key}` } satisfies ObjectStoredAnswer);
});
